import { t } from '@lingui/core/macro'
import { toast } from '@/lib/toast'
import type { CartNotice } from '../stores/cart-rules'
import { describeNotice } from './notice-text'

/** Tells the shopper at once that a sync found new prices or less stock (the cart page lists them until dismissed). */
export function toastNotices(notices: CartNotice[]): void {
  toast.warning(t`Your cart has changed`, { id: 'cart-changed', description: notices.map(describeNotice).join(' ') })
}
