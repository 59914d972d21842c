/**
 * Where toasts go while a header panel is open (the bell's messages, the mini-cart, the member
 * menu): beside the panel, on its left, when the screen leaves room there, otherwise at the bottom
 * (above the phone's dock). A toast dropped over the panel would hide its newest entry, just when
 * the shopper is reading it. Panels are found by their buttons (`aria-expanded` + `aria-controls`
 * inside the page's header), so a new header panel needs nothing here.
 */
export type ToastPlacement =
  | { at: 'top' }
  | { at: 'beside'; right: number }
  | { at: 'bottom' }

export interface Rect {
  left: number
  right: number
  top: number
  bottom: number
}

/** a gap between the panel and the toasts, and from the window's edge */
const GAP = 12

export function placementFor(panels: Rect[], viewportWidth: number, toastWidth: number): ToastPlacement {
  if (panels.length === 0) return { at: 'top' }
  const left = Math.min(...panels.map((p) => p.left))
  // toasts right-aligned GAP to the left of the leftmost open panel, when a whole toast fits there
  if (left - GAP - GAP >= toastWidth) return { at: 'beside', right: Math.round(viewportWidth - left + GAP) }
  return { at: 'bottom' }
}

/** The rectangles of the header's open panels, as laid out now. */
export function openHeaderPanels(doc: Document = document): Rect[] {
  const rects: Rect[] = []
  for (const button of doc.querySelectorAll<HTMLElement>('header [aria-expanded="true"][aria-controls]')) {
    const panel = doc.getElementById(button.getAttribute('aria-controls') ?? '')
    if (!panel || panel.hidden || panel.closest('[hidden]')) continue
    const rect = panel.getBoundingClientRect()
    if (rect.width > 0 && rect.height > 0) rects.push({ left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom })
  }
  return rects
}

export const samePlacement = (a: ToastPlacement, b: ToastPlacement) => a.at === b.at && (a.at !== 'beside' || (b.at === 'beside' && a.right === b.right))

/**
 * Calls `onChange` with the placement now and whenever a header panel opens, closes or moves
 * (its button's aria-expanded, the panel appearing, the window resized). Answers a stop function.
 */
export function watchHeaderPanels(toastWidth: number, onChange: (placement: ToastPlacement) => void): () => void {
  let current: ToastPlacement = { at: 'top' }
  let frame = 0
  const measure = () => {
    frame = 0
    const next = placementFor(openHeaderPanels(), window.innerWidth, Math.min(toastWidth, window.innerWidth - 2 * GAP))
    if (samePlacement(next, current)) return
    current = next
    onChange(next)
  }
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(measure)
  }
  const observer = new MutationObserver(schedule)
  // the header is drawn again on navigation: watch the body, only for what opens and closes panels
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-expanded', 'hidden', 'aria-controls'], childList: true })
  window.addEventListener('resize', schedule)
  measure()
  return () => {
    observer.disconnect()
    window.removeEventListener('resize', schedule)
    if (frame) cancelAnimationFrame(frame)
  }
}
