import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react'
import { createPortal } from 'react-dom'
import { isServer } from '../lib/environment'
import { onToasterWanted, toasterListening, toasterWanted } from '../lib/toast'

const Sonner = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

const TOAST_MAX_WIDTH = 350
/** On phones a 350 px toast is as wide as the screen: it sits below the 60 px header, not over its buttons (menu, cart). */
const PHONE_TOP_OFFSET = 68

/**
 * Toasts live in a host element that moves into the open modal dialog and back: a modal dialog
 * sits in the browser's top layer and makes the rest of the page inert, so toasts left outside
 * would show dimmed under its backdrop and be hidden from assistive technology. Moving the host
 * (not re-rendering) keeps the toasts already on screen.
 */
let host: HTMLDivElement | undefined
const hostStack: Element[] = []

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
}

/** Gives the toasts back to the previous dialog, or the page, when a dialog closes. */
export function releaseToaster(dialog: HTMLDialogElement): void {
  const index = hostStack.lastIndexOf(dialog)
  if (index === -1) return
  hostStack.splice(index, 1)
  const parent = hostStack.at(-1) ?? document.body
  parent.append(toasterHost())
}

/** Mounted by the root route; renders nothing until the first toast (see `src/lib/toast.ts`). */
export function Toaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false)
  // a page drawn on the server has no toasts, nor a document to put their host in
  const [target] = useState(() => (isServer ? undefined : toasterHost()))
  if (!wanted || !target) return null
  return createPortal(
    <Suspense fallback={null}>
      <Sonner
        position="top-center"
        mobileOffset={{ top: PHONE_TOP_OFFSET }}
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
