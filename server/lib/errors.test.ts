import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { AppError, handleError } from './errors'
import type { Logger } from './logger'
import { requestContext } from './request-context'

function appThatThrows(error: unknown) {
  const logged: { message: string; extra?: Record<string, unknown> }[] = []
  const logger: Logger = { debug() {}, info() {}, warn() {}, error: (message, extra) => logged.push({ message, extra }) }
  const app = new Hono()
  app.onError(handleError(logger))
  app.use(requestContext())
  app.get('/boom', () => {
    throw error
  })
  return { app, logged }
}

describe('handleError', () => {
  it('answers an unexpected failure with a generic 500 in the request language, logging the cause only', async () => {
    const { app, logged } = appThatThrows(new Error('connection to db-internal:5432 refused'))
    const res = await app.request('/boom', { headers: { 'x-localization': 'ja' } })
    expect(res.status).toBe(500)
    const body = await res.json()
    expect(body).toEqual({ error: { code: 'INTERNAL_ERROR', message: '申し訳ありません、問題が発生しました', detail: {} } })
    expect(JSON.stringify(body)).not.toContain('db-internal')
    expect(logged).toHaveLength(1)
    expect(String(logged[0]!.extra!.error)).toContain('db-internal:5432 refused')
  })

  it('keeps the status, code and detail of an AppError and translates its messages', async () => {
    const { app, logged } = appThatThrows(new AppError('VALIDATION_FAILED', 400, 'The given data was invalid.', { page: ['is too small'] }))
    const res = await app.request('/boom', { headers: { 'x-localization': 'zh_tw' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: '輸入的資料有誤。', detail: { page: ['數值過小'] } } })
    expect(logged).toHaveLength(0)
  })
})
