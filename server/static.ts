import { existsSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
const IMAGES = 'public, max-age=86400, stale-while-revalidate=604800'

/** Vite puts content-hashed files under /assets; everything else may change between releases. */
const cacheControlFor = (urlPath: string) => {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE
  if (urlPath.startsWith('/images/')) return IMAGES
  return REVALIDATE
}

/**
 * Serves the built PWA: files from `publicDir` with caching headers, and `index.html` for any
 * other GET that accepts HTML, so deep links open the app (the router then shows its own
 * not-found page). Missing files elsewhere answer 404.
 */
export function staticSite(publicDir: string) {
  const app = new Hono()
  const root = path.relative(process.cwd(), publicDir) || '.'
  const indexFile = path.join(publicDir, 'index.html')
  app.use('*', compress())
  app.use('*', async (c, next) => {
    await next()
    if (c.res.status === 200 && !c.res.headers.has('cache-control')) c.header('cache-control', cacheControlFor(c.req.path))
  })
  app.use('*', serveStatic({ root }))
  app.get('*', async (c, next) => {
    const wantsHtml = c.req.header('accept')?.includes('text/html')
    if (!wantsHtml || path.extname(c.req.path) !== '' || !existsSync(indexFile)) return next()
    c.header('cache-control', REVALIDATE)
    return serveStatic({ path: path.relative(process.cwd(), indexFile) })(c, next)
  })
  return app
}
