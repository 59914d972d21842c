import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Logger } from '../lib/logger'
import { SCRIPT_NONCE_HEADER } from '../lib/security-headers'
import { pageTemplate } from './template'

/** Stands for the response's nonce in the template; replaced in each page. */
const NONCE_SLOT = '__csp_nonce__'

/** What the server bundle (src/entry-server.tsx, built into SSR_DIR) exports. */
interface EntryServer {
  ready: Promise<void>
  renderPage(
    request: Request,
    options: { template: string; site: { publicUrl: string }; nonce: string; fetch: (url: string, init?: RequestInit) => Promise<Response> },
  ): Promise<{ status: number; headers: Headers; body: string } | Response>
}

export interface PageRenderer {
  /** the page as HTML with its status; a Response for a redirect */
  render(request: Request): Promise<Response>
}

/**
 * Pages drawn in the browser only: what they show is the member's (their cart, orders, payment)
 * or a step of signing in. They get the shell, which the app fills in; nothing there is for a
 * search engine or a link preview.
 */
const CLIENT_ONLY = /^\/(?:(?:en|ja)\/)?(?:cart|payment|purchase|user|login|auth)(?:\/|$)/

export const isClientOnlyPage = (pathname: string): boolean => CLIENT_ONLY.test(pathname)

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
  const template = pageTemplate(shell, { templateFile, nonceSlot: NONCE_SLOT })
  await entry.ready
  const origin = new URL(publicUrl).origin
  const apiFetch = async (url: string, init?: RequestInit) => fetch(new Request(new URL(url, origin), init))
  return {
    async render(request) {
      const started = performance.now()
      const nonce = randomBytes(16).toString('base64')
      let result: Awaited<ReturnType<EntryServer['renderPage']>>
      try {
        result = await entry.renderPage(request, { template, site: { publicUrl: origin }, nonce, fetch: apiFetch })
      } catch (error) {
        // the renderer itself failed: a 500 with the shell, whose app draws the page (or its error page) in the browser
        logger.error('a page could not be rendered', { path: new URL(request.url).pathname, error: error instanceof Error ? error.name : 'unknown' })
        return new Response(request.method === 'HEAD' ? null : shell, { status: 500, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
      }
      if (result instanceof Response) return result
      const body = result.body.replace(NONCE_SLOT, nonce)
      const headers = new Headers(result.headers)
      headers.set(SCRIPT_NONCE_HEADER, nonce)
      headers.set('content-type', 'text/html; charset=utf-8')
      // Drawn afresh on each visit and never stored: each answer carries its own script nonce, and a
      // cached copy revalidated with a 304 would be run under the newer answer's policy and blocked.
      headers.set('cache-control', 'no-store')
      headers.set('server-timing', `render;dur=${(performance.now() - started).toFixed(1)}`)
      if (result.status >= 500) logger.error('page rendered as an error', { path: new URL(request.url).pathname, status: result.status })
      return new Response(request.method === 'HEAD' ? null : body, { status: result.status, headers })
    },
  }
}
