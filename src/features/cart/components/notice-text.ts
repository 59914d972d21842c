import { t } from '@lingui/core/macro'
import { formatPrice } from '@/lib/format-price'
import type { CartNotice } from '../stores/cart-rules'

/** A price or stock difference found at sync, in the shopper's words and the active language. */
export function describeNotice(notice: CartNotice): string {
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
}
