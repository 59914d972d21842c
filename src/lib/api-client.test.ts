import { i18n } from '@lingui/core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError, apiGet, apiPost, apiPut, buildUrl, onUnauthenticated, setAuthToken, toApiError } from './api-client'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})

afterEach(() => {
  vi.unstubAllGlobals()
  setAuthToken(null)
  onUnauthenticated(undefined)
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

  it('sends TWD and resets the cookie when another site on the domain left a currency the shop does not sell', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, { data: null }))
    vi.stubGlobal('fetch', fetchMock)
    const doc = { cookie: 'currency=USD' }
    vi.stubGlobal('document', doc)
    await apiGet('/config', { locale: 'en' })
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ currency: 'TWD' })
    expect(doc.cookie).toMatch(/^currency=TWD; path=\//)
  })

  it('resets the cookie when the server refuses the currency, so that trying again works', async () => {
    const doc = { cookie: 'currency=TWD' }
    vi.stubGlobal('document', doc)
    vi.stubGlobal('fetch', async () => {
      // another shop on the domain writes its own currency while the request is under way
      doc.cookie = 'currency=EUR'
      return json(400, { error: { code: 'UNSUPPORTED_CURRENCY', message: 'Only TWD is supported.', detail: { currency: ['Only TWD is supported.'] } } })
    })
    await expect(apiGet('/config', { locale: 'en' })).rejects.toMatchObject({ status: 400, code: 'UNSUPPORTED_CURRENCY' })
    expect(doc.cookie).toMatch(/^currency=TWD; path=\//)
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

describe('signed-in requests', () => {
  it('keeps numeric detail values such as lock_minutes and retry_after', async () => {
    const error = await toApiError(json(429, { error: { code: 'TOO_MANY_ATTEMPTS', message: 'locked', detail: { lock_minutes: 15, retry_after: 'soon' } } }))
    expect(error.detailNumber('lock_minutes')).toBe(15)
    expect(error.detailNumber('retry_after')).toBeUndefined()
    expect(error.fieldMessage('lock_minutes')).toBeUndefined()
  })

  it('gives the first server message of a field', async () => {
    const error = await toApiError(json(400, { error: { code: 'VALIDATION_FAILED', message: 'bad', detail: { email: ['taken', 'other'] } } }))
    expect(error.fieldMessage('email')).toBe('taken')
    expect(error.fieldMessage('password')).toBeUndefined()
  })

  it('sends the bearer token and a JSON body once a token is set', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, { data: true }))
    vi.stubGlobal('fetch', fetchMock)
    vi.stubGlobal('document', { cookie: '' })
    await apiGet('/user', { locale: 'en' })
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined()
    setAuthToken('tok-1')
    await apiPut('/user', { first_name: 'Mei' }, { locale: 'en' })
    const [, init] = fetchMock.mock.calls[1]!
    expect(init?.method).toBe('PUT')
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Content-Type': 'application/json' })
    expect(init?.body).toBe(JSON.stringify({ first_name: 'Mei' }))
  })

  it('reports a refused token once, with the token that was refused', async () => {
    vi.stubGlobal('fetch', async () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please Log In.', detail: {} } }))
    vi.stubGlobal('document', { cookie: '' })
    const listener = vi.fn()
    onUnauthenticated(listener)
    setAuthToken('old-token')
    await expect(apiGet('/user', { locale: 'en' })).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' })
    expect(listener).toHaveBeenCalledWith('old-token')
  })

  it('does not report a 401 of a request made without a token, nor a wrong password', async () => {
    const listener = vi.fn()
    onUnauthenticated(listener)
    vi.stubGlobal('document', { cookie: '' })
    vi.stubGlobal('fetch', async () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please Log In.', detail: {} } }))
    await expect(apiGet('/user', { locale: 'en' })).rejects.toMatchObject({ status: 401 })
    setAuthToken('tok')
    vi.stubGlobal('fetch', async () => json(401, { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Wrong', detail: {} } }))
    await expect(apiPost('/login', { email: 'a', password: 'b' }, { locale: 'en' })).rejects.toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' })
    expect(listener).not.toHaveBeenCalled()
  })
})
