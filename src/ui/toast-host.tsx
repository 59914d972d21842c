import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react'
import { createPortal } from 'react-dom'
import { toasterListening } from '../lib/toast'
import { watchHeaderPanels, type ToastPlacement } from './toast-placement'

const Sonner = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

const TOAST_MAX_WIDTH = 350
/**
 * Where toasts start from the top, at every width: below the page's header (`--toast-top` of the
 * host, see global.css), never over its buttons (menu, cart, back); in a dialog, see placeInDialog.
 */
const TOP_OFFSET = 'var(--toast-top)'
/** at the bottom: above the phone's dock (none on desktops, where it is display: none and the value is harmless) */
const BOTTOM_OFFSET = 'calc(var(--dock-h) + env(safe-area-inset-bottom) + 12px)'
/** room a toast needs above a dialog to sit there, clear of it */
const ABOVE_DIALOG = 76

/**
 * Toasts live in a host element that moves into the open modal dialog and back: a modal dialog
 * sits in the browser's top layer and makes the rest of the page inert, so toasts left outside
 * would show dimmed under its backdrop and be hidden from assistive technology. Moving the host
 * (not re-rendering) keeps the toasts already on screen.
 */
let host: HTMLDivElement | undefined
const hostStack: HTMLDialogElement[] = []
let watcher: ResizeObserver | undefined

/**
 * In a dialog, toasts sit above it when the screen leaves room there (a small dialog in the
 * middle), otherwise just below its title bar: never over its title, back arrow or close button.
 * The dialog's size changes with its view (log in, sign up), so this is measured again on resize.
 */
function placeInDialog(): void {
  const dialog = hostStack.at(-1)
  if (!host) return
  if (!dialog) {
    host.style.removeProperty('--toast-top')
    return
  }
  const frame = dialog.getBoundingClientRect()
  const head = dialog.querySelector('.modal__head')?.getBoundingClientRect()
  const top = frame.top >= ABOVE_DIALOG ? 12 : Math.max(frame.top, head ? head.bottom : frame.top) + 8
  host.style.setProperty('--toast-top', `${Math.round(top)}px`)
}

function watchDialog(): void {
  watcher?.disconnect()
  const dialog = hostStack.at(-1)
  if (dialog && typeof ResizeObserver !== 'undefined') {
    watcher ??= new ResizeObserver(placeInDialog)
    watcher.observe(dialog)
  }
  placeInDialog()
}

function toasterHost(): HTMLDivElement {
  if (!host) {
    host = document.createElement('div')
    host.className = 'toaster-host'
    document.body.append(host)
  }
  return host
}

/** Moves the toasts into a dialog that just opened. */
export function adoptToaster(dialog: HTMLDialogElement): void {
  hostStack.push(dialog)
  dialog.append(toasterHost())
  watchDialog()
}

/** Gives the toasts back to the previous dialog, or the page, when a dialog closes. */
export function releaseToaster(dialog: HTMLDialogElement): void {
  const index = hostStack.lastIndexOf(dialog)
  if (index === -1) return
  hostStack.splice(index, 1)
  const parent = hostStack.at(-1) ?? document.body
  parent.append(toasterHost())
  watchDialog()
}

/** The toasts, once the first is wanted (see `src/ui/toaster.tsx`). */
export function ToastHost() {
  const [target] = useState(toasterHost)
  const [placement, setPlacement] = useState<ToastPlacement>({ at: 'top' })
  // header panels (messages, mini-cart, member menu) stay readable: toasts go beside them or to the bottom
  useEffect(() => watchHeaderPanels(TOAST_MAX_WIDTH, setPlacement), [])
  const where =
    placement.at === 'beside'
      ? { position: 'top-right' as const, offset: { top: TOP_OFFSET, right: `${placement.right}px` } }
      : placement.at === 'bottom'
        ? { position: 'bottom-center' as const, offset: { bottom: BOTTOM_OFFSET } }
        : { position: 'top-center' as const, offset: { top: TOP_OFFSET } }
  return createPortal(
    <Suspense fallback={null}>
      <Sonner
        position={where.position}
        offset={where.offset}
        mobileOffset={where.offset}
        duration={5000}
        style={{ '--width': `${TOAST_MAX_WIDTH}px` } as CSSProperties}
        toastOptions={{ style: { maxWidth: TOAST_MAX_WIDTH } }}
      />
      <Listening />
    </Suspense>,
    target,
  )
}

/** Rendered after sonner's toaster, so its effect runs once the toaster has subscribed. */
function Listening() {
  useEffect(toasterListening, [])
  return null
}
