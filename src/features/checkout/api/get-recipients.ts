import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Recipient } from '../../../../contract/recipient'
import { apiGet } from '../../../lib/api-client'
import { useLocale } from '../../../lib/i18n'
import { RECIPIENTS_KEY } from './checkout-keys'

/** The member's saved recipients, the default first. */
export const getRecipients = (locale: Locale, signal?: AbortSignal): Promise<Recipient[]> =>
  apiGet<{ data: Recipient[] }>('/recipient', { locale, signal }).then((r) => r.data)

export const recipientsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: RECIPIENTS_KEY,
    queryFn: ({ signal }) => getRecipients(locale, signal),
  })

export const useRecipients = () => useQuery(recipientsQueryOptions(useLocale()))
