import { MEMBER_QUERY_ROOT } from '@/lib/query-client'

/** The plans on offer: the same for everyone, in the asking language. */
export const SUBSCRIPTION_PLANS_KEY = ['subscription', 'plans'] as const

/** The member's own snack box; cleared with the member's other queries on sign-out. */
export const MEMBER_SUBSCRIPTION_KEY = [MEMBER_QUERY_ROOT, 'subscription'] as const
