import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { toast } from '../../../lib/toast'
import { useLocale } from '../../../lib/i18n'
import { addFavourite } from './add-favourite'
import { favouriteIdsQueryOptions } from './get-favourite-ids'
import { removeFavourite } from './remove-favourite'
import { WISHLIST_KEY } from './wishlist-keys'

/**
 * Marks or unmarks a favourite: the heart changes at once, then the whole wishlist is reloaded
 * (spec section 4); a failure puts the heart back and says why. (A plain function rather than a
 * mutation hook: the heart is on the first page, and this keeps the mutation code out of it.)
 * Resolves to whether the server took the change.
 */
export function useToggleFavourite(): (productId: number, favourite: boolean) => Promise<boolean> {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useCallback(
    async (productId, favourite) => {
      const idsKey = favouriteIdsQueryOptions(locale).queryKey
      await queryClient.cancelQueries({ queryKey: idsKey })
      const previous = queryClient.getQueryData(idsKey)
      queryClient.setQueryData(idsKey, (ids = []) => (favourite ? [...new Set([...ids, productId])] : ids.filter((id) => id !== productId)))
      try {
        await (favourite ? addFavourite(productId, locale) : removeFavourite(productId, locale))
        return true
      } catch (error) {
        queryClient.setQueryData(idsKey, previous)
        toast.error(error instanceof Error ? error.message : String(error), { id: 'favourite-failed' })
        return false
      } finally {
        void queryClient.invalidateQueries({ queryKey: WISHLIST_KEY })
      }
    },
    [locale, queryClient],
  )
}
