import { lazy, Suspense, useSyncExternalStore } from 'react'
import { onToasterWanted, toasterWanted } from '../lib/toast'

// fetched with the first toast, as sonner is: no page shows one when it opens
const ToastHost = lazy(() => import('./toast-host').then((module) => ({ default: module.ToastHost })))

/** Mounted by the root route; renders nothing until the first toast (see `src/lib/toast.ts`). */
export function Toaster() {
  // a page drawn on the server has no toasts, nor a document to put their host in
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  )
}
