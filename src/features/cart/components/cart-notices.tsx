import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { CloseIcon } from '@/ui/icons'
import { AlertIcon } from '@/ui/more-icons'
import type { CartNotice } from '../stores/cart-rules'
import { cart } from '../stores/cart-store'
import { describeNotice } from './notice-text'

/** Prices and stock that changed since the shopper last saw them, until dismissed. */
export function CartNotices({ notices }: { notices: CartNotice[] }) {
  const { t } = useLingui()
  const titleId = useId()
  if (notices.length === 0) return null
  return (
    <section className="cart-notices" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-notices__title">
        <AlertIcon size={18} />
        {t`Your cart has changed`}
      </h2>
      <ul className="cart-notices__list">
        {notices.map((notice) => (
          <li key={notice.id} className="cart-notices__item">
            <span>{describeNotice(notice)}</span>
            <button type="button" className="icon-button cart-notices__dismiss" aria-label={t`Dismiss`} onClick={() => void cart.dismissNotice(notice.id)}>
              <CloseIcon size={16} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
