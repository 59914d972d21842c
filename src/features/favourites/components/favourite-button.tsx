import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { rememberPendingAction } from '@/lib/pending-action'
import { toast } from '@/lib/toast'
import { useFavouriteIds } from '../api/get-favourite-ids'
import { useToggleFavourite } from '../api/toggle-favourite'
import { HeartIcon } from './heart-icon'
import './favourite-button.css'

interface FavouriteButtonProps {
  productId: number
  /** what the catalogue said (`is_favorite`), until the wishlist has loaded */
  favourite: boolean
  signedIn: boolean
  /** a visitor clicked: the app re-fetches the product (spec section 6) */
  onVisitor?: () => void
  appearance?: 'card' | 'page' | 'bar'
}

/**
 * The heart. A member marks or unmarks the product; a visitor is told to log in and gets the
 * sign-in dialog (through the spec's `?modal=sign`, which every page answers), and once signed in
 * there the product is marked (PendingFavourite).
 */
export function FavouriteButton({ productId, favourite, signedIn, onVisitor, appearance = 'card' }: FavouriteButtonProps) {
  const { t } = useLingui()
  const router = useRouter()
  const ids = useFavouriteIds(signedIn)
  const toggle = useToggleFavourite()
  const on = signedIn && (ids.data ? ids.data.includes(productId) : favourite)

  const onClick = (event: MouseEvent) => {
    // the card around the heart is a link
    event.preventDefault()
    event.stopPropagation()
    if (!signedIn) {
      toast.error(t`Please Log In.`, { id: 'please-log-in' })
      rememberPendingAction({ kind: 'favourite', productId })
      const url = new URL(window.location.href)
      url.searchParams.set('modal', 'sign')
      void router.navigate({ href: `${url.pathname}${url.search}${url.hash}`, resetScroll: false })
      onVisitor?.()
      return
    }
    void toggle(productId, !on)
  }

  return (
    <button type="button" className={`favourite favourite--${appearance}${on ? ' is-on' : ''}`} aria-pressed={on} aria-label={t`Favourite`} onClick={onClick}>
      <HeartIcon size={appearance === 'card' ? 20 : 24} filled={on} />
    </button>
  )
}
