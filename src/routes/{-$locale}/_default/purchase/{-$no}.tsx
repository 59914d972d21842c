import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { ORDER_NO_PATTERN, type Order } from '../../../../../contract/order'
import { useSession } from '@/features/auth/components/use-session'
import { PushPrompt } from '@/features/notifications/components/push-prompt'
import { useOrder } from '@/features/orders/api/get-order'
import { useShopConfig } from '@/features/shop/api/get-shop-config'
import { OrderComplete } from '@/features/orders/components/order-complete'
import { isApiError } from '@/lib/api-client'
import { requireAccess } from '@/lib/guards'
import { useLocalePrefix } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { ErrorView } from '@/ui/error-view'
import { PageSkeleton } from '@/ui/page-skeleton'
import { FAILURE_TITLES, routeHead } from '@/lib/page-head'
import { vapidKeyOf } from '@/app/notification-slots'

/** After this long the page says the payment is still being processed instead of "a few seconds". */
const SLOW_MS = 20_000
const FAST_POLL_MS = 1_500
const SLOW_POLL_MS = 10_000

// Only the component is split from the first download: the schema, guard and redirect below import
// nothing of the orders (the order number's pattern is checked by the page, the order fetched there).
const PurchaseSearchSchema = v.object({
  /** set by the payment step: a card payment was just confirmed */
  confirmed: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.literal('1'))), undefined),
  /** back from a chain's store map with another store for this order's parcel */
  store_pick: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^SP[A-Za-z0-9]{16}$/))), undefined),
  store_pick_error: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.literal('1'))), undefined),
})

/** The order-complete page (/purchase/{no}); without a number it is the member's order list. */
export const Route = createFileRoute('/{-$locale}/_default/purchase/{-$no}')({
  validateSearch: PurchaseSearchSchema,
  beforeLoad: async (context) => {
    await requireAccess('member')(context)
    if (!context.params.no) throw redirect({ to: '/{-$locale}/user/order', params: { locale: context.params.locale }, replace: true })
  },
  head: routeHead(({ t }, { match }) => {
    const no: string = match.params.no ?? ''
    return { title: ORDER_NO_PATTERN.test(no) ? t(msg`Order ${no}`) : t(FAILURE_TITLES['not-found']) }
  }),
  component: PurchasePage,
})

function PurchasePage() {
  const no = Route.useParams().no!
  return ORDER_NO_PATTERN.test(no) ? <PurchasedOrder no={no} /> : <ErrorView status={404} />
}

function PurchasedOrder({ no }: { no: string }) {
  const { t } = useLingui()
  const { confirmed, store_pick: storePick, store_pick_error: mapError } = Route.useSearch()
  const navigate = useNavigate()
  const prefix = useLocalePrefix()
  const [since] = useState(() => Date.now())
  const [slow, setSlow] = useState(false)
  const confirming = confirmed === '1'
  // while a confirmed payment waits for Stripe's word (its webhook), the order is asked again
  const poll = (order: Order | undefined) =>
    confirming && order?.payment_status === 'PROCESSING' && order.order_status === 'PROCESSING' ? (Date.now() - since < SLOW_MS ? FAST_POLL_MS : SLOW_POLL_MS) : false
  const { data: order, error, refetch } = useOrder(no, poll)

  useEffect(() => {
    if (!confirming) return
    const timer = setTimeout(() => setSlow(true), SLOW_MS)
    return () => clearTimeout(timer)
  }, [confirming])

  // the payment's outcome is known: say it once, and keep the address clean for a reload
  const status = order?.payment_status
  useEffect(() => {
    if (!confirming || !status || status === 'PROCESSING') return
    if (status === 'SUCCESSED') toast.success(t`Payment Successful.`, { id: `paid-${no}` })
    void navigate({ to: '/{-$locale}/purchase/{-$no}', params: { locale: prefix, no }, search: {}, replace: true, resetScroll: false })
  }, [confirming, status, navigate, prefix, no, t])

  if (error && !order) {
    return isApiError(error) && error.isNotFound ? (
      <ErrorView status={404} />
    ) : (
      <div className="container">
        <p className="form-alert" role="alert">
          {error.message}{' '}
          <button type="button" className="link-button" onClick={() => void refetch()}>
            {t`Try again`}
          </button>
        </p>
      </div>
    )
  }
  if (!order) return <PageSkeleton />
  return (
    <>
      {order.order_status === 'PROCESSING' ? <ShippingPrompt /> : null}
      <OrderComplete
        order={order}
        confirming={confirming}
        slow={slow}
        storePick={storePick}
        mapFailed={mapError === '1'}
        onReturnHandled={() => void navigate({ to: '/{-$locale}/purchase/{-$no}', params: { locale: prefix, no }, search: {}, replace: true, resetScroll: false })}
      />
    </>
  )
}

/** An order just placed is the moment to offer 'Tell me when it ships' (issue 11). */
function ShippingPrompt() {
  const { signedIn } = useSession()
  const { data: config } = useShopConfig()
  return (
    <div className="container">
      <PushPrompt reason="shipping" signedIn={signedIn} vapidPublicKey={vapidKeyOf(config)} />
    </div>
  )
}
