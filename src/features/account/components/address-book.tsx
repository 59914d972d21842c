import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import { MAX_RECIPIENTS, type Recipient } from '../../../../contract/recipient'
import { isApiError } from '@/lib/api-client'
import { addressLine } from '@/lib/place-names'
import { useRecipients, useSaveRecipient } from '@/lib/recipient-book'
import { toast } from '@/lib/toast'
import { PinIcon } from '@/ui/icons'
import { LoadError } from '@/ui/load-error'
import { Modal } from '@/ui/modal'
import { useDeleteRecipient } from '../api/delete-recipient'
import { RecipientForm } from './recipient-form'
import './address-book.css'

/** 'new', a recipient's id being edited, or nothing open */
type Editing = 'new' | number | null

/**
 * The member's saved recipients (the ones checkout and the snack box offer): each can be edited,
 * made the default or deleted after a confirmation; new ones can be added.
 */
export function AddressBook() {
  const { t } = useLingui()
  const titleId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  const book = useRecipients()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Recipient | null>(null)
  const recipients = book.data
  const full = (recipients?.length ?? 0) >= MAX_RECIPIENTS

  /**
   * After a form or the dialog closes, focus goes back where the member was (or the heading, if that
   * card is gone) once the page shows it: an animation frame may come before React has drawn the card.
   */
  const [returnTo, setReturnTo] = useState<{ id: number | 'new' | null } | null>(null)
  useEffect(() => {
    if (!returnTo) return
    const { id } = returnTo
    const target = id === 'new' ? addRef.current : id === null ? null : document.querySelector<HTMLElement>(`[data-recipient="${id}"] .address-card__edit`)
    ;(target ?? headingRef.current)?.focus()
  }, [returnTo])
  const refocus = (id: number | 'new' | null) => setReturnTo({ id })

  const closeForm = (saved: Recipient | null) => {
    const was = editing
    setEditing(null)
    refocus(saved ? saved.id : was)
  }

  return (
    <section className="panel address-book" aria-labelledby={titleId}>
      <div className="panel__head">
        <h1 id={titleId} className="panel__title" ref={headingRef} tabIndex={-1}>
          {t`Address book`}
        </h1>
        {recipients && recipients.length > 0 && editing !== 'new' ? (
          <button type="button" ref={addRef} className="button button-secondary" onClick={() => setEditing('new')} disabled={full}>
            {t`Add an address`}
          </button>
        ) : null}
      </div>
      <p className="panel__intro">{t`The recipients you save here or at checkout. The default one is chosen first at checkout.`}</p>
      {full ? <p className="form-alert form-alert--info">{t`You can keep at most 20 addresses. Delete one to add another.`}</p> : null}

      {book.isPending ? <div className="skeleton address-book__skeleton" aria-label={t`Loading…`} role="status" /> : null}
      {book.isError ? <LoadError message={t`Your addresses could not be loaded.`} onRetry={() => void book.refetch()} /> : null}

      {editing === 'new' ? <RecipientForm recipient={null} first={!recipients?.length} onDone={closeForm} /> : null}

      {recipients && recipients.length === 0 && editing !== 'new' ? (
        <div className="address-book__empty">
          <span className="address-book__empty-icon" aria-hidden="true">
            <PinIcon size={28} />
          </span>
          <p className="address-book__empty-title">{t`No saved addresses yet`}</p>
          <p>{t`Add one now, or tick “Save this recipient for next time” at checkout.`}</p>
          <button type="button" ref={addRef} className="button button-primary" onClick={() => setEditing('new')}>
            {t`Add an address`}
          </button>
        </div>
      ) : null}

      {recipients && recipients.length > 0 ? (
        <ul className="address-book__list" aria-label={t`Saved addresses`}>
          {recipients.map((recipient) => (
            <li key={recipient.id} data-recipient={recipient.id}>
              {editing === recipient.id ? (
                <RecipientForm recipient={recipient} first={false} onDone={closeForm} />
              ) : (
                <AddressCard recipient={recipient} onEdit={() => setEditing(recipient.id)} onDelete={() => setDeleting(recipient)} />
              )}
            </li>
          ))}
        </ul>
      ) : null}

      <DeleteDialog
        recipient={deleting}
        onClose={(deleted) => {
          const id = deleting?.id ?? null
          setDeleting(null)
          refocus(deleted ? null : id)
        }}
      />
    </section>
  )
}

function AddressCard({ recipient, onEdit, onDelete }: { recipient: Recipient; onEdit: () => void; onDelete: () => void }) {
  const { t } = useLingui()
  const nameId = useId()
  const save = useSaveRecipient()
  const { id: _id, created_at: _created, updated_at: _updated, ...fields } = recipient

  const makeDefault = () =>
    save.mutate(
      { id: recipient.id, input: { ...fields, is_default: true } },
      {
        onSuccess: () => toast.success(t`Default address changed`, { id: 'address-default' }),
        onError: (error) => toast.error(isApiError(error) ? error.message : t`Save failed`, { id: 'address-failed' }),
      },
    )

  return (
    <article className={`address-card${recipient.is_default ? ' is-default' : ''}`} aria-labelledby={nameId}>
      <div className="address-card__body">
        <h2 id={nameId} className="address-card__name">
          {recipient.name}
          {recipient.is_default ? <span className="badge badge--ok">{t`Default`}</span> : null}
        </h2>
        <p className="address-card__line">{recipient.phone}</p>
        <p className="address-card__line">{addressLine(recipient)}</p>
      </div>
      <div className="address-card__actions">
        <button type="button" className="button button-secondary address-card__edit" onClick={onEdit} aria-describedby={nameId}>
          {t`Edit`}
        </button>
        {recipient.is_default ? null : (
          <button type="button" className="button button-secondary" onClick={makeDefault} disabled={save.isPending} aria-describedby={nameId}>
            {t`Make default`}
          </button>
        )}
        <button type="button" className="button button-secondary address-card__delete" onClick={onDelete} aria-describedby={nameId}>
          {t`Delete`}
        </button>
      </div>
    </article>
  )
}

function DeleteDialog({ recipient, onClose }: { recipient: Recipient | null; onClose: (deleted: boolean) => void }) {
  const { t } = useLingui()
  const remove = useDeleteRecipient()
  const name = recipient?.name ?? ''

  const confirm = () => {
    if (!recipient) return
    remove.mutate(recipient.id, {
      onSuccess: () => {
        toast.success(t`Address deleted`, { id: 'address-deleted' })
        onClose(true)
      },
      onError: (error) => toast.error(isApiError(error) ? error.message : t`Oops, something went wrong`, { id: 'address-delete-failed' }),
    })
  }

  return (
    <Modal open={recipient !== null} onClose={() => onClose(false)} title={t`Delete this address?`} size="sm">
      {recipient ? (
        <>
          <p className="address-delete__text">{t`${name} will be removed from your address book.`}</p>
          <p className="address-delete__address">{addressLine(recipient)}</p>
          {recipient.is_default ? <p className="address-delete__note">{t`It is your default address: your newest other address becomes the default.`}</p> : null}
        </>
      ) : null}
      <div className="address-delete__actions">
        <button type="button" className="button button-secondary" onClick={() => onClose(false)} data-autofocus>
          {t`Keep it`}
        </button>
        <button type="button" className="button button-primary" onClick={confirm} disabled={remove.isPending}>
          {t`Delete`}
        </button>
      </div>
    </Modal>
  )
}
