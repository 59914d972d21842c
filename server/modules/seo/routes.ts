import { Hono } from 'hono'
import type { Database } from '../../db/client'
import { compression } from '../../lib/compression'
import { robotsTxt } from './robots'
import { localeOfSitemapFile, sitemapIndexXml, sitemapPages, urlsetXml } from './sitemap'

// Crawlers come back daily at most; an hour keeps a new product's wait short and the database unbothered.
const CACHE_CONTROL = 'public, max-age=3600'

/** `/robots.txt`, `/sitemap.xml` (an index) and `/sitemaps/{zh-TW,en,ja}.xml`, from the catalogue as it is now. */
export function seoRoutes(db: Database['db'], publicUrl: string) {
  const xml = (body: string) => new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': CACHE_CONTROL } })
  return new Hono()
    .get('/robots.txt', (c) => {
      c.header('cache-control', CACHE_CONTROL)
      return c.text(robotsTxt(publicUrl))
    })
    .get('/sitemap.xml', compression(), async () => {
      const pages = await sitemapPages(db)
      return xml(sitemapIndexXml(publicUrl, pages[0]?.lastmod))
    })
    .get('/sitemaps/:file{[A-Za-z-]+\\.xml}', compression(), async (c, next) => {
      const locale = localeOfSitemapFile(c.req.param('file').replace(/\.xml$/, ''))
      if (!locale) return next()
      return xml(urlsetXml(await sitemapPages(db), locale, publicUrl))
    })
}
