import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { PublicConfig } from '../../../../contract/shop'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

export const getShopConfig = (locale: Locale, signal?: AbortSignal): Promise<PublicConfig> =>
  apiGet<{ data: PublicConfig }>('/config', { locale, signal }).then((r) => r.data)

/** Links and contact details of this deployment; they do not change while the app runs. */
export const shopConfigQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['shop', 'config'],
    queryFn: ({ signal }) => getShopConfig(locale, signal),
    staleTime: Infinity,
    meta: { toastOnError: true },
  })

export const useShopConfig = () => useQuery(shopConfigQueryOptions(useLocale()))
