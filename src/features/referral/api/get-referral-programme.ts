import { queryOptions, useQuery } from '@tanstack/react-query'
import { DEFAULT_LOCALE } from '../../../../contract/constants'
import type { ReferralProgramme } from '../../../../contract/coupon'
import { apiGet } from '@/lib/api-client'

export const getReferralProgramme = (signal?: AbortSignal): Promise<ReferralProgramme> =>
  apiGet<{ data: ReferralProgramme }>('/referral/programme', { locale: DEFAULT_LOCALE, signal }).then((r) => r.data)

/** What each side of a referral gets: figures only, the same for everyone and in every language (so one entry, asked in any language). */
export const referralProgrammeQueryOptions = () =>
  queryOptions({ queryKey: ['referral-programme'], queryFn: ({ signal }) => getReferralProgramme(signal), staleTime: 5 * 60_000 })

export const useReferralProgramme = () => useQuery(referralProgrammeQueryOptions())
