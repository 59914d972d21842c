import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { ORDER_NO_PATTERN, type Order } from '../../../../contract/order'
import { SendVerificationButton } from '@/features/auth/components/send-verification-button'
import { useSession } from '@/features/auth/components/use-session'
import { useCart } from '@/features/cart/components/use-cart'
import { cart } from '@/features/cart/stores/cart-store'
import type { CheckoutLine } from '@/features/checkout/components/checkout-line'
import { CheckoutForm } from '@/features/checkout/components/checkout-form'
import { PaymentPanel } from '@/features/checkout/components/payment-panel'
import { PaymentStep } from '@/features/checkout/components/payment-step'
import { draftActions } from '@/features/checkout/stores/checkout-draft'
import { getStorePick } from '@/lib/store-map'
import { orderQueryOptions, useOrder } from '@/features/orders/api/get-order'
import { ORDERS_KEY } from '@/features/orders/api/orders-keys'
import { OrderActions } from '@/features/orders/components/order-actions'
import { useShopConfig } from '@/features/shop/api/get-shop-config'
import { requireAccess } from '@/lib/guards'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { fullName } from '@/lib/member-options'
import { ErrorView } from '@/ui/error-view'
import { PageSkeleton } from '@/ui/page-skeleton'
import { FAILURE_TITLES, routeHead } from '@/lib/page-head'

// Only the component is split from the first download: the search schema stays small and
// imports nothing of the checkout (the order number's pattern is checked by the page).
const PaymentSearchSchema = v.object({
  /** an order placed and waiting to be paid: the page shows the payment step for it */
  order: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(40))), undefined),
  /** back from a chain's store map: the pick whose store to take (StorePickParamSchema's pattern, checked by the page) */
  store_pick: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(40))), undefined),
  /** back from the map without a store the shop could take */
  store_pick_error: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.literal('1'))), undefined),
})

/** The payment page (spec section 2): members only; visitors sign in and come back here. */
export const Route = createFileRoute('/{-$locale}/_default/payment')({
  validateSearch: PaymentSearchSchema,
  beforeLoad: requireAccess('member'),
  head: routeHead(({ t }, { match }) => {
    const { order } = match.search
    return { title: order === undefined || ORDER_NO_PATTERN.test(order) ? t(msg`Payment`) : t(FAILURE_TITLES['not-found']) }
  }),
  component: PaymentPage,
})

function PaymentPage() {
  const { order } = Route.useSearch()
  if (order === undefined) return <Checkout />
  return ORDER_NO_PATTERN.test(order) ? <PayOrder no={order} /> : <ErrorView status={404} />
}

/** The checkout form over the cart's lines; a placed order leaves the cart and goes to its payment step. */
/** Back from the store map: the store picked there goes into the draft, and the address is made clean again. */
function useStorePickReturn() {
  const search = Route.useSearch()
  const locale = useLocale()
  const prefix = useLocalePrefix()
  const navigate = useNavigate()
  // a map that came back without a store, or with a pick that is not one
  const [failed, setFailed] = useState(search.store_pick_error === '1' || (search.store_pick !== undefined && !/^SP[A-Za-z0-9]{16}$/.test(search.store_pick)))
  const tradeNo = search.store_pick
  useEffect(() => {
    if (!tradeNo && !search.store_pick_error) return
    let live = true
    const clean = () => void navigate({ to: '/{-$locale}/payment', params: { locale: prefix }, search: {}, replace: true, resetScroll: false })
    if (!tradeNo || !/^SP[A-Za-z0-9]{16}$/.test(tradeNo)) {
      clean()
      return
    }
    getStorePick(tradeNo, locale)
      .then((pick) => {
        if (!live) return
        if (pick.store) {
          draftActions.setShipment('cvs')
          draftActions.setStore(pick.store, pick.trade_no, pick.cash_on_pickup)
          setFailed(false)
        } else setFailed(true)
      })
      .catch(() => live && setFailed(true))
      .finally(clean)
    return () => {
      live = false
    }
  }, [tradeNo, search.store_pick_error, locale, navigate, prefix])
  return failed
}

function Checkout() {
  const { t } = useLingui()
  const mapFailed = useStorePickReturn()
  const locale = useLocale()
  const prefix = useLocalePrefix()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { user } = useSession()
  const { data: config } = useShopConfig()
  const { lines, ready } = useCart()

  if (!ready || !user) return <PageSkeleton />
  const checkoutLines: CheckoutLine[] = lines.map((line) => ({
    product_id: line.product_id,
    variant_id: line.variant_id,
    quantity: line.quantity,
    name: line.label,
    type: line.type,
    image: line.image,
    price: line.price,
    max_quantity: line.max_quantity,
  }))

  const onPlaced = (order: Order) => {
    queryClient.setQueryData(orderQueryOptions(locale, order.no).queryKey, order)
    void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] })
    // the server took the ordered lines out of the member's cart; this device follows
    const ordered = new Set(order.items.map((item) => item.variant_id))
    for (const line of cart.state.lines) if (ordered.has(line.variant_id)) void cart.remove(line.id)
    void navigate({ to: '/{-$locale}/payment', params: { locale: prefix }, search: { order: order.no }, replace: true })
  }

  return (
    <div className="container checkout-page">
      <h1 className="page-title">{t`Checkout`}</h1>
      {checkoutLines.length === 0 ? (
        <div className="checkout-empty">
          <p>{t`Your cart is empty.`}</p>
          <Link to="/{-$locale}/product/list" params={{ locale: prefix }} className="button button-primary">
            {t`Browse products`}
          </Link>
        </div>
      ) : (
        <CheckoutForm
          lines={checkoutLines}
          member={{ email: user.email, name: fullName(user) }}
          settings={config?.checkout}
          onPlaced={onPlaced}
          verifyAction={<SendVerificationButton variant="link" />}
          mapFailed={mapFailed}
        />
      )}
    </div>
  )
}

/** The payment step of a placed order (also where 'pay again' leads); a paid or closed order goes to its page. */
function PayOrder({ no }: { no: string }) {
  const { t } = useLingui()
  const prefix = useLocalePrefix()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const locale = useLocale()
  const { data: config } = useShopConfig()
  const { data: order, isError } = useOrder(no)
  // once the card is confirmed the order page takes over (and says how it went)
  const [confirmed, setConfirmed] = useState(false)

  const closed = order !== undefined && !order.actions.pay
  useEffect(() => {
    if ((closed || isError) && !confirmed) void navigate({ to: '/{-$locale}/purchase/{-$no}', params: { locale: prefix, no }, replace: true })
  }, [closed, isError, confirmed, navigate, prefix, no])

  if (!order || !config || (closed && !confirmed)) return <PageSkeleton />
  const secret = order.payment.client_secret
  const purchasePath = `${prefix ? `/${prefix}` : ''}/purchase/${no}`
  return (
    <PaymentPanel
      orderNo={no}
      amount={order.amount}
      payBefore={order.payment.pay_before}
      footer={
        <Link to="/{-$locale}/purchase/{-$no}" params={{ locale: prefix, no }}>
          {t`Pay later: see the order`}
        </Link>
      }
    >
      {secret ? (
        <PaymentStep
          config={config.payment}
          clientSecret={secret}
          amount={order.amount}
          returnUrl={`${window.location.origin}${purchasePath}?confirmed=1`}
          onOutcome={() => {
            setConfirmed(true)
            void queryClient.invalidateQueries({ queryKey: orderQueryOptions(locale, no).queryKey })
            void navigate({ to: '/{-$locale}/purchase/{-$no}', params: { locale: prefix, no }, search: { confirmed: 1 }, replace: true })
          }}
        />
      ) : (
        <OrderActions order={order} />
      )}
    </PaymentPanel>
  )
}
