import { Suspense, use, useSyncExternalStore, type ReactNode } from 'react'
import { holdAppReady } from '../lib/app-ready'

/**
 * What lies below the first screen of a page the server drew is taken over by the app after the
 * rest (decision 67): while React hydrates the page, this part suspends, so React leaves the
 * server's HTML in place (nothing moves, nothing is drawn twice) and hydrates it once the browser
 * is idle or the visitor first touches, clicks or types. That later pass runs in slices that yield
 * to input, instead of one long task with the whole page in it. The server and a page the app
 * draws itself (a navigation, the offline shell) render the children at once.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  )
}

const never = () => () => {}

/** Called by the browser's entry just before it hydrates a page the server drew: the server renders everything. */
export function deferBelowTheFold(): void {
  release.armed = true
}

function Gate({ children }: { children: ReactNode }) {
  // the server's snapshot while hydrating (as useHydrated), the client's afterwards
  const hydrating = useSyncExternalStore(never, () => false, () => true)
  // `use` on every render (its rule): a settled thenable (React reads its status) when nothing waits
  use(hydrating && release.armed && !release.done ? release.promise() : settled)
  return children
}

const settled = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined })

const idle = (run: () => void, timeout: number) => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout }) : setTimeout(run, 200))

/**
 * One release for the page: the first idle moment after hydration, or the first input, whichever
 * comes first. Until the parts it held have been hydrated too (the browser idle again), the app
 * does not count as ready (src/lib/app-ready.ts).
 */
const release = {
  armed: false,
  done: false,
  pending: undefined as Promise<void> | undefined,
  promise(): Promise<void> {
    this.pending ??= new Promise<void>((resolve) => {
      const ready = holdAppReady()
      const events = ['pointerdown', 'keydown', 'focusin', 'wheel', 'touchstart'] as const
      const go = () => {
        if (release.done) return
        // set before React handles the event that caused it: its attempt to hydrate the touched part succeeds
        release.done = true
        for (const event of events) window.removeEventListener(event, go, true)
        resolve()
        // React hydrates the released parts in slices; the browser is idle once they are all done
        setTimeout(() => idle(ready, 5000))
      }
      for (const event of events) window.addEventListener(event, go, { capture: true, passive: true })
      idle(go, 2000)
    })
    return this.pending
  },
}
