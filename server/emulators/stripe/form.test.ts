import { describe, expect, it } from 'vitest'
import { StripeApiError } from './errors'
import { canonical, FORM_LIMITS, parseForm } from './form'

/** What parseForm refuses with: the status and Stripe's error body. */
const refusal = (text: string) => {
  try {
    parseForm(text)
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, ...error.body }
    throw error
  }
  return undefined
}

describe('the sandbox’s form parser', () => {
  it('reads nested objects and lists the way the Stripe SDK writes them', () => {
    const params = parseForm('amount=123400&metadata[order_no]=T-1&expand[0]=latest_charge&expand[1]=customer&types[]=card&types[]=link&a%5Bb%5D%5Bc%5D=x')
    expect(params).toEqual({ amount: '123400', metadata: { order_no: 'T-1' }, expand: ['latest_charge', 'customer'], types: ['card', 'link'], a: { b: { c: 'x' } } })
    expect(canonical(params)).toBe(canonical(parseForm('a[b][c]=x&types[]=card&types[]=link&expand[0]=latest_charge&expand[1]=customer&metadata[order_no]=T-1&amount=123400')))
  })

  it('builds objects without a prototype, so no name reaches Object.prototype', () => {
    const params = parseForm('metadata[order_no]=T-1&toString=x')
    expect(Object.getPrototypeOf(params)).toBeNull()
    expect(Object.getPrototypeOf(params.metadata)).toBeNull()
    expect(params.toString).toBe('x')
  })

  it('refuses __proto__, constructor and prototype at any depth, naming the parameter', () => {
    expect(refusal('__proto__[probe]=1')).toEqual({ status: 400, type: 'invalid_request_error', code: 'parameter_unknown', doc_url: 'https://docs.stripe.com/error-codes/parameter-unknown', message: 'Received unknown parameter: __proto__', param: '__proto__' })
    expect(refusal('metadata[constructor][prototype][probe]=1')?.param).toBe('metadata[constructor]')
    expect(refusal('expand[0][prototype]=x')?.param).toBe('expand[0][prototype]')
    expect(refusal('ok=1&__proto__=x')?.param).toBe('__proto__')
    expect(({} as Record<string, unknown>).probe).toBeUndefined()
  })

  it('refuses a list index that skips ahead, instead of building a list of that length', () => {
    const started = performance.now()
    expect(refusal('expand[4294967294]=x')).toMatchObject({ status: 400, param: 'expand', message: "Invalid array: expand[4294967294] must follow the list's previous index." })
    expect(performance.now() - started).toBeLessThan(100)
    expect(refusal('expand[1]=x')?.param).toBe('expand')
    expect(refusal('expand[0]=a&expand[2]=b')?.param).toBe('expand')
    expect(refusal('expand[0]=a&expand[name]=b')?.param).toBe('expand')
    // an index may name an entry again, as a later value replaces an earlier one
    expect(parseForm('expand[0]=a&expand[0]=b')).toEqual({ expand: ['b'] })
  })

  it('bounds list length, nesting, parameter count, names and size', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `expand[${i}]=x`).join('&')
    expect((parseForm(list(FORM_LIMITS.listLength)).expand as string[]).length).toBe(FORM_LIMITS.listLength)
    expect(refusal(list(FORM_LIMITS.listLength + 1))).toMatchObject({ status: 400, param: 'expand' })
    expect(refusal(Array.from({ length: FORM_LIMITS.listLength + 1 }, () => 'types[]=card').join('&'))?.param).toBe('types')
    const nested = (levels: number) => `a${'[b]'.repeat(levels)}=x`
    expect(refusal(nested(FORM_LIMITS.depth))).toBeUndefined()
    expect(refusal(nested(FORM_LIMITS.depth + 1))).toMatchObject({ status: 400, type: 'invalid_request_error' })
    const pairs = (n: number) => Array.from({ length: n }, (_, i) => `metadata[k${i}]=v`).join('&')
    expect(refusal(pairs(FORM_LIMITS.pairs))).toBeUndefined()
    expect(refusal(pairs(FORM_LIMITS.pairs + 1))?.message).toBe(`Too many parameters: at most ${FORM_LIMITS.pairs} are accepted.`)
    expect(refusal(`${'n'.repeat(FORM_LIMITS.nameLength + 1)}=x`)?.status).toBe(400)
    expect(refusal(`description=${'x'.repeat(FORM_LIMITS.bytes)}`)?.status).toBe(413)
    expect(refusal(`description=${'抹'.repeat(FORM_LIMITS.bytes / 3)}`)?.status).toBe(413)
  })
})
