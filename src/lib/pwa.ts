import { proxy } from 'valtio'
import type { Workbox } from 'workbox-window'
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
  /** LINE's in-app browser: no installing, no Google sign-in; the shop offers to open in the phone's browser */
  lineApp: boolean
}

export const pwa = proxy<PwaState>({ updateReady: false, installable: false, standalone: false, ios: false, lineApp: false })

/** LINE's in-app browser names itself in its user agent (`… Line/14.3.0 …`). */
export const isLineInAppBrowser = (userAgent: string): boolean => /\bLine\/\d/i.test(userAgent)

/**
 * This page in the phone's own browser: LINE's in-app browser opens an address carrying
 * `openExternalBrowser=1` in the default browser instead (LINE's developer documentation).
 */
export function externalBrowserUrl(href: string): string {
  const url = new URL(href)
  url.searchParams.set('openExternalBrowser', '1')
  return url.toString()
}

let workbox: Workbox | undefined
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
  pwa.lineApp = isLineInAppBrowser(navigator.userAgent)
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

/**
 * workbox-window registers the worker and reports a new version waiting, whether found now or left
 * waiting by an earlier visit. It is fetched once the page has loaded and the browser is idle: the
 * first screen works without it, and its 2 KB stay out of the first download (decision 70).
 */
async function registerWorker(): Promise<void> {
  if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  await new Promise((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(resolve, { timeout: 2_000 }) : setTimeout(resolve, 200)))
  const { Workbox } = await import('workbox-window')
  workbox = new Workbox('/sw.js')
  // 'waiting' fires for an update found now and for one left waiting by an earlier visit
  workbox.addEventListener('waiting', () => void (pwa.updateReady = true))
  await workbox.register()
}

/** The shopper accepted the update: the waiting worker takes over, then the page reloads once. */
export function applyUpdate(): void {
  if (!workbox) return
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  workbox.messageSkipWaiting()
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
