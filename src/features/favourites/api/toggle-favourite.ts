import { useLingui } from '@lingui/react/macro'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Locale } from '../../../../contract/constants'
import { toast } from '@/lib/toast'
import { useLocale } from '@/lib/i18n'
import { addFavourite } from './add-favourite'
import { favouriteIdsQueryOptions } from './get-favourite-ids'
import { removeFavourite } from './remove-favourite'
import { WISHLIST_KEY } from './wishlist-keys'

interface ChangeOptions {
  queryClient: QueryClient
  locale: Locale
  /** what the removal's toast says, and its button */
  removed: { message: string; undo: string }
}

async function changeFavourite({ queryClient, locale, removed }: ChangeOptions, productId: number, favourite: boolean): Promise<boolean> {
  const idsKey = favouriteIdsQueryOptions(locale).queryKey
  await queryClient.cancelQueries({ queryKey: idsKey })
  const previous = queryClient.getQueryData(idsKey)
  queryClient.setQueryData(idsKey, (ids = []) => (favourite ? [...new Set([...ids, productId])] : ids.filter((id) => id !== productId)))
  const toastId = `favourite-removed-${productId}`
  try {
    await (favourite ? addFavourite(productId, locale) : removeFavourite(productId, locale))
    if (favourite) toast.dismiss(toastId)
    else
      toast.success(removed.message, {
        id: toastId,
        action: { label: removed.undo, onClick: () => void changeFavourite({ queryClient, locale, removed }, productId, true) },
      })
    return true
  } catch (error) {
    queryClient.setQueryData(idsKey, previous)
    toast.error(error instanceof Error ? error.message : String(error), { id: 'favourite-failed' })
    return false
  } finally {
    void queryClient.invalidateQueries({ queryKey: WISHLIST_KEY })
  }
}

/**
 * Marks or unmarks a favourite: the heart changes at once, then the whole wishlist is reloaded
 * (spec section 4); a failure puts the heart back and says why. A removal is announced with an
 * Undo that marks the product again (on the favourites page a mistaken tap takes the card away).
 * (A plain function rather than a mutation hook: the heart is on the first page, and this keeps
 * the mutation code out of it.) Resolves to whether the server took the change.
 */
export function useToggleFavourite(): (productId: number, favourite: boolean) => Promise<boolean> {
  const locale = useLocale()
  const queryClient = useQueryClient()
  const { t } = useLingui()
  const message = t`Removed from your favourites.`
  const undo = t`Undo`
  return useCallback(
    (productId, favourite) => changeFavourite({ queryClient, locale, removed: { message, undo } }, productId, favourite),
    [locale, queryClient, message, undo],
  )
}
