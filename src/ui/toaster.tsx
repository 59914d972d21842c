import type { CSSProperties } from 'react'
import { Toaster as Sonner } from 'sonner'

const TOAST_MAX_WIDTH = 350

export function Toaster() {
  return (
    <Sonner
      position="top-center"
      duration={5000}
      style={{ '--width': `${TOAST_MAX_WIDTH}px` } as CSSProperties}
      toastOptions={{ style: { maxWidth: TOAST_MAX_WIDTH } }}
    />
  )
}
