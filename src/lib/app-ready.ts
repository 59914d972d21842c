let markReady: () => void = () => {}
const ready = new Promise<void>((resolve) => {
  markReady = resolve
})

/** Called by the root route once the app has taken over the page (after hydration). */
export function markAppReady(): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.app = 'ready'
  markReady()
}

/** Resolves once the app runs the page: hydration is over, what it shows is the app's. */
export const whenAppReady = (): Promise<void> => ready
