import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Recipient, RecipientInput } from '../../../../contract/recipient'
import { apiPost } from '../../../lib/api-client'
import { useLocale } from '../../../lib/i18n'
import { RECIPIENTS_KEY } from './checkout-keys'

/** Saves a recipient (validated with contract/recipient's RecipientInputSchema on both sides). */
export const createRecipient = (input: RecipientInput, locale: Locale): Promise<Recipient> =>
  apiPost<{ data: Recipient }>('/recipient', input, { locale }).then((r) => r.data)

export function useCreateRecipient() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RecipientInput) => createRecipient(input, locale),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECIPIENTS_KEY }),
  })
}
