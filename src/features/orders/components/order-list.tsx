import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Order } from '../../../../contract/order'
import type { Paged } from '../../../../contract/page'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { htmlLang } from '@/lib/locale'
import { Price } from '@/ui/price'
import type { OrderListKind } from '../api/get-orders'
import { OrderActions } from './order-actions'
import { OrderBadges, OrderItems } from './order-parts'
import './orders.css'

interface OrderListProps {
  kind: OrderListKind
  page: Paged<Order> | undefined
  failed: boolean
  onRetry: () => void
  /** the current/history switch, as links the route makes */
  renderTab: (kind: OrderListKind, content: ReactNode, attrs: { className: string; 'aria-current'?: 'page' }) => ReactNode
  pagination: ReactNode
}

/** The member's orders: current ones (being processed or on their way) or the history, each with its items, totals, states and actions. */
export function OrderList({ kind, page, failed, onRetry, renderTab, pagination }: OrderListProps) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const tabs: { kind: OrderListKind; label: string }[] = [
    { kind: 'current', label: t`Current orders` },
    { kind: 'history', label: t`Order history` },
  ]
  return (
    <section aria-labelledby="orders-title" className="orders">
      <div className="list-head">
        <h1 id="orders-title" className="page-title">
          {t`My orders`}
        </h1>
        {page ? (
          <p className="list-head__count">
            <Plural value={page.total} one="# order" other="# orders" />
          </p>
        ) : null}
      </div>
      <nav className="orders__tabs" aria-label={t`Orders`}>
        {tabs.map((tab) => (
          <span key={tab.kind}>{renderTab(tab.kind, tab.label, { className: `orders__tab${tab.kind === kind ? ' is-current' : ''}`, ...(tab.kind === kind ? { 'aria-current': 'page' as const } : {}) })}</span>
        ))}
      </nav>
      {failed && !page ? (
        <div className="form-alert" role="alert">
          {t`Your orders could not be loaded.`}{' '}
          <button type="button" className="link-button" onClick={onRetry}>
            {t`Try again`}
          </button>
        </div>
      ) : null}
      {!page && !failed ? <div className="skeleton" style={{ height: 160 }} role="status" aria-label={t`Loading…`} /> : null}
      {page && page.data.length === 0 ? (
        <div className="orders__empty">
          <p>{kind === 'current' ? t`You have no orders in progress.` : t`No past orders yet.`}</p>
          <Link to="/{-$locale}/product/list" params={{ locale }} className="button button-primary">
            {t`Browse products`}
          </Link>
        </div>
      ) : null}
      <ul className="orders__list">
        {page?.data.map((order) => (
          <li key={order.no}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
      {pagination}
    </section>
  )
}

function OrderCard({ order }: { order: Order }) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const lang = htmlLang(useLocale())
  const headingId = `order-${order.no}`
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(order.created_at))
  const no = order.no
  return (
    <article className="order-card" aria-labelledby={headingId}>
      <header className="order-card__head">
        <h2 id={headingId} className="order-card__no">
          <Link to="/{-$locale}/purchase/{-$no}" params={{ locale, no }}>
            {t`Order ${no}`}
          </Link>
        </h2>
        <p className="order-card__date">{date}</p>
        <OrderBadges order={order} />
      </header>
      <OrderItems items={order.items} />
      <p className="order-card__total">
        {t`Total`} <Price min={order.amount} />
      </p>
      <OrderActions order={order} />
    </article>
  )
}
