import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Recipient } from '../../../../contract/recipient'
import { apiDelete } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { RECIPIENTS_KEY } from '@/lib/recipient-book'

/** `DELETE /recipient/{id}` answers the remaining recipients (a deleted default passes to the newest). */
export const deleteRecipient = (id: number, locale: Locale): Promise<Recipient[]> => apiDelete<{ data: Recipient[] }>(`/recipient/${id}`, { locale }).then((r) => r.data)

export function useDeleteRecipient() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteRecipient(id, locale),
    onSuccess: (rest) => queryClient.setQueryData(RECIPIENTS_KEY, rest),
  })
}
