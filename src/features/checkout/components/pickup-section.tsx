import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { useSnapshot } from 'valtio'
import { CHAIN_NAMES, STORE_CHAINS } from '../../../../contract/logistics'
import { draftActions, checkoutDraft } from '../stores/checkout-draft'
import type { FieldErrors } from '@/lib/form'
import { useLocale } from '@/lib/i18n'
import { useRecentStores, useStoreMap } from '@/lib/store-map'
import { ChoiceRadio } from '@/ui/choice-radio'
import { StoreCard } from '@/ui/store-card'
import { TextField } from '@/ui/text-field'

interface PickupSectionProps {
  /** the person's field errors and the store's (`store`), as the form decides to show them */
  errors: FieldErrors
  onLeaveField: (field: string) => void
  /** the map sent the shopper back without a store it could use */
  mapFailed: boolean
}

/**
 * Pick-up at a convenience store: the chain, then the store (picked on the chain's map, or one
 * used before), and who collects the parcel: the name on their ID and a mobile number the store
 * texts when the parcel arrives.
 */
export function PickupSection({ errors, onLeaveField, mapFailed }: PickupSectionProps) {
  const { t } = useLingui()
  const locale = useLocale()
  const draft = useSnapshot(checkoutDraft)
  const recent = useRecentStores(true)
  const map = useStoreMap()
  const titleId = useId()
  const chainId = useId()
  const { pickup } = draft
  const cash = draft.paymentMethod === 'cod'
  const recentStores = (recent.data ?? []).filter((s) => !(pickup.store && s.chain === pickup.store.chain && s.id === pickup.store.id))

  const storeError = errors.store ?? (mapFailed ? t`The store map did not send a store back. Please choose the store again.` : null) ?? map.problem
  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section__title">
        {t`Pick-up store`}
      </h2>
      <div role="radiogroup" aria-labelledby={chainId} className="choice-list choice-list--row">
        <span id={chainId} className="visually-hidden">
          {t`Convenience store chain`}
        </span>
        {STORE_CHAINS.map((chain) => (
          <ChoiceRadio key={chain} name="pickup-chain" value={chain} checked={pickup.chain === chain} onChoose={() => draftActions.setChain(chain)} title={CHAIN_NAMES[chain][locale]} />
        ))}
      </div>
      <div className="pickup-store" data-field="store">
        {pickup.store ? (
          <StoreCard store={pickup.store} />
        ) : (
          <p className="pickup-store__empty">{t`No store chosen yet.`}</p>
        )}
        <button type="button" className="button button-secondary" onClick={() => void map.open({ chain: pickup.chain, cash_on_pickup: cash, locale })} aria-disabled={map.opening || undefined} aria-invalid={storeError ? true : undefined} aria-describedby={storeError ? `${titleId}-store-error` : undefined}>
          {map.opening ? t`Opening the store map…` : pickup.store ? t`Choose another store on the map` : t`Choose a store on the map`}
        </button>
        {storeError ? (
          <p id={`${titleId}-store-error`} className="field__error" role="alert">
            {storeError}
          </p>
        ) : null}
      </div>
      {recentStores.length > 0 ? (
        <div className="pickup-recent">
          <h3 className="pickup-recent__title">{t`Stores you used before`}</h3>
          <ul className="choice-list">
            {recentStores.map((store) => (
              <li key={`${store.chain}:${store.id}`}>
                <button type="button" className="choice pickup-recent__store" onClick={() => draftActions.setStore(store, null, cash)}>
                  <StoreCard store={store} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="form checkout-subform">
        <div className="form-row form-row--2">
          <TextField
            label={t`Name of who collects it`}
            name="pickup-name"
            value={pickup.name}
            onChange={(value) => draftActions.setPickupPerson('name', value)}
            onBlur={() => onLeaveField('name')}
            error={errors.name}
            hint={t`As on their ID: the store checks it.`}
            autoComplete="name"
          />
          <TextField
            label={t`Mobile number`}
            name="pickup-phone"
            value={pickup.phone}
            onChange={(value) => draftActions.setPickupPerson('phone', value)}
            onBlur={() => onLeaveField('phone')}
            error={errors.phone}
            hint={t`The store texts it when the parcel arrives.`}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
          />
        </div>
      </div>
    </section>
  )
}
