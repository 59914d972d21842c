import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { CartLineInput } from '../../../../contract/cart'
import type { Quote, ShipmentType } from '../../../../contract/checkout'
import type { Locale } from '../../../../contract/constants'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { CHECKOUT_KEY } from './checkout-keys'

export interface QuoteRequest {
  lines: CartLineInput[]
  coupon_code: string | null
  shipment: ShipmentType
}

/** The server's totals for these lines: subtotal, discount, logistics fee, the tax share and the amount. */
export const getQuote = (request: QuoteRequest, locale: Locale, signal?: AbortSignal): Promise<Quote> =>
  apiPost<{ data: Quote }>('/checkout/quote', request, { locale, signal }).then((r) => r.data)

/** Asked again whenever the lines, the coupon or the delivery method change; the last totals stay shown meanwhile. */
export const quoteQueryOptions = (locale: Locale, request: QuoteRequest) =>
  queryOptions({
    queryKey: [...CHECKOUT_KEY, 'quote', locale, request],
    queryFn: ({ signal }) => getQuote(request, locale, signal),
    enabled: request.lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  })

export const useQuote = (request: QuoteRequest) => useQuery(quoteQueryOptions(useLocale(), request))
