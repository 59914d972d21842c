import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { CloseIcon } from './icons'
import { SearchBox } from './search-box'
import { useScrollLock } from './use-scroll-lock'
import './search-panel.css'

interface SearchPanelProps {
  id: string
  open: boolean
  onClose: () => void
  onSearch: (keyword: string) => void
}

export function SearchPanel({ id, open, onClose, onSearch }: SearchPanelProps) {
  const { t } = useLingui()
  const panelRef = useRef<HTMLDivElement>(null)
  useScrollLock(open)

  useEffect(() => {
    if (!open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
      if (event.key !== 'Tab' || !panelRef.current) return
      // keep Tab inside the modal sheet
      const focusable = [...panelRef.current.querySelectorAll<HTMLElement>('input, button:not(:disabled):not([tabindex="-1"])')]
      const first = focusable[0]
      const last = focusable.at(-1)
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      opener?.focus()
    }
  }, [open, onClose])

  if (!open) return null
  return (
    <div className="search-panel" id={id}>
      <div className="search-panel__backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={panelRef} className="search-panel__sheet" role="dialog" aria-modal="true" aria-label={t`Search products`}>
        <p className="search-panel__hint">{t`Search by product name, flavour or city, up to 30 characters.`}</p>
        <div className="search-panel__row">
          <SearchBox
            autoFocus
            inline
            onLeave={onClose}
            onSearch={(keyword) => {
              onSearch(keyword)
              onClose()
            }}
          />
          <button type="button" className="search-panel__close" onClick={onClose} aria-label={t`Close search`}>
            <CloseIcon size={20} />
          </button>
        </div>
      </div>
    </div>
  )
}
