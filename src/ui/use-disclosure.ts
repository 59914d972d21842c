import { useEffect, useId, useRef, useState } from 'react'

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
