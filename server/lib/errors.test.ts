import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
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
  it('answers an unexpected failure with a generic 500 in the request language, logging the route and the error class only', async () => {
    const { app, logged } = appThatThrows(Object.assign(new Error('value too long for db-internal column "email": ming@example.tw'), { code: '22001' }))
    const res = await app.request('/boom?email=ming@example.tw', { headers: { 'x-localization': 'ja' } })
    expect(res.status).toBe(500)
    const body = await res.json()
    expect(body).toEqual({ error: { code: 'INTERNAL_ERROR', message: '申し訳ありません、問題が発生しました', detail: {} } })
    expect(JSON.stringify(body)).not.toContain('db-internal')
    expect(logged).toHaveLength(1)
    const extra = logged[0]!.extra!
    expect(extra).toMatchObject({ method: 'GET', route: '/boom', status: 500, request_id: res.headers.get('x-request-id'), error: { name: 'Error', code: '22001' } })
    expect((extra.error as { frames: string[] }).frames[0]).toMatch(/^at /)
    expect(JSON.stringify(logged)).not.toContain('db-internal')
    expect(JSON.stringify(logged)).not.toContain('ming@example.tw')
  })

  it('keeps the 4xx of a Hono refusal (a body its validator cannot parse) in the error shape', async () => {
    const { app, logged } = appThatThrows(new HTTPException(400, { message: 'Malformed JSON in request body' }))
    const res = await app.request('/boom', { headers: { 'x-localization': 'en' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.', detail: {} } })
    const tooLarge = await appThatThrows(new HTTPException(413)).app.request('/boom', { headers: { 'x-localization': 'zh_tw' } })
    expect(tooLarge.status).toBe(413)
    expect((await tooLarge.json()).error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: '請求內容過大。' })
    expect(logged).toHaveLength(0)
  })

  it('keeps the status, code and detail of an AppError and translates its messages', async () => {
    const { app, logged } = appThatThrows(new AppError('VALIDATION_FAILED', 400, 'The given data was invalid.', { page: ['is too small'] }))
    const res = await app.request('/boom', { headers: { 'x-localization': 'zh_tw' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: '輸入的資料有誤。', detail: { page: ['數值過小'] } } })
    expect(logged).toHaveLength(0)
  })
})
