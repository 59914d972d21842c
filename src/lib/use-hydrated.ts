import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while React takes over a page the server drew (and on the server itself), true after.
 * What only the device knows (the session, the cart, the installed app) is drawn as the server drew
 * it — a visitor's — until then, so hydration matches; React then draws the device's at once. In
 * a page the app draws itself (the offline shell, a member's page) it is true from the start.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
