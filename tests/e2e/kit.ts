import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import type { AxeResults, ImpactValue } from 'axe-core'
import type { Product } from '../../contract/catalogue'
import type { Paged } from '../../contract/page'

export { expect }

export type UiLocale = 'zh-TW' | 'en' | 'ja'

export const LOCALE_PATH_PREFIX: Record<UiLocale, string> = { 'zh-TW': '', en: '/en', ja: '/ja' }
export const HTML_LANG: Record<UiLocale, string> = { 'zh-TW': 'zh-Hant-TW', en: 'en', ja: 'ja' }
const API_LOCALE: Record<UiLocale, string> = { 'zh-TW': 'zh_tw', en: 'en', ja: 'ja' }
/** The API's X-localization value for a page's language. */
export const apiLocale = (locale: UiLocale) => API_LOCALE[locale]

const catalogs = new Map<UiLocale, Map<string, string>>()

/** A PO catalog as msgid -> msgstr (single-line entries, as Lingui writes them). */
function loadCatalog(locale: UiLocale): Map<string, string> {
  const cached = catalogs.get(locale)
  if (cached) return cached
  const text = readFileSync(path.resolve('locales', locale, 'messages.po'), 'utf8')
  const entries = new Map<string, string>()
  const unquote = (s: string) => JSON.parse(s) as string
  for (const match of text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)) {
    const [, id, str] = match
    if (id && str) entries.set(unquote(id), unquote(str))
  }
  catalogs.set(locale, entries)
  return entries
}

/** The text the UI shows for an English source message in a locale, read from the PO catalog. */
export function tr(locale: UiLocale, message: string): string {
  if (locale === 'en') return message
  const translated = loadCatalog(locale).get(message)
  if (!translated) throw new Error(`No ${locale} translation for "${message}" in locales/${locale}/messages.po`)
  return translated
}

interface KitOptions {
  /** console errors matching one of these (text plus the resource URL) do not fail the test */
  allowedConsoleErrors: RegExp[]
  /** pre-accept the cookie notice so it does not cover the page; the cookie-banner spec turns this off */
  acceptCookies: boolean
  /**
   * a returning shopper (the `returning` project): a first visit installs the service worker, and
   * every page the test opens is controlled by it, as on any second visit or in the installed app
   */
  returning: boolean
}

/**
 * The project's `test`: fails on any console error or uncaught page error, and starts each test
 * with the cookie notice accepted unless told otherwise.
 */
export const test = base.extend<KitOptions & { guard: void }>({
  allowedConsoleErrors: [[], { option: true }],
  acceptCookies: [true, { option: true }],
  returning: [false, { option: true }],
  page: async ({ page, returning, serviceWorkers }, use) => {
    // a spec that arranges answers itself blocks the worker (it would answer first); it runs as a new visitor
    if (returning && serviceWorkers === 'allow') await firstVisit(page)
    // A page the server drew shows before the app has taken it over; a click then would be lost (a
    // shopper's finger is slower). Opening a page waits for the app, where there is one.
    for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>
      ;(page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        const response = await original(...args)
        await waitForApp(page)
        return response
      }
    }
    await use(page)
  },
  guard: [
    async ({ page, context, baseURL, allowedConsoleErrors, acceptCookies }, use) => {
      if (acceptCookies) await context.addCookies([{ name: 'gdpr_accepted', value: '1', url: baseURL! }])
      const problems: string[] = []
      const allowed = allowedConsoleErrors
      // a page that does not exist answers 404 with the not-found page: the browser logs the status
      const notFoundPages = new Set<string>()
      page.on('response', (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest()) notFoundPages.add(response.url())
      })
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        const text = `${message.text()} @ ${message.location().url}`
        if (/status of 404/.test(message.text()) && notFoundPages.has(message.location().url)) return
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`)
      })
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
      await use()
      expect(problems, 'the page logged errors').toEqual([])
    },
    { auto: true },
  ],
})

/**
 * The visit before the test's: the home page, until the service worker is installed, active and
 * controls the page. Later navigations in this context go through the worker.
 */
async function firstVisit(page: Page) {
  await page.goto('/')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })
  await page.evaluate(async () => void (await navigator.serviceWorker.ready))
}

/**
 * The data folder of the shop the running test talks to (its outbox, its generated keys): each
 * server playwright.config.ts starts has its own, listed by address in E2E_DATA_DIRS.
 */
export function shopDataDir(): string {
  const byUrl = JSON.parse(process.env.E2E_DATA_DIRS ?? '{}') as Record<string, string>
  const baseURL = base.info().project.use.baseURL
  const dataDir = (baseURL && byUrl[baseURL]) ?? process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: playwright.config.ts sets it when it starts the shop')
  return dataDir
}

/** Whether the page is controlled by the service worker (every page of a returning shopper is). */
export const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null)

/**
 * Screenshots for a person to look at, taken only when E2E_SHOTS_DIR names a folder (`npm test`
 * takes none): `name.png`, or with `widths` one `name-<width>.png` per width, the page's own size
 * put back afterwards. `target` shoots one element, `fullPage` the whole page.
 */
export async function lookAt(page: Page, name: string, options: { widths?: number[]; fullPage?: boolean; target?: Locator } = {}): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  const size = page.viewportSize()
  for (const width of options.widths ?? [undefined]) {
    if (width) await page.setViewportSize({ width, height: width < 640 ? 844 : 900 })
    const file = path.join(dir, width ? `${name}-${width}.png` : `${name}.png`)
    if (options.target) {
      await options.target.scrollIntoViewIfNeeded()
      await options.target.screenshot({ path: file })
    } else await page.screenshot({ path: file, fullPage: options.fullPage })
  }
  if (options.widths && size) await page.setViewportSize(size)
}

/** Waits until the app runs the page the server drew (nothing to wait for in the shell or another site's page). */
export async function waitForApp(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !('$_TSR' in window) || document.documentElement.dataset.app === 'ready', undefined, { timeout: 15_000 })
    .catch((error: unknown) => {
      // the page went away meanwhile (a redirect, the test's next step): nothing to wait for
      if (!/Execution context was destroyed|Target page, context or browser has been closed|navigation/i.test(String(error))) throw error
    })
}

/**
 * Goes to a page inside the running app, as a link would, without loading a document: the app
 * fetches the page's data itself (which a test can intercept), where a fresh load would have the
 * server draw it.
 */
export async function navigateInApp(page: Page, href: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(history.state, '', target)
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  }, href)
}

const productCache = new Map<string, Product[]>()

/** Every product in the shop (as the API lists them), for finding one with a given trait. */
export async function allProducts(request: APIRequestContext, locale: UiLocale = 'zh-TW'): Promise<Product[]> {
  const cached = productCache.get(locale)
  if (cached) return cached
  const products: Product[] = []
  for (let page = 1; ; page++) {
    const response = await request.get(`/api/v1/product?per_page=100&page=${page}`, { headers: { 'X-localization': API_LOCALE[locale] } })
    expect(response.ok()).toBe(true)
    const body = (await response.json()) as Paged<Product>
    products.push(...body.data)
    if (page >= body.last_page) break
  }
  productCache.set(locale, products)
  return products
}

export async function findProduct(request: APIRequestContext, predicate: (p: Product) => boolean, locale: UiLocale = 'zh-TW'): Promise<Product> {
  const product = (await allProducts(request, locale)).find(predicate)
  if (!product) throw new Error('The catalogue has no product with the trait this test needs')
  return product
}

/** NT$1,234, as the shop shows prices. */
export const ntd = (amount: number) => `NT$${amount.toLocaleString('en-US')}`

/** The page's header (banner landmark); on phones the detail pages use a bar without one. */
export const header = (page: Page) => page.getByRole('banner')

/** A member's bearer token from the API, for arranging what the server holds before a test. */
export async function apiToken(request: APIRequestContext, member: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/v1/login', { data: { email: member.email, password: member.password } })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { data: { token: string } }).data.token
}

/** The member's cart on the server as variant id -> quantity. */
export async function serverCart(request: APIRequestContext, token: string): Promise<Record<number, number>> {
  const response = await request.get('/api/v1/cart', { headers: { authorization: `Bearer ${token}` } })
  expect(response.ok()).toBe(true)
  const { data } = (await response.json()) as { data: { variant_id: number; quantity: number }[] }
  return Object.fromEntries(data.map((line) => [line.variant_id, line.quantity]))
}

let axeSource: string | undefined
/** Impacts that fail a page; minor and moderate findings are left to review. */
const BLOCKING_IMPACTS: ImpactValue[] = ['serious', 'critical']

/**
 * Runs axe-core over the page as it is now and expects no serious or critical violation (soft, so
 * one test can report several pages). axe is evaluated through the debugging protocol rather than
 * a script tag, which the shop's Content-Security-Policy would refuse.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  // colours are judged as they end up: a dialog fading in has its text half-blended for a moment,
  // which a loaded machine can catch. Finite animations and transitions are awaited; endless ones
  // (spinners) are not, nor those in parts of the page not drawn yet (content-visibility: auto
  // holds their animations until they come near the screen).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target
          return !target || target.checkVisibility({ contentVisibilityAuto: true })
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }))
  const blocking = results.violations
    .filter((violation) => violation.impact && BLOCKING_IMPACTS.includes(violation.impact))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 3).join(' ').trim() ?? ''}`),
    }))
  expect.soft(blocking, `serious or critical accessibility violations on ${label}`).toEqual([])
}
