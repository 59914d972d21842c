import { existsSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { isServerPath } from '../contract/server-paths'
import { PRIVATE_NO_STORE } from './lib/http-caching'
import { isClientOnlyPage, type PageRenderer } from './ssr/pages'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
const IMAGES = 'public, max-age=86400, stale-while-revalidate=604800'

/** Vite puts content-hashed files under /assets; everything else may change between releases. */
const cacheControlFor = (urlPath: string) => {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE
  if (urlPath.startsWith('/images/')) return IMAGES
  return REVALIDATE
}

/** A path without a file extension is a page of the app (`/`, `/en/product/detail/12`), unless the server owns it. */
const isPagePath = (urlPath: string) => path.extname(urlPath) === '' && !isServerPath(urlPath)

/**
 * Serves the built PWA. Pages: rendered on the server (src/entry-server.tsx) with their content,
 * head and true status, except the member's own pages, which get the shell (`index.html`) the app
 * fills in, as every page does when no server bundle was built. Files come from `publicDir` with
 * caching headers; a missing file answers 404.
 */
export function staticSite(publicDir: string, pages?: Promise<PageRenderer | undefined>) {
  const app = new Hono()
  const root = path.relative(process.cwd(), publicDir) || '.'
  const indexFile = path.join(publicDir, 'index.html')
  app.use('*', compress())
  app.use('*', async (c, next) => {
    await next()
    if (c.res.status === 200 && !c.res.headers.has('cache-control')) c.header('cache-control', cacheControlFor(c.req.path))
  })
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (!isPagePath(c.req.path) || isClientOnlyPage(c.req.path)) return next()
    const renderer = await pages
    return renderer ? renderer.render(c.req.raw) : next()
  })
  app.use('*', serveStatic({ root }))
  // deep links open the shell whatever the client accepts (curl and link checkers send */*)
  app.get('*', async (c, next) => {
    if (!isPagePath(c.req.path) || !existsSync(indexFile)) return next()
    // a member's page (cart, orders, payment, signing in) is kept by no cache, whatever its shell holds
    c.header('cache-control', isClientOnlyPage(c.req.path) ? PRIVATE_NO_STORE : REVALIDATE)
    return serveStatic({ path: path.relative(process.cwd(), indexFile) })(c, next)
  })
  return app
}
