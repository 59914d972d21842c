import { useLingui } from '@lingui/react/macro'
import { useEffect, useId } from 'react'
import { useSnapshot } from 'valtio'
import type { Recipient } from '../../../../contract/recipient'
import type { FieldErrors } from '@/lib/form'
import { firstRecipientChoice, RecipientChoices } from '@/ui/recipient-choices'
import { RecipientFields } from '@/ui/recipient-fields'
import { checkoutDraft, draftActions } from '../stores/checkout-draft'

interface RecipientSectionProps {
  recipients: readonly Recipient[] | undefined
  failed: boolean
  /** the new recipient's field errors, already limited to the fields the shopper has left */
  errors: FieldErrors
  onLeaveField: (field: string) => void
}

/** Who receives the parcel: one of the member's saved recipients, or a new one typed here. */
export function RecipientSection({ recipients, failed, errors, onLeaveField }: RecipientSectionProps) {
  const { t } = useLingui()
  const draft = useSnapshot(checkoutDraft)
  const legendId = useId()

  // the default recipient is chosen until the shopper picks another; none saved: the form
  useEffect(() => {
    const choice = checkoutDraft.recipientChoice
    if (choice === 'new' || (choice !== null && (!recipients || recipients.some((r) => r.id === choice)))) return
    const first = firstRecipientChoice(recipients, failed)
    if (first !== null) draftActions.chooseRecipient(first)
  }, [recipients, failed])

  return (
    <section className="checkout-section" aria-labelledby={legendId}>
      <h2 id={legendId} className="checkout-section__title">
        {t`Recipient`}
      </h2>
      <RecipientChoices recipients={recipients} failed={failed} chosen={draft.recipientChoice} onChoose={draftActions.chooseRecipient} labelledBy={legendId} />
      {draft.recipientChoice === 'new' ? (
        <div className="form checkout-subform">
          <RecipientFields
            values={draft.recipient}
            errors={errors}
            onChange={draftActions.setRecipient}
            onLeave={onLeaveField}
            save={{ checked: draft.saveRecipient, onChange: draftActions.setSaveRecipient }}
          />
        </div>
      ) : null}
    </section>
  )
}
