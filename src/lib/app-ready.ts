let markReady: () => void = () => {}
const ready = new Promise<void>((resolve) => {
  markReady = resolve
})

let holds = 0
let marked = false

function settle() {
  if (!marked || holds > 0) return
  if (typeof document !== 'undefined') document.documentElement.dataset.app = 'ready'
  markReady()
}

/** Called by the root route once the app has taken over the page (after hydration). */
export function markAppReady(): void {
  marked = true
  settle()
}

/**
 * A part of the page hydrated later (src/ui/hydrate-later.tsx) keeps the app from counting as ready
 * until the returned function is called.
 */
export function holdAppReady(): () => void {
  holds++
  let released = false
  return () => {
    if (released) return
    released = true
    holds--
    settle()
  }
}

/** Resolves once the app runs the page: hydration is over, what it shows is the app's. */
export const whenAppReady = (): Promise<void> => ready
