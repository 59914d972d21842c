/**
 * The snack box's plan ids, apart from the rest of contract/subscription.ts: the subscribe page's
 * address names one, and its check is in the browser's first download (every route's search
 * schema is), where the plans' texts, schemas and the district list that module brings are not.
 */
export const SUBSCRIPTION_PLAN_IDS = ['box-12', 'box-6', 'box-3', 'box-1'] as const
export type SubscriptionPlanId = (typeof SUBSCRIPTION_PLAN_IDS)[number]
