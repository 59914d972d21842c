import { i18n } from '@lingui/core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError, apiGet, buildUrl, toApiError } from './api-client'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('toApiError', () => {
  it('keeps the code, message and field detail of the error shape', async () => {
    const error = await toApiError(
      json(400, { error: { code: 'VALIDATION_FAILED', message: '請檢查輸入', detail: { page: ['must be a whole number'] } } }),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: '請檢查輸入', detail: { page: ['must be a whole number'] } })
  })

  it('marks 404s as not found', async () => {
    const error = await toApiError(json(404, { error: { code: 'NOT_FOUND', message: 'No such product', detail: {} } }))
    expect(error.isNotFound).toBe(true)
    expect(error.code).toBe('NOT_FOUND')
  })

  it('invents a sensible error when the body is not the error shape', async () => {
    const html = await toApiError(new Response('<html>Bad gateway</html>', { status: 502 }))
    expect(html).toMatchObject({ status: 502, code: 'INTERNAL_ERROR', detail: {} })
    expect(html.message).toBe('Oops, something went wrong')
    const notFound = await toApiError(new Response('', { status: 404 }))
    expect(notFound).toMatchObject({ status: 404, code: 'NOT_FOUND' })
  })

  it('drops detail entries that are not lists of messages', async () => {
    const error = await toApiError(json(400, { error: { code: 'X', message: 'm', detail: { a: ['ok', 3], b: 'nope' } } }))
    expect(error.detail).toEqual({ a: ['ok'] })
  })
})

describe('apiGet', () => {
  it('sends the locale and currency headers and unwraps JSON', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, { data: [1, 2] }))
    vi.stubGlobal('fetch', fetchMock)
    vi.stubGlobal('document', { cookie: 'currency=TWD' })
    await expect(apiGet('/category', { locale: 'ja' })).resolves.toEqual({ data: [1, 2] })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/v1/category')
    expect(init?.headers).toMatchObject({ 'X-localization': 'ja', currency: 'TWD' })
  })

  it('defaults the currency header to TWD when the cookie is missing', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, { data: null }))
    vi.stubGlobal('fetch', fetchMock)
    vi.stubGlobal('document', { cookie: '' })
    await apiGet('/config', { locale: 'zh_tw' })
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ currency: 'TWD', 'X-localization': 'zh_tw' })
  })

  it('throws ApiError for error responses', async () => {
    vi.stubGlobal('fetch', async () => json(404, { error: { code: 'NOT_FOUND', message: '找不到', detail: {} } }))
    vi.stubGlobal('document', { cookie: '' })
    await expect(apiGet('/product/9', { locale: 'zh_tw' })).rejects.toMatchObject({ name: 'ApiError', status: 404, message: '找不到' })
  })

  it('turns a network failure into NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    vi.stubGlobal('document', { cookie: '' })
    await expect(apiGet('/category', { locale: 'en' })).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
  })

  it('builds query strings without empty values', () => {
    expect(buildUrl('/product', { page: 2, city: 'osaka', keyword: '', category_id: undefined })).toBe('/api/v1/product?page=2&city=osaka')
  })
})
