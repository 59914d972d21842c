import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Modal } from '@/ui/modal'
import type { CartItem } from '../stores/cart-rules'
import { cart } from '../stores/cart-store'
import './remove-line-dialog.css'

interface RemoveLineDialogProps {
  /** the line to remove; null keeps the dialog closed */
  line: CartItem | null
  onClose: () => void
}

/** Removing a line always asks first (spec section 4). */
export function RemoveLineDialog({ line, onClose }: RemoveLineDialogProps) {
  const { t } = useLingui()
  // the text stays while the dialog closes
  const [shown, setShown] = useState(line)
  if (line && line !== shown) setShown(line)
  const label = shown?.label ?? ''
  const type = shown?.type ?? ''

  const confirm = async () => {
    if (!line) return
    try {
      await cart.remove(line.id)
      onClose()
    } catch {
      toast.error(t`Oops, something went wrong`)
    }
  }

  return (
    <Modal open={line !== null} onClose={onClose} title={t`Remove this item?`} size="sm">
      <p className="remove-line__text">{t`${label} (${type}) will be removed from your cart.`}</p>
      <div className="remove-line__actions">
        <button type="button" className="button button-secondary" onClick={onClose} data-autofocus>
          {t`Keep it`}
        </button>
        <button type="button" className="button button-primary" onClick={() => void confirm()}>
          {t`Remove`}
        </button>
      </div>
    </Modal>
  )
}
