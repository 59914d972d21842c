import { Plural, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Quote } from '../../../../contract/checkout'
import { formatPrice } from '@/lib/format-price'
import { OrderLine } from '@/ui/order-line'
import { Price } from '@/ui/price'
import type { CheckoutLine } from './checkout-line'
import { lineLimit } from './order-refusal'

interface OrderSummaryProps {
  lines: readonly CheckoutLine[]
  quote: Quote | undefined
  /** the quote is being asked again (lines, coupon or delivery changed) */
  updating: boolean
  coupon: ReactNode
  children?: ReactNode
}

/** What is being bought and the server's totals for it. */
export function OrderSummary({ lines, quote, updating, coupon, children }: OrderSummaryProps) {
  const { t } = useLingui()
  const count = lines.reduce((sum, line) => sum + line.quantity, 0)
  const priced = new Map(quote?.lines.map((line) => [line.variant_id, line]))
  const toFree = quote && quote.logistics_fee > 0 ? quote.free_shipping_threshold - (quote.subtotal - quote.discount) : 0

  const missing = formatPrice(toFree)

  return (
    <aside className="checkout-summary" aria-label={t`Order summary`}>
      <h2 className="checkout-section__title">
        {t`Order summary`}{' '}
        <span className="checkout-summary__count">
          <Plural value={count} one="# item" other="# items" />
        </span>
      </h2>
      <ul className="checkout-lines">
        {lines.map((line) => {
          const price = priced.get(line.variant_id)
          return (
            <OrderLine
              key={line.variant_id}
              image={line.image}
              name={price?.name ?? line.name}
              detail={
                <>
                  {`${price?.variant_label ?? line.type} × ${line.quantity}`}
                  {/* more than this member may hold of it now (decision 61): "Place order" says so too */}
                  {price && line.quantity > price.max_quantity ? <span className="checkout-lines__limit">{lineLimit(price.max_quantity)}</span> : null}
                </>
              }
              total={<Price min={price?.line_total ?? line.price * line.quantity} />}
            />
          )
        })}
      </ul>
      {coupon}
      <dl className={`checkout-totals${updating ? ' is-updating' : ''}`} aria-busy={updating}>
        {quote ? (
          <>
            <div>
              <dt>{t`Subtotal`}</dt>
              <dd>
                <Price min={quote.subtotal} />
              </dd>
            </div>
            {quote.discount > 0 ? (
              <div className="checkout-totals__discount">
                <dt>{t`Discount`}</dt>
                <dd>
                  −<Price min={quote.discount} />
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t`Delivery fee`}</dt>
              <dd>{quote.logistics_fee === 0 ? t`Free` : <Price min={quote.logistics_fee} />}</dd>
            </div>
            <div className="checkout-totals__amount">
              <dt>{t`Total`}</dt>
              <dd>
                <Price min={quote.amount} />
              </dd>
            </div>
            <div className="checkout-totals__tax">
              <dt>{t`Including 5% business tax`}</dt>
              <dd>
                <Price min={quote.tax} />
              </dd>
            </div>
          </>
        ) : (
          <div className="skeleton" style={{ height: 96 }} />
        )}
      </dl>
      {toFree > 0 ? <p className="checkout-summary__note">{t`Add ${missing} more for free shipping.`}</p> : null}
      {children}
    </aside>
  )
}
