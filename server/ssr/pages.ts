import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { COOKIES } from '../../contract/constants'
import { pathWithoutLocale } from '../../contract/locale-paths'
import type { EntryServer } from '../../contract/page-renderer'
import { NOT_FOUND_PAGE, PRIVATE_NO_STORE, PUBLIC_PAGE } from '../lib/http-caching'
import type { Logger } from '../lib/logger'
import { SCRIPT_HASHES_HEADER } from '../lib/security-headers'
import { addVary } from '../lib/vary'
import { cutVolatile, heldPage, pageTag, writeOut, type DrawnPage } from './page-tag'
import { inlineScriptHashes } from './script-hashes'
import { pageTemplate } from './template'

/** The template's script nonce attribute: pages carry none (their scripts are allowed by hash), so it is taken out. */
const NONCE_SLOT = '__csp_nonce__'


export interface PageRenderer {
  /** the page as HTML with its status; a Response for a redirect */
  render(request: Request): Promise<Response>
}

/**
 * Pages drawn in the browser only: what they show is the member's (their cart, orders, payment)
 * or a step of signing in. They get the shell, which the app fills in; nothing there is for a
 * search engine or a link preview.
 */
const CLIENT_ONLY = /^\/(?:cart|payment|purchase|user|login|auth)(?:\/|$)/

export const isClientOnlyPage = (pathname: string): boolean => CLIENT_ONLY.test(pathWithoutLocale(pathname))

/** `/` sends a visitor who chose another language before (the `locale` cookie) to that language's home page. */
const readsLocaleCookie = (pathname: string) => pathname === '/'

const localeCookieOf = (cookie: string | null): string | undefined => {
  for (const part of (cookie ?? '').split(';')) {
    const [name, ...value] = part.split('=')
    if (name?.trim() === COOKIES.locale) return value.join('=').trim()
  }
  return undefined
}

/**
 * The request a page is drawn from: the visitor's address and nothing of theirs. Their cookies
 * (consent, a referral code, the currency, a device token) stay out, so the page is the same for
 * everyone and a shared cache may keep it; the app adds what is the visitor's once it runs. Only `/`
 * reads one cookie, the language chosen before, and says so with `Vary: Cookie`.
 */
function anonymous(request: Request, url: URL): Request {
  const headers = new Headers(request.headers)
  headers.delete('cookie')
  headers.delete('authorization')
  const locale = readsLocaleCookie(url.pathname) ? localeCookieOf(request.headers.get('cookie')) : undefined
  if (locale && /^[a-z_]{2,10}$/.test(locale)) headers.set('cookie', `${COOKIES.locale}=${locale}`)
  return new Request(url, { method: 'GET', headers })
}

/** Who may keep a drawn page, by its status: everyone briefly (a shared cache for longer), or nobody. */
const cacheControlFor = (status: number) => (status === 200 ? PUBLIC_PAGE : status === 404 ? NOT_FOUND_PAGE : PRIVATE_NO_STORE)

export interface PageRendererOptions {
  /** the built PWA (its index.html is the template) */
  publicDir: string
  /** the built server bundle */
  ssrDir: string
  publicUrl: string
  /** reaches the API in process */
  fetch: (request: Request) => Promise<Response> | Response
  logger: Logger
}

/**
 * Loads the server bundle once. Without a build of it (an API test, `npm run dev`) there is none,
 * and pages fall back to the shell the browser fills in.
 */
export async function loadPageRenderer({ publicDir, ssrDir, publicUrl, fetch, logger }: PageRendererOptions): Promise<PageRenderer | undefined> {
  const entryFile = path.join(ssrDir, 'entry-server.js')
  const templateFile = path.join(publicDir, 'index.html')
  if (!existsSync(entryFile) || !existsSync(templateFile)) return undefined
  const [entry, shell] = await Promise.all([import(pathToFileURL(entryFile).href) as Promise<EntryServer>, readFile(templateFile, 'utf8')])
  const template = pageTemplate(shell, { templateFile, nonceSlot: NONCE_SLOT }).replaceAll(` nonce="${NONCE_SLOT}"`, '')
  await entry.ready
  const origin = new URL(publicUrl).origin
  const apiFetch = async (url: string, init?: RequestInit) => fetch(new Request(new URL(url, origin), init))
  return {
    async render(request) {
      const started = Date.now()
      const startedAt = performance.now()
      const url = new URL(request.url)
      const head = request.method === 'HEAD'
      let result: Awaited<ReturnType<EntryServer['renderPage']>>
      try {
        result = await entry.renderPage(anonymous(request, url), { template, site: { publicUrl: origin }, fetch: apiFetch })
      } catch (error) {
        // the renderer itself failed: a 500 with the shell, whose app draws the page (or its error page) in the browser
        logger.error('a page could not be rendered', { path: url.pathname, error: error instanceof Error ? error.name : 'unknown' })
        return new Response(head ? null : shell, { status: 500, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': PRIVATE_NO_STORE } })
      }
      if (result instanceof Response) {
        // a redirect: to the language chosen before (the visitor's), or to a tidied address
        const redirect = new Response(null, result)
        redirect.headers.set('cache-control', PRIVATE_NO_STORE)
        if (readsLocaleCookie(url.pathname)) addVary(redirect.headers, 'Cookie')
        return redirect
      }
      const headers = new Headers(result.headers)
      headers.set('content-type', 'text/html; charset=utf-8')
      headers.set('server-timing', `render;dur=${(performance.now() - startedAt).toFixed(1)}`)
      addVary(headers, 'Accept-Encoding', ...(readsLocaleCookie(url.pathname) ? ['Cookie'] : []))
      // nothing drawn for everyone may set a cookie; should something ever try, the answer is kept by nobody
      const cacheable = (result.status === 200 || result.status === 404) && !headers.has('set-cookie')
      headers.set('cache-control', cacheable ? cacheControlFor(result.status) : PRIVATE_NO_STORE)
      if (result.status >= 500) logger.error('page rendered as an error', { path: url.pathname, status: result.status })

      const drawn = cutVolatile(result.body, { from: started - 1_000, to: Date.now() + 1_000 })
      // conditions apply to a 200 only (RFC 9110 §13.2.1): a kept 404 is fetched again whole
      const validated = cacheable && result.status === 200
      const held = validated ? heldPage(request.headers.get('if-none-match') ?? undefined, drawn) : undefined
      const answered: DrawnPage = held?.page ?? drawn
      const body = writeOut(answered)
      headers.set(SCRIPT_HASHES_HEADER, inlineScriptHashes(body).join(' '))
      if (validated) headers.set('etag', held?.tag ?? pageTag(answered))
      // the client's copy is this page: its validators, caching and script hashes, no body (RFC 9110 §15.4.5)
      if (held) return new Response(null, { status: 304, headers })
      return new Response(head ? null : body, { status: result.status, headers })
    },
  }
}
