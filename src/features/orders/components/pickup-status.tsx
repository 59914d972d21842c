import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import type { ParcelState } from '../../../../contract/logistics'
import type { Order } from '../../../../contract/order'
import { PARCEL_LABELS } from './order-labels'
import { isApiError } from '@/lib/api-client'
import { formatPrice } from '@/lib/format-price'
import { useLocale } from '@/lib/i18n'
import { htmlLang } from '@/lib/locale'
import { useStoreMap } from '@/lib/store-map'
import { StoreCard } from '@/ui/store-card'
import { useChangePickupStore } from '../api/change-pickup-store'

/** The parcel's way, as the order page lists it. */
const WAY: ParcelState[] = ['created', 'in_transit', 'arrived', 'picked_up']
const POSITION: Record<ParcelState, number> = { created: 0, in_transit: 1, store_closed: 1, store_changed: 1, arrived: 2, picked_up: 3, returned: 3 }

interface PickupStatusProps {
  order: Order & { pickup: NonNullable<Order['pickup']> }
  /** back from the store map with another store for this order (its pick's MerchantTradeNo) */
  storePick?: string
  /** back from the map without a store */
  mapFailed?: boolean
  /** the return was handled: the page cleans its address */
  onReturnHandled?: () => void
}

/**
 * A pick-up order's store and parcel: where the parcel is, the last day to collect it and the
 * cash to bring; when its 7-ELEVEN store closed, the way to choose another on the map.
 */
export function PickupStatus({ order, storePick, mapFailed = false, onReturnHandled }: PickupStatusProps) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const { pickup } = order
  const change = useChangePickupStore(order.no)
  const [problem, setProblem] = useState<string | null>(mapFailed ? t`The store map did not send a store back. Please choose the store again.` : null)
  const map = useStoreMap()
  const handled = useRef<string | null>(null)

  useEffect(() => {
    if (!storePick || handled.current === storePick) return
    handled.current = storePick
    change.mutate(storePick, {
      onError: (error) => setProblem(isApiError(error) ? error.message : t`Oops...Something went wrong`),
      onSettled: () => onReturnHandled?.(),
    })
  }, [storePick, change, onReturnHandled, t])

  const chooseAnother = () => {
    setProblem(null)
    void map.open({ chain: pickup.store.chain, cash_on_pickup: order.payment.method === 'cod', locale, order_no: order.no })
  }

  const day = pickup.collect_by ? new Intl.DateTimeFormat(htmlLang(locale), { month: 'long', day: 'numeric', weekday: 'short', timeZone: 'Asia/Taipei' }).format(new Date(pickup.collect_by)) : ''
  const cash = order.payment.method === 'cod' && order.payment_status !== 'SUCCESSED' ? formatPrice(order.amount) : null
  const at = pickup.parcel === null ? -1 : POSITION[pickup.parcel]
  const shown = order.order_status !== 'CANCEL' && pickup.parcel !== null
  return (
    <div className="pickup-status">
      <StoreCard store={pickup.store} />
      {pickup.parcel === 'arrived' ? (
        <p className="pickup-status__now" role="status">
          {cash ? t`Your parcel is at the store. Please collect it by ${day} and pay ${cash} in cash there.` : t`Your parcel is at the store. Please collect it by ${day}.`}
        </p>
      ) : null}
      {pickup.parcel === 'store_closed' && pickup.can_change_store ? (
        <div className="pickup-status__closed">
          <p className="form-alert" role="alert">
            {t`This store has closed. Please choose another 7-ELEVEN for your parcel.`}
          </p>
          <button type="button" className="button button-primary" onClick={chooseAnother} aria-disabled={map.opening || change.isPending || undefined}>
            {map.opening ? t`Opening the store map…` : t`Choose another store on the map`}
          </button>
        </div>
      ) : null}
      {change.isPending ? <p role="status">{t`Changing the store…`}</p> : null}
      {problem ?? map.problem ? (
        <p className="form-alert" role="alert">
          {problem ?? map.problem}
        </p>
      ) : null}
      {shown ? (
        <ol className="parcel-steps" aria-label={t`Where the parcel is`}>
          {WAY.map((state, i) => (
            <li key={state} className={i < at ? 'is-done' : i === at ? 'is-current' : undefined} aria-current={i === at ? 'step' : undefined}>
              {i === at && pickup.parcel ? i18n._(PARCEL_LABELS[pickup.parcel]) : i18n._(PARCEL_LABELS[state])}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  )
}
