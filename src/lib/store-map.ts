/**
 * The chains' store maps (decision 75), shared by the checkout (a store for the order) and the
 * order page (another store for a parcel whose store closed).
 */
import { useQuery } from '@tanstack/react-query'
import type { Locale } from '../../contract/constants'
import type { RecentStore, StoreChain, StorePick } from '../../contract/logistics'
import { apiGet, apiPost } from './api-client'
import { useLocale } from './i18n'

/** Opens a chain's store map: the pick, with the form the browser posts to the map. */
export const openStorePick = (input: { chain: StoreChain; cash_on_pickup: boolean; locale: Locale; order_no?: string }): Promise<StorePick> =>
  apiPost<{ data: StorePick }>('/logistics/store-picks', input, { locale: input.locale }).then((r) => r.data)

/** The member's pick, with the store once the map sent it back. */
export const getStorePick = (tradeNo: string, locale: Locale): Promise<StorePick> =>
  apiGet<{ data: StorePick }>(`/logistics/store-picks/${encodeURIComponent(tradeNo)}`, { locale }).then((r) => r.data)

/** The stores of the member's latest pick-up orders, offered again without the map. */
export const useRecentStores = (enabled: boolean) => {
  const locale = useLocale()
  return useQuery({
    queryKey: ['logistics', 'recent-stores', locale],
    queryFn: () => apiGet<{ data: RecentStore[] }>('/logistics/recent-stores', { locale }).then((r) => r.data),
    enabled,
    staleTime: 5 * 60_000,
  })
}

/**
 * Leaves for the chain's map: a form posted by the browser itself (ECPay's map is a page of its
 * own, not an API), which comes back to the shop's map-reply address and from there to `back`.
 */
export function goToMap(map: StorePick['map']) {
  const form = document.createElement('form')
  form.method = 'post'
  form.action = map.action
  for (const [name, value] of Object.entries(map.fields)) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.append(input)
  }
  document.body.append(form)
  form.submit()
}

