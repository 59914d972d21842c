import { describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { createLogger } from '../../server/lib/logger'
import { startShop } from './harness'

describe('GET /api/v1/openapi.json', () => {
  it('documents every API route with its parameters, success and error bodies', async () => {
    const shop = await startShop({ kind: 'pglite' })
    try {
      const { status, body: doc } = await shop.json('/api/v1/openapi.json')
      expect(status).toBe(200)
      expect(doc.openapi).toBe('3.1.0')
      expect(doc.servers).toEqual([{ url: '/api/v1' }])

      const { app } = buildApp({ config: loadConfig({ SSR_DIR: 'tests/fixtures/no-ssr' }), database: shop.database, logger: createLogger('silent') })
      const apiRoutes = app.routes
        .filter((r) => r.path.startsWith('/api/v1/') && !r.path.includes('*') && r.path !== '/api/v1/openapi.json' && r.method !== 'ALL')
        .map((r) => ({ method: r.method.toLowerCase(), path: r.path.replace('/api/v1', '').replace(/:(\w+)/g, '{$1}') }))
      expect(apiRoutes.length).toBeGreaterThanOrEqual(10)
      for (const { method, path } of apiRoutes) {
        const operation = doc.paths[path]?.[method]
        expect(operation, `${method.toUpperCase()} ${path} is not documented`).toBeDefined()
        const success = operation.responses['200'] ?? operation.responses['201']
        // a protocol's own answer (ECPay's 1|OK) is plain text
        if (success) expect((success.content['application/json'] ?? success.content['text/plain']).schema, `${path} has no response schema`).toBeDefined()
        else expect(operation.responses['302'], `${path} documents no success answer`).toBeDefined()
        expect(operation.responses['500'], `${path} lacks its error response`).toBeDefined()
        // what the HTTP server answers before any route: a request too slow to arrive, too large
        for (const status of ['408', '413', '431']) expect(operation.responses[status]?.content['application/json'].schema, `${path} lacks ${status}`).toBeDefined()
      }

      const list = doc.paths['/product'].get
      const names = list.parameters.map((p: { name: string }) => p.name)
      expect(names).toEqual(expect.arrayContaining(['page', 'per_page', 'category_id', 'city', 'trend_group_id', 'keyword', 'sort', 'X-localization', 'currency']))
      const sort = list.parameters.find((p: { name: string }) => p.name === 'sort')
      expect(sort.schema.enum).toEqual(['rank', 'price_asc', 'price_desc'])
      expect(doc.paths['/product/{id}'].get.responses['404']).toBeDefined()
      expect(doc.paths['/push-subscription'].post.responses['400'].description).toMatch(/PUSH_SERVICE_HOSTS \(VALIDATION_FAILED, detail\.endpoint/)
      expect(doc.paths['/user/notification'].get.responses['408'].description).toContain('REQUEST_TIMEOUT')
    } finally {
      await shop.close()
    }
  })
})
