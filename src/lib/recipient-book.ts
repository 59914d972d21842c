import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../contract/constants'
import type { Recipient, RecipientInput } from '../../contract/recipient'
import { apiGet, apiPost, apiPut } from './api-client'
import { useLocale } from './i18n'
import { MEMBER_QUERY_ROOT } from './query-client'

// The member's saved recipients are read and saved by checkout, the address book and the snack
// box alike: one query key, so a recipient saved in one place is the one the others offer, and
// under the member root, so signing out drops it.

export const RECIPIENTS_KEY = [MEMBER_QUERY_ROOT, 'recipients'] as const

/** `GET /recipient`: the member's saved recipients, the default first. */
export const getRecipients = (locale: Locale, signal?: AbortSignal): Promise<Recipient[]> =>
  apiGet<{ data: Recipient[] }>('/recipient', { locale, signal }).then((r) => r.data)

export const recipientsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: RECIPIENTS_KEY,
    queryFn: ({ signal }) => getRecipients(locale, signal),
  })

/** `enabled: false` for a visitor, who has no address book. */
export const useRecipients = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...recipientsQueryOptions(useLocale()), enabled })

/** `POST /recipient` for a new one, `PUT /recipient/{id}` to replace one (both take RecipientInputSchema). */
export const saveRecipient = (id: number | undefined, input: RecipientInput, locale: Locale): Promise<Recipient> =>
  (id === undefined ? apiPost<{ data: Recipient }>('/recipient', input, { locale }) : apiPut<{ data: Recipient }>(`/recipient/${id}`, input, { locale })).then((r) => r.data)

export function useSaveRecipient() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: RecipientInput }) => saveRecipient(id, input, locale),
    // a new default changes the others' flag and the order: read the list again
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECIPIENTS_KEY }),
  })
}

/** The saved recipients as a form that offers them uses them: the list, whether it failed, saving a new one. */
export interface RecipientBook {
  /** undefined while loading */
  list: readonly Recipient[] | undefined
  failed: boolean
  save: (input: RecipientInput) => Promise<Recipient>
}

/** The member's recipient book; a visitor's (`signedIn` false) is empty and reads nothing. */
export function useRecipientBook(signedIn = true): RecipientBook {
  const recipients = useRecipients({ enabled: signedIn })
  const save = useSaveRecipient()
  return {
    list: signedIn ? recipients.data : [],
    failed: signedIn && recipients.isError && !recipients.data,
    save: (input) => save.mutateAsync({ input }),
  }
}
