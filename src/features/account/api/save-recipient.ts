import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Recipient, RecipientInput } from '../../../../contract/recipient'
import { apiPost, apiPut } from '../../../lib/api-client'
import { useLocale } from '../../../lib/i18n'
import { ADDRESS_BOOK_KEY } from './get-address-book'

/** `POST /recipient` for a new one, `PUT /recipient/{id}` to replace one (both take RecipientInputSchema). */
export const saveRecipient = (id: number | null, input: RecipientInput, locale: Locale): Promise<Recipient> =>
  (id === null ? apiPost<{ data: Recipient }>('/recipient', input, { locale }) : apiPut<{ data: Recipient }>(`/recipient/${id}`, input, { locale })).then((r) => r.data)

export function useSaveRecipient() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: RecipientInput }) => saveRecipient(id, input, locale),
    // a new default changes the others' flag and the order: read the list again
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESS_BOOK_KEY }),
  })
}
