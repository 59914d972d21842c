/**
 * The pages a visitor (or a crawler, or a link preview) opens first, rendered on the server from
 * the same routes, components and query options the browser uses. Built by `vite build --ssr` into
 * dist-server/ and called by server/ssr/pages.ts for every page request that is not a member's.
 *
 * One request: a router and a query client of its own; the route loaders fetch from the API in
 * process; every query they start is settled before the page is drawn, so the HTML and the data
 * handed to the browser (TanStack Router's dehydration, with the query cache through
 * @tanstack/react-router-ssr-query) agree and hydration draws the same thing. The head (title,
 * canonical, alternates, Open Graph, JSON-LD) is what the matched routes' `head()` wrote
 * (src/lib/page-head.ts), drawn by the same `HeadContent` the browser keeps it with.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { createRequestHandler, RouterServer, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server'
import type { QueryClient } from '@tanstack/react-query'
import { HeadContent, RouterContextProvider } from '@tanstack/react-router'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { LOCALES } from '../contract/constants'
import type { RenderedPage, RenderOptions } from '../contract/page-renderer'
import { provideServerEnvironment, type ServerEnvironment } from './lib/environment'
import { i18n, loadCatalog } from './lib/i18n'
import { htmlLang, localeFromPathname, toLinguiLocale } from './lib/locale'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './router'
import { injectIntoTemplate } from './ssr/template'

export type { RenderedPage, RenderOptions, SiteFacts } from '../contract/page-renderer'

/** Nobody is signed in on the server: a member's session lives in their browser's storage. */
const visitor = { ready: () => Promise.resolve(), isSignedIn: () => false }

/** How long a page waits for the API before it is answered with what it has (the browser fetches the rest). */
const SETTLE_TIMEOUT_MS = 8_000

async function settled(queryClient: QueryClient): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS
  while (queryClient.isFetching() > 0 && Date.now() < deadline) {
    const pending = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.promise)
      .filter((promise) => promise !== undefined)
    await Promise.race([Promise.allSettled(pending), new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))])
  }
}


const requests = new AsyncLocalStorage<ServerEnvironment>()
provideServerEnvironment(() => requests.getStore())

/** Every language's messages, loaded once: a page is drawn synchronously in the language it asks for. */
export const ready: Promise<void> = Promise.all(LOCALES.map((locale) => loadCatalog(locale))).then(() => undefined)

export async function renderPage(request: Request, options: RenderOptions): Promise<RenderedPage | Response> {
  await ready
  const environment: ServerEnvironment = { cookie: request.headers.get('cookie') ?? '', fetch: options.fetch, publicUrl: options.site.publicUrl }
  return requests.run(environment, async () => {
    const handler = createRequestHandler({
      request,
      createRouter: () => {
        const client = createQueryClient()
        const router = createAppRouter(client, visitor)
        // The query integration takes its snapshot after this: every query a loader started is in
        // it, settled. Only those are handed over: a query a component starts while the page is drawn
        // was drawn loading, and an answer arriving before hydration would not match it.
        const handedOver = new Set<string>()
        router.options.dehydrate = async () => {
          await settled(client)
          for (const query of client.getQueryCache().getAll()) if (query.state.status === 'success') handedOver.add(query.queryHash)
          // the page's head names PUBLIC_URL; the browser keeps naming it (src/lib/environment.ts)
          return { publicUrl: options.site.publicUrl }
        }
        setupRouterSsrQueryIntegration({ router, queryClient: client, dehydrateOptions: { shouldDehydrateQuery: (query) => handedOver.has(query.queryHash) } })
        return router
      },
    })
    let page: RenderedPage | undefined
    const response = await handler(async ({ router, responseHeaders }) => {
      const locale = localeFromPathname(new URL(request.url).pathname)
      // the render below is synchronous: the language it activates cannot change under it
      i18n.activate(toLinguiLocale(locale))
      const app = renderToString(<RouterServer router={router} />)
      // the routes' heads, as the browser's HeadContent draws them once it takes over (which then adopts these tags)
      const head = renderToStaticMarkup(
        <RouterContextProvider router={router}>
          <HeadContent />
        </RouterContextProvider>,
      )
      const withData = (await transformHtmlStringWithRouter(router, app)).replace(/^<!DOCTYPE html>/i, '')
      // a loader that failed (the API or the database down) shows the error page: so does the status
      const matches = router.stores.matches.get()
      const failed = matches.some((match) => match.status === 'error')
      const notFound = matches.some((match) => match.status === 'notFound' || match._notFound === true)
      page = {
        status: failed ? 500 : notFound ? 404 : 200,
        headers: new Headers(responseHeaders),
        body: injectIntoTemplate(options.template, { lang: htmlLang(locale), head: `    ${head}\n`, app: withData }),
      }
      return new Response(null, { status: page.status })
    })
    // a redirect (an old link, a language the visitor chose before) is answered as one
    if (!page) return response
    return page
  })
}
