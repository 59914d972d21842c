/**
 * The chains' store maps (decision 75), shared by the checkout (a store for the order) and the
 * order page (another store for a parcel whose store closed).
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Locale } from '../../contract/constants'
import type { RecentStore, StoreChain, StorePick } from '../../contract/logistics'
import { apiGet, apiPost, isApiError } from './api-client'
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


/**
 * Leaving for a chain's map from a page: the pick is opened, then the browser posts its form. While
 * the pick is asked for the button says so (`opening`); a refusal is said (`problem`) and the
 * shopper may try again. A new try clears the last problem.
 */
export function useStoreMap() {
  const { t } = useLingui()
  const [opening, setOpening] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const open = async (input: Parameters<typeof openStorePick>[0]) => {
    if (opening) return
    setOpening(true)
    setProblem(null)
    try {
      goToMap((await openStorePick(input)).map)
    } catch (error) {
      setProblem(isApiError(error) ? error.message : t`Oops...Something went wrong`)
      setOpening(false)
    }
  }
  return { opening, problem, open }
}
