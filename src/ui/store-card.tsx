import { useLingui } from '@lingui/react/macro'
import { CHAIN_NAMES, type PickupStore } from '../../contract/logistics'
import { useLocale } from '../lib/i18n'
import './store-card.css'

/** A store as the shopper recognises it: the chain in their language, the store's own name and address. */
export function StoreCard({ store }: { store: PickupStore }) {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <span className="store-card">
      <span className="store-card__name">
        {CHAIN_NAMES[store.chain][locale]} {store.name}
        <span className="store-card__id">
          {t`Store no.`} {store.id}
        </span>
      </span>
      <span className="store-card__address">{store.address}</span>
      {store.outlying ? <span className="store-card__note">{t`Outlying island: the parcel may take a few more days.`}</span> : null}
    </span>
  )
}
