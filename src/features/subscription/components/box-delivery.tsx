import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { MemberSubscription } from '../../../../contract/subscription'
import { isApiError } from '@/lib/api-client'
import { serverFieldErrors, type FieldErrors } from '@/lib/form'
import { toast } from '@/lib/toast'
import { useUpdateSubscriptionRecipient } from '../api/update-subscription-recipient'
import type { RecipientBook } from '@/lib/recipient-book'
import { BoxRecipientForm, recipientLine } from './box-recipient-form'

/**
 * My snack box's delivery: who receives the boxes, which box a change still reaches (its cutoff,
 * 3 days before it leaves) and the form to change it; after the cutoff a change reaches the box after.
 */
export function BoxDelivery({ subscription, book, dates }: { subscription: MemberSubscription; book: RecipientBook; dates: Intl.DateTimeFormat }) {
  const { t } = useLingui()
  const update = useUpdateSubscriptionRecipient()
  const [editing, setEditing] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const { recipient, next_box: next } = subscription
  const shipsOn = next ? dates.format(new Date(next.ships_on)) : ''
  const changesUntil = next ? dates.format(new Date(next.changes_until)) : ''
  // a box still to come can change recipient; one without any recipient can always be given one
  const changeable = next !== null || recipient === null

  const save = (changed: Parameters<typeof update.mutate>[0]) => {
    setServerErrors({})
    return update.mutateAsync(changed).then(
      (after) => {
        setEditing(false)
        const from = after.next_box ? dates.format(new Date(after.next_box.ships_on)) : ''
        toast.success(from ? t`Saved. The box leaving on ${from} goes to the new recipient.` : t`Saved.`, { id: 'my-box-recipient' })
      },
      (error: unknown) => {
        const fields = Object.fromEntries(
          Object.entries(serverFieldErrors(error))
            .filter(([field]) => field.startsWith('recipient.'))
            .map(([field, message]) => [field.slice('recipient.'.length), message]),
        )
        if (Object.keys(fields).length > 0) setServerErrors(fields)
        else toast.error(isApiError(error) ? error.message : t`Oops...Something went wrong`, { id: 'my-box-recipient' })
      },
    )
  }

  return (
    <section className="my-box__delivery" aria-labelledby="my-box-delivery">
      <h2 id="my-box-delivery" className="my-box__heading">
        {t`Delivery`}
      </h2>
      {recipient ? (
        <p className="my-box__recipient">
          <span className="my-box__recipient-name">
            {recipient.name} · {recipient.phone}
          </span>
          <span>{recipientLine(recipient)}</span>
        </p>
      ) : (
        <p className="form-alert form-alert--info">{t`No recipient has been given for this box yet. Please add one so your boxes can be sent.`}</p>
      )}
      {next ? (
        <p className="my-box__cutoff">{t`Changes made by ${changesUntil} reach the box leaving on ${shipsOn}. After that, that box is packed and a change applies from the box after it.`}</p>
      ) : null}
      {changeable && !editing ? (
        <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
          {recipient ? t`Change recipient` : t`Add a recipient`}
        </button>
      ) : null}
      {changeable && editing ? (
        <BoxRecipientForm book={book} current={recipient} title={t`Who should receive your boxes?`} submitLabel={t`Save recipient`} busy={update.isPending} serverErrors={serverErrors} onSubmit={save}>
          <button type="button" className="link-button" onClick={() => setEditing(false)}>
            {t`Cancel`}
          </button>
        </BoxRecipientForm>
      ) : null}
    </section>
  )
}
