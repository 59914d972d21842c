import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { htmlLang } from '@/lib/locale'
import { Picture } from '@/ui/picture'
import { formatPrice } from '@/lib/format-price'
import { Price } from '@/ui/price'
import { groupByProduct, subtotalOf } from '../stores/cart-groups'
import { itemCount, type CartItem } from '../stores/cart-rules'
import { cart } from '../stores/cart-store'
import { CartIcon } from './cart-icon'
import { TrashIcon } from './cart-icons'
import { CartNotices } from './cart-notices'
import { QuantityStepper } from './quantity-stepper'
import { RemoveLineDialog } from './remove-line-dialog'
import { stockNote } from './stock-note'
import { useCart } from './use-cart'
import './cart-view.css'

interface CartViewProps {
  /**
   * Where the way to checkout goes. The checkout is its own feature; until it exists the route
   * passes nothing and no button is shown.
   */
  checkoutSlot?: ReactNode
  /** the shop's free-shipping threshold (goods after discounts, whole TWD) as the server applies it; unknown: not shown */
  freeShippingFrom?: number
}

/** The cart page: lines grouped by product, quantities, stock, subtotal and what changed at the last sync. */
export function CartView({ checkoutSlot, freeShippingFrom }: CartViewProps) {
  const { t } = useLingui()
  const { lines, notices, ready, syncing, problem } = useCart()
  const [removing, setRemoving] = useState<CartItem | null>(null)
  if (!ready) return <CartSkeleton />
  const count = itemCount(lines)

  return (
    <div className="container cart-page">
      <div className="list-head">
        <h1 className="page-title">{t`Cart`}</h1>
        <p className="list-head__count">
          <Plural value={count} one="# item" other="# items" />
        </p>
      </div>
      <p className="cart-page__sync" role="status">
        {problem === 'offline'
          ? t`You are offline. Your changes are kept and will be sent when you are back online.`
          : problem === 'failed'
            ? t`Your cart could not be brought up to date. We will try again.`
            : syncing
              ? t`Updating your cart…`
              : null}
      </p>
      <CartNotices notices={notices} />
      {lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="cart-page__body">
          <ul className="cart-groups">
            {groupByProduct(lines).map((group) => (
              <li key={group.product_id}>
                <CartGroup label={group.label} image={group.image} productId={group.product_id} lines={group.variants} onRemove={setRemoving} />
              </li>
            ))}
          </ul>
          <aside className="cart-summary" aria-label={t`Order summary`}>
            <h2 className="cart-summary__title">{t`Order summary`}</h2>
            <dl className="cart-summary__facts">
              <div>
                <dt>{t`Items`}</dt>
                <dd>{count}</dd>
              </div>
              <div className="cart-summary__subtotal">
                <dt>{t`Subtotal`}</dt>
                <dd>
                  <Price min={subtotalOf(lines)} />
                </dd>
              </div>
            </dl>
            {freeShippingFrom === undefined ? null : <FreeShippingProgress subtotal={subtotalOf(lines)} threshold={freeShippingFrom} />}
            <p className="cart-summary__note">{t`Shipping is calculated at checkout.`}</p>
            {checkoutSlot}
          </aside>
        </div>
      )}
      <RemoveLineDialog line={removing} onClose={() => setRemoving(null)} />
    </div>
  )
}

interface CartGroupProps {
  productId: number
  label: string
  image: string
  lines: CartItem[]
  onRemove: (line: CartItem) => void
}

function CartGroup({ productId, label, image, lines, onRemove }: CartGroupProps) {
  const locale = useLocalePrefix()
  const headingId = `cart-product-${productId}`
  return (
    <article className="cart-group" aria-labelledby={headingId}>
      <Picture src={image} alt="" preset="product" sizes="(min-width: 640px) 96px, 72px" className="cart-group__image" />
      <div className="cart-group__body">
        <h2 id={headingId} className="cart-group__name">
          <Link to="/{-$locale}/product/detail/$id" params={{ locale, id: String(productId) }}>
            {label}
          </Link>
        </h2>
        <ul className="cart-lines">
          {lines.map((line) => (
            <CartLineRow key={line.id} line={line} onRemove={onRemove} />
          ))}
        </ul>
      </div>
    </article>
  )
}

function CartLineRow({ line, onRemove }: { line: CartItem; onRemove: (line: CartItem) => void }) {
  const { t } = useLingui()
  const { label, type } = line
  return (
    <li className="cart-line">
      <div className="cart-line__what">
        <p className="cart-line__type">{type}</p>
        <p className="cart-line__unit">
          <Price min={line.price} />
        </p>
        <StockMessage line={line} />
      </div>
      <div className="cart-line__controls">
        <QuantityStepper
          value={line.quantity}
          max={line.max_quantity}
          label={t`Quantity of ${label} (${type})`}
          disabled={line.max_quantity === 0}
          onChange={(quantity) => void cart.setQuantity(line.id, quantity)}
        />
        <Price min={line.price * line.quantity} className="cart-line__total" />
        <button type="button" className="icon-button cart-line__remove" aria-label={t`Remove ${label} (${type})`} onClick={() => onRemove(line)}>
          <TrashIcon size={20} />
        </button>
      </div>
    </li>
  )
}

function StockMessage({ line }: { line: CartItem }) {
  const { t } = useLingui()
  const lang = htmlLang(useLocale())
  const arrival = formatDate(line.arrival_date, lang)
  const note = stockNote(line)
  return (
    <>
      {note ? <p className={`cart-line__stock${note.warn ? ' is-warning' : ''}`}>{note.text}</p> : null}
      <p className="cart-line__arrival">
        {line.stock_type === 'PRE_ORDER' ? <span className="cart-line__tag">{t`Pre-order`}</span> : null}
        {t`Estimated arrival: ${arrival}`}
      </p>
    </>
  )
}

function formatDate(value: string, lang: string): string {
  const date = new Date(`${value}T00:00:00`)
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(date)
}

/** How far the cart is from free shipping, as a line and a bar; a coupon taken at checkout may lower the goods' total. */
function FreeShippingProgress({ subtotal, threshold }: { subtotal: number; threshold: number }) {
  const { t } = useLingui()
  const reached = subtotal >= threshold
  const missing = formatPrice(threshold - subtotal)
  const text = reached ? t`Free shipping on this order.` : t`Add ${missing} more for free shipping.`
  const percent = threshold > 0 ? Math.min(100, Math.round((subtotal / threshold) * 100)) : 100
  return (
    <div className={`free-shipping${reached ? ' is-reached' : ''}`}>
      <p className="free-shipping__text">{text}</p>
      <div className="free-shipping__bar" role="progressbar" aria-label={t`Towards free shipping`} aria-valuemin={0} aria-valuemax={threshold} aria-valuenow={Math.min(subtotal, threshold)} aria-valuetext={text}>
        <span className="free-shipping__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

function EmptyCart() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  return (
    <div className="cart-empty">
      <CartIcon size={48} />
      <h2 className="cart-empty__title">{t`Your cart is empty.`}</h2>
      <p className="cart-empty__text">{t`Find something you like and add it here.`}</p>
      <Link to="/{-$locale}/product/list" params={{ locale }} className="button button-primary">
        {t`Browse products`}
      </Link>
    </div>
  )
}

function CartSkeleton() {
  const { t } = useLingui()
  return (
    <div className="container cart-page" role="status" aria-live="polite">
      <span className="visually-hidden">{t`Loading…`}</span>
      <div className="skeleton" style={{ height: 30, width: 160, marginBottom: 20 }} />
      <div className="skeleton" style={{ height: 120, marginBottom: 12 }} />
      <div className="skeleton" style={{ height: 120 }} />
    </div>
  )
}
