import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'

/**
 * The state of a header dropdown: open or closed, closed again by a press anywhere outside its
 * root, with refs for the root and the toggle button (focus returns there on Escape) and an id for
 * the panel the button controls.
 */
export function useDisclosure<Root extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<Root>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  return { open, setOpen, rootRef, buttonRef, panelId }
}

type Disclosure<Root extends HTMLElement> = ReturnType<typeof useDisclosure<Root>>

/**
 * The keys of a disclosure that lists links or buttons (the language menu, the member menu), for
 * its root: the arrows open it and move between the items `itemSelector` finds, Home and End go to
 * the first and the last, Escape closes it and gives the focus back to its button; the focus
 * leaving the root closes it.
 */
export function menuKeys<Root extends HTMLElement>({ open, setOpen, rootRef, buttonRef }: Disclosure<Root>, itemSelector: string) {
  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? [])
  const focusItem = (index: number) => {
    const all = items()
    all[(index + all.length) % all.length]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<Root>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
      return
    }
    const index = items().indexOf(document.activeElement as HTMLElement)
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      if (!open) {
        setOpen(true)
        requestAnimationFrame(() => focusItem(step === 1 ? 0 : -1))
      } else focusItem(index === -1 ? (step === 1 ? 0 : -1) : index + step)
    } else if (open && (event.key === 'Home' || event.key === 'End')) {
      event.preventDefault()
      focusItem(event.key === 'Home' ? 0 : -1)
    }
  }
  const onBlur = (event: FocusEvent<Root>) => {
    if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
  }
  return { onKeyDown, onBlur }
}
