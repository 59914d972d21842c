import { proxy } from 'valtio'
import { SW_MESSAGES } from '../../sw/routes'

/** The install prompt Chromium offers (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export interface PwaState {
  /** a new version is installed and waiting for the shopper's reload */
  updateReady: boolean
  /** the browser offered to install the shop (`beforeinstallprompt`) */
  installable: boolean
  /** running from the home screen */
  standalone: boolean
  /** Safari on iPhone/iPad: no install prompt, only Share -> Add to Home Screen */
  ios: boolean
}

export const pwa = proxy<PwaState>({ updateReady: false, installable: false, standalone: false, ios: false })

/** the new version installed and waiting for the shopper's reload */
let waitingWorker: ServiceWorker | undefined
let installPrompt: BeforeInstallPromptEvent | undefined

/**
 * Safari on an iPhone or iPad, where the shop is installed only through Share -> Add to Home Screen.
 * iPadOS asks for desktop pages and names itself a Mac: a Mac with a touch screen is an iPad. Other
 * browsers on iOS (Chrome, Firefox, Edge) and the in-app browsers of LINE, Instagram and Facebook
 * have no "Add to Home Screen", so they get no instructions.
 */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const apple = /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1)
  return apple && /safari/i.test(userAgent) && !/crios|fxios|edgios|line\/|instagram|fban|fbav|fb_iab/i.test(userAgent)
}

/**
 * Registers the service worker (production builds only) and listens for what it and the browser
 * report: a waiting update, catalogue answers that changed, the install prompt. Call once, early:
 * `beforeinstallprompt` fires only once per page.
 */
export function startPwa({ onCatalogueUpdated, onNavigate }: { onCatalogueUpdated: (url: string) => void; onNavigate: (url: string) => void }): void {
  pwa.standalone = matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
  pwa.ios = isIosSafari(navigator.userAgent, navigator.maxTouchPoints)
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    installPrompt = event as BeforeInstallPromptEvent
    pwa.installable = true
  })
  window.addEventListener('appinstalled', () => {
    installPrompt = undefined
    pwa.installable = false
  })
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; url?: string }>) => {
    if (event.data?.type === SW_MESSAGES.catalogueUpdated && event.data.url) onCatalogueUpdated(event.data.url)
    // a notification was clicked: the worker (sw/notifications.ts) checked that the path is the shop's
    if (event.data?.type === SW_MESSAGES.navigate && event.data.url?.startsWith('/') && !event.data.url.startsWith('//')) onNavigate(event.data.url)
  })
  void registerWorker().catch((error: unknown) => console.warn('The offline support could not start', error))
}

const WAITING_CHECK_MS = 200

/**
 * What workbox-window's `Workbox` did for the shop, in the browser's own API (2 KB less in the first
 * download): register after the page's load, and report a new version once it is installed and
 * waiting, whether found now (the browser checks at each navigation, maybe before this runs) or
 * left waiting by an earlier visit. The first install has no controller to replace: nothing to report.
 */
async function registerWorker(): Promise<void> {
  if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  const registration = await navigator.serviceWorker.register('/sw.js')
  const announce = (worker: ServiceWorker) => {
    if (!navigator.serviceWorker.controller) return
    waitingWorker = worker
    pwa.updateReady = true
  }
  // as workbox-window: installed and still waiting a moment later (not activating on its own)
  const installed = (worker: ServiceWorker) => setTimeout(() => registration.waiting === worker && announce(worker), WAITING_CHECK_MS)
  const follow = (worker: ServiceWorker | null) => {
    if (!worker) return
    if (worker.state === 'installed') installed(worker)
    else worker.addEventListener('statechange', () => worker.state === 'installed' && installed(worker))
  }
  if (registration.waiting) announce(registration.waiting)
  follow(registration.installing)
  registration.addEventListener('updatefound', () => follow(registration.installing))
}

/** The shopper accepted the update: the waiting worker takes over, then the page reloads once. */
export function applyUpdate(): void {
  if (!waitingWorker) return
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  waitingWorker.postMessage({ type: SW_MESSAGES.skipWaiting })
}

/** Shows the browser's install dialog; resolves true when the shopper installs. */
export async function promptInstall(): Promise<boolean> {
  const prompt = installPrompt
  if (!prompt) return false
  installPrompt = undefined
  pwa.installable = false
  await prompt.prompt()
  return (await prompt.userChoice).outcome === 'accepted'
}
