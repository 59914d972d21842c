import type { ReactNode } from 'react'
import type * as SonnerModule from 'sonner'
import type { ExternalToast } from 'sonner'

type Sonner = typeof SonnerModule

/**
 * Toasts without sonner in the first download: the library (about 10 KB compressed) is fetched
 * the first time something is announced, and `src/ui/toaster.tsx` then mounts its toaster. A
 * toast sent before the toaster listens would be lost, so every call waits for the toaster.
 */
let loading: Promise<Sonner> | undefined
let wanted = false
const listeners = new Set<() => void>()
let markListening: () => void = () => undefined
const listening = new Promise<void>((resolve) => (markListening = resolve))

function sonner(): Promise<Sonner> {
  loading ??= import('sonner').then(async (module) => {
    wanted = true
    for (const listener of listeners) listener()
    await listening
    return module
  })
  return loading
}

/** For the toaster: whether a toast was ever asked for, and a way to hear when that happens. */
export const toasterWanted = (): boolean => wanted
export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
/** The toaster calls this once it listens for toasts. */
export const toasterListening = (): void => markListening()

type Kind = 'success' | 'error' | 'warning' | 'info' | 'message'
const show = (kind: Kind) => (message: ReactNode, options?: ExternalToast) =>
  void sonner().then(({ toast }) => toast[kind](message, options))

export const toast = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
  message: show('message'),
  dismiss: (id?: string | number) => void loading?.then(({ toast }) => toast.dismiss(id)),
}
