import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { CloseIcon } from './icons'
import { adoptToaster, releaseToaster } from './toast-host'
import { useScrollLock } from './use-scroll-lock'
import './modal.css'

interface ModalProps {
  open: boolean
  /** Escape and the close button call this; a click on the backdrop does not close the dialog */
  onClose: () => void
  title: ReactNode
  /** shown before the title, e.g. a back arrow */
  leading?: ReactNode
  children: ReactNode
  size?: 'sm' | 'md'
  className?: string
}

/**
 * A native modal `<dialog>`: the browser keeps focus inside, makes the page inert and closes on
 * Escape (reported through `onClose`). Backdrop clicks are ignored on purpose (the spec's sign-in
 * dialog must survive a stray tap).
 */
export function Modal({ open, onClose, title, leading, children, size = 'md', className = '' }: ModalProps) {
  const { t } = useLingui()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useScrollLock(open)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      adoptToaster(dialog)
      // React keeps `autoFocus` to itself, so the dialog's own focusing cannot see it
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
      releaseToaster(dialog)
    }
  }, [open])

  // A dialog unmounted while open gives the toasts back too. The element is taken now: React has
  // already cleared the ref when an unmounting component's cleanups run.
  useEffect(() => {
    const dialog = ref.current
    return () => {
      if (dialog) releaseToaster(dialog)
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size} ${className}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      {open ? (
        <div className="modal__frame">
          <div className="modal__head">
            {leading ? <div className="modal__leading">{leading}</div> : null}
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="icon-button modal__close" aria-label={t`Close`} onClick={onClose}>
              <CloseIcon size={20} />
            </button>
          </div>
          <div className="modal__body">{children}</div>
        </div>
      ) : null}
    </dialog>
  )
}
