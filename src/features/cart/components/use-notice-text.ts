import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { formatPrice } from '../../../lib/format-price'
import type { CartNotice } from '../stores/cart-rules'

/** A price or stock difference found at sync, in the shopper's words and language. */
export function useNoticeText(): (notice: CartNotice) => string {
  const { t } = useLingui()
  return useCallback(
    (notice: CartNotice) => {
      const { label, type } = notice
      switch (notice.kind) {
        case 'price': {
          const from = formatPrice(notice.from)
          const to = formatPrice(notice.to)
          return t`The price of ${label} (${type}) is now ${to} (it was ${from}).`
        }
        case 'stock': {
          const { from, to } = notice
          return to === 0 ? t`${label} (${type}) is sold out.` : t`Only ${to} of ${label} (${type}) left: you wanted ${from}.`
        }
        case 'gone':
          return t`${label} (${type}) is no longer in your cart.`
      }
    },
    [t],
  )
}
