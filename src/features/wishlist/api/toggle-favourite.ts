import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { useLocale } from '../../../lib/i18n'
import { addFavourite } from './add-favourite'
import { favouriteIdsQueryOptions } from './get-favourite-ids'
import { removeFavourite } from './remove-favourite'
import { WISHLIST_KEY } from './wishlist-keys'

/**
 * Marks or unmarks a favourite: the heart changes at once, then the whole wishlist is reloaded
 * (spec section 4); a failure puts the heart back and says why.
 */
export function useToggleFavourite() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  const idsKey = favouriteIdsQueryOptions(locale).queryKey
  return useMutation({
    mutationFn: ({ productId, favourite }: { productId: number; favourite: boolean }) => (favourite ? addFavourite(productId, locale) : removeFavourite(productId, locale)),
    onMutate: async ({ productId, favourite }) => {
      await queryClient.cancelQueries({ queryKey: idsKey })
      const previous = queryClient.getQueryData(idsKey)
      queryClient.setQueryData(idsKey, (ids = []) => (favourite ? [...new Set([...ids, productId])] : ids.filter((id) => id !== productId)))
      return { previous }
    },
    onError: (error, _vars, context) => {
      queryClient.setQueryData(idsKey, context?.previous)
      toast.error(error.message, { id: 'favourite-failed' })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
  })
}
