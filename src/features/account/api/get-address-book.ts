import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Recipient } from '../../../../contract/recipient'
import { apiGet } from '../../../lib/api-client'
import { useLocale } from '../../../lib/i18n'
import { MEMBER_QUERY_ROOT } from '../../../lib/query-client'

/**
 * The same key as checkout's recipients (features/checkout/api/checkout-keys.ts): one cache for
 * `GET /recipient`, so an address edited here is the one checkout offers, and signing out drops it.
 */
export const ADDRESS_BOOK_KEY = [MEMBER_QUERY_ROOT, 'checkout', 'recipients'] as const

/** The member's saved recipients, the default first. */
export const getAddressBook = (locale: Locale, signal?: AbortSignal): Promise<Recipient[]> =>
  apiGet<{ data: Recipient[] }>('/recipient', { locale, signal }).then((r) => r.data)

export const addressBookQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ADDRESS_BOOK_KEY,
    queryFn: ({ signal }) => getAddressBook(locale, signal),
  })

export const useAddressBook = () => useQuery(addressBookQueryOptions(useLocale()))
