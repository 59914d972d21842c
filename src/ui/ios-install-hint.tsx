import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { pwa } from '../lib/pwa'
import { useHydrated } from '../lib/use-hydrated'

// fetched on Safari for iPhone and iPad only
const IosInstallNote = lazy(() => import('./ios-install-note').then((module) => ({ default: module.IosInstallNote })))

/**
 * Safari on iPhone and iPad offers no install prompt: the shop is put on the home screen from the
 * Share sheet. Says so once, to Safari visitors who have not installed it, until dismissed.
 */
export function IosInstallHint({ hidden = false }: { hidden?: boolean }) {
  const { ios, standalone } = useSnapshot(pwa)
  // the server cannot tell the device: the hint appears once the app runs
  const hydrated = useHydrated()
  if (hidden || !hydrated || !ios || standalone) return null
  return (
    <Suspense fallback={null}>
      <IosInstallNote />
    </Suspense>
  )
}
