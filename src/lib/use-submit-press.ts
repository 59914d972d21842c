import { useRef, type FocusEvent, type PointerEvent } from 'react'

/**
 * Whether focus is leaving a field for the form's submit button. A field that shows its message
 * when left would push the button down between press and release, and the tap would miss it: such
 * a form skips that message (pressing the button shows them all). Chromium and Firefox move focus
 * to the button (the blur's relatedTarget); Safari does not focus a button it clicks, so a pointer
 * pressed on the button counts too, until it is released.
 */
export function useSubmitPress() {
  const pressed = useRef(false)
  const towardsSubmit = useRef(false)
  const formProps = {
    onPointerDownCapture: (event: PointerEvent<HTMLFormElement>) => {
      if (!(event.target instanceof Element) || event.target.closest('button[type="submit"]') === null) return
      pressed.current = true
      const release = () => {
        pressed.current = false
        window.removeEventListener('pointerup', release)
        window.removeEventListener('pointercancel', release)
      }
      window.addEventListener('pointerup', release)
      window.addEventListener('pointercancel', release)
    },
    onBlurCapture: (event: FocusEvent<HTMLFormElement>) => {
      towardsSubmit.current = event.relatedTarget instanceof HTMLButtonElement && event.relatedTarget.type === 'submit'
    },
  }
  return { formProps, leavingForSubmit: () => pressed.current || towardsSubmit.current }
}
