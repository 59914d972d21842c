import { useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import type { Recipient } from '../../contract/recipient'
import { addressLine } from '../lib/place-names'
import type { RecipientValues } from './recipient-fields'

/** A saved recipient's id, 'new' for the fields, null while the saved ones are loading. */
export type RecipientChoice = number | 'new' | null

const same = (a: RecipientValues, b: RecipientValues) => a.name === b.name && a.phone === b.phone && addressLine(a) === addressLine(b)

/**
 * What is chosen until the shopper picks: the saved recipient equal to `current` (what an order or
 * a box has now), else the default one, else the first; the fields when none is saved, when
 * `current` is none of them, or when the saved ones could not be loaded.
 */
export function firstRecipientChoice(recipients: readonly Recipient[] | undefined, failed: boolean, current?: RecipientValues | null): RecipientChoice {
  if (!recipients) return failed ? 'new' : null
  const saved = current ? recipients.find((r) => same(r, current)) : undefined
  if (current && !saved) return 'new'
  return saved?.id ?? recipients.find((r) => r.is_default)?.id ?? recipients[0]?.id ?? 'new'
}

interface RecipientChoicesProps {
  recipients: readonly Recipient[] | undefined
  failed: boolean
  chosen: RecipientChoice
  onChoose: (choice: number | 'new') => void
  /** the id of the heading that names the choice */
  labelledBy: string
}

/** The member's saved recipients to choose from, and "A new recipient" for the fields below it. */
export function RecipientChoices({ recipients, failed, chosen, onChoose, labelledBy }: RecipientChoicesProps) {
  const { t } = useLingui()
  const name = useId()
  const option = (choice: number | 'new', body: ReactNode) => (
    <label key={choice} className={`choice${chosen === choice ? ' is-chosen' : ''}`}>
      <input type="radio" name={name} checked={chosen === choice} onChange={() => onChoose(choice)} />
      <span className="choice__body">{body}</span>
    </label>
  )

  return (
    <>
      {recipients === undefined && !failed ? <div className="skeleton" style={{ height: 72 }} role="status" aria-label={t`Loading…`} /> : null}
      {failed ? <p className="form-alert">{t`Your saved recipients could not be loaded. You can enter a recipient below.`}</p> : null}
      {recipients?.length || failed ? (
        <div role="radiogroup" aria-labelledby={labelledBy} className="choice-list">
          {recipients?.map((recipient) =>
            option(
              recipient.id,
              <>
                <span className="choice__title">
                  {recipient.name} · {recipient.phone}
                  {recipient.is_default ? <span className="choice__tag">{t`Default`}</span> : null}
                </span>
                <span className="choice__text">{addressLine(recipient)}</span>
              </>,
            ),
          )}
          {option('new', <span className="choice__title">{t`A new recipient`}</span>)}
        </div>
      ) : null}
    </>
  )
}
