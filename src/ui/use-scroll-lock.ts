import { useEffect } from 'react'

/** Locks page scrolling while an overlay (search panel, menu) is open. */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return
    const root = document.documentElement
    root.classList.add('scroll-locked')
    return () => root.classList.remove('scroll-locked')
  }, [locked])
}
