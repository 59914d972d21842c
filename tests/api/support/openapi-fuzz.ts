import fc from 'fast-check'
import { ERROR_CODES } from '../../../contract/errors'

/**
 * A walk over every operation of the API's OpenAPI document with generated requests: values that
 * follow the documented schema (so that some get past validation), values that break it (wrong
 * types, NUL, unpaired surrogates, integers past 2^31, prototype keys, very long text), malformed
 * or oversized bodies, junk headers and tokens. A new endpoint is walked as soon as it is documented.
 */

type Schema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  oneOf?: Schema[]
  anyOf?: Schema[]
  allOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  format?: string
  /** values worth sending often: an index that holds records, an id that exists */
  examples?: unknown[]
}

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: Schema
}

export interface Operation {
  method: string
  /** the documented path, `/recipient/{id}` */
  path: string
  parameters: Parameter[]
  body?: Schema
  auth: boolean
}

export interface FuzzCase {
  method: string
  /** the URL path and query, percent-encoded as sent */
  url: string
  headers: Record<string, string>
  body?: string
  /** the member's token is in `authorization` */
  signedIn: boolean
}

export interface Answer {
  status: number
  contentType: string
  text: string
}

export interface Finding {
  kind: 'server error' | 'error shape' | 'written on refusal'
  operation: string
  request: FuzzCase
  status: number
  detail: string
}

export interface WalkResult {
  cases: number
  /** milliseconds spent waiting for answers, and for snapshots */
  requestMs: number
  snapshotMs: number
  serverErrors: number
  /** 5xx answers by what failed: the error class and driver code the server logged */
  serverErrorsByClass: Record<string, number>
  byStatus: Record<number, number>
  findings: Finding[]
}

export interface WalkOptions {
  /** the parsed OpenAPI document */
  doc: { servers?: { url: string }[]; paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> }; security?: unknown[] }>> }
  seed: number
  /** generated requests per operation, besides the fixed ones */
  runsPerOperation: number
  send(request: FuzzCase): Promise<Answer>
  /** a valid member token (signs in again when a walk signs it out) */
  token(): Promise<string>
  /** a fingerprint of the stored data that a refused request must leave unchanged */
  snapshot(): Promise<string>
  /** what the server logged for the last 5xx, to tell its class */
  lastFailure?(): string | undefined
  /** what is wrong with a 4xx answer's shape, if anything; the API's error shape by default */
  errorShape?(answer: Answer): string | undefined
  /** called every `progressEvery` cases */
  progress?(done: number): void
}

// ---- values ---------------------------------------------------------------------------------

const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  'A\u202eB',
  '\u2066x\u2069',
  '\u0007\u001b[31m',
  '\u0085',
  '%00',
  '%',
  '../../etc/passwd',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '2147483648',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '🍵',
  '東京都',
  'ｔｅｓｔ',
  'a'.repeat(300),
  '9'.repeat(400),
]

const NASTY_NUMBERS = [0, -1, 1, 1.5, -0, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324]

const nastyText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 2000, size: 'large' }) },
)
const nastyNumber = fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))

const reservedKey = fc.constantFrom('__proto__', 'constructor', 'prototype')

/** any JSON value, a few levels deep */
const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyText,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), reservedKey), tie('value'), { maxKeys: 4 }),
  ),
})).value

const typesOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [])

/** a string that fits the schema, when one is easy to make */
function fittingText(schema: Schema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern))
    } catch {
      // a pattern fast-check cannot invert: plain text below
    }
  }
  if (schema.format === 'email') return fc.emailAddress()
  if (schema.format === 'date') return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 60) })
}

/** A value for a schema: mostly one that fits it, sometimes one that breaks it. */
export function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyJson
  const breaking = fc.oneof(nastyText, nastyNumber, fc.constant(null), fc.boolean(), depth < 3 ? anyJson : fc.constant([]))
  const fitting = fittingValue(schema, depth)
  return fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 1, arbitrary: breaking })
}

function fittingValue(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.examples?.length) {
    const { examples, ...rest } = schema
    return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...examples) }, { weight: 1, arbitrary: fittingValue(rest, depth) })
  }
  if ('const' in schema) return fc.constant(schema.const)
  const alternatives = schema.oneOf ?? schema.anyOf
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueFor(s, depth + 1)))
  if (schema.allOf?.length) return valueFor(schema.allOf[0], depth + 1)
  const types = typesOf(schema)
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined)
  switch (type) {
    case 'object':
      return objectFor(schema, depth)
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { minLength: 0, maxLength: Math.min(schema.maxItems ?? 4, 4) })
    case 'integer':
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: Math.max(schema.minimum ?? 0, -5), max: Math.min(schema.maximum ?? 5, 5) }) },
        { weight: 1, arbitrary: fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 - 1 }) },
        { weight: 1, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
      )
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...NASTY_NUMBERS))
    case 'boolean':
      return fc.boolean()
    case 'string':
      return fc.oneof({ weight: 3, arbitrary: fittingText(schema) }, { weight: 1, arbitrary: nastyText })
    case 'null':
      return fc.constant(null)
    default:
      return anyJson
  }
}

function objectFor(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  const required = new Set(schema.required ?? [])
  const entries = Object.entries(properties)
  const model = Object.fromEntries(entries.map(([key, s]) => [key, valueFor(s, depth + 1)]))
  const fields = fc.oneof(
    // the documented fields, required ones present
    { weight: 3, arbitrary: fc.record(model, { requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)) }) },
    // any subset
    { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
  )
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant([] as [string, unknown][]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), reservedKey), anyJson), { maxLength: 2 }) },
  )
  return fc.tuple(fields, extra).map(([record, more]) => {
    const result: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(record)) result[key] = value
    // defineProperty: a `__proto__` key stays a key, as JSON.parse would make it
    for (const [key, value] of more) Object.defineProperty(result, key, { value, enumerable: true, configurable: true, writable: true })
    return result
  })
}

// ---- requests -------------------------------------------------------------------------------

/** percent-encodes a path segment or query value; text encodeURIComponent refuses (unpaired surrogates) goes as the bytes of one */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '')

/** header values: printable ASCII only, as a client can send them */
const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''))

function bodyFor(operation: Operation): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' })
  const documented = operation.body ? valueFor(operation.body).map(json) : anyJson.map(json)
  return fc.oneof(
    { weight: 12, arbitrary: documented },
    { weight: 1, arbitrary: anyJson.map(json) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', '{bad}', "{'a':1}", '[1,]', '\u0000', '{"a":"\\ud800"}', '{"__proto__":{"x":1}}', '{"a":1}{"b":2}', '"\\u0000"', '9'.repeat(400)).map((body) => ({ body, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.oneof(documented, anyJson.map(json)).map(({ body }) => ({ body, contentType: 'text/plain' })) },
    { weight: 1, arbitrary: fc.constant({}) },
  )
}

function caseFor(operation: Operation, base: string): fc.Arbitrary<FuzzCase & { useToken: boolean }> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path')
  const queryParams = operation.parameters.filter((p) => p.in === 'query')
  const segment = (p: Parameter) => fc.oneof({ weight: 3, arbitrary: valueFor(p.schema).map(asText) }, { weight: 1, arbitrary: fc.constantFrom('1', '2', '3') })
  const pathValues = fc.tuple(...pathParams.map((p) => segment(p)))
  const query = fc.tuple(
    ...queryParams.map((p) => fc.option(valueFor(p.schema).map(asText), { freq: 2, nil: undefined })),
    fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 10 }), reservedKey), nastyText), { maxLength: 2 }),
  )
  const headers = fc.record(
    {
      'x-localization': fc.oneof(fc.constantFrom('zh_tw', 'en', 'ja'), headerText),
      currency: fc.oneof({ weight: 5, arbitrary: fc.constant('TWD') }, { weight: 1, arbitrary: headerText }),
      'idempotency-key': fc.oneof(fc.uuid(), headerText),
      authorization: fc.oneof(fc.constant('Bearer x'), fc.constant('Basic Zm9vOmJhcg=='), headerText.map((t) => `Bearer ${t}`)),
    },
    { requiredKeys: [] },
  )
  const useToken = operation.auth ? fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) : fc.boolean()
  return fc.tuple(pathValues, query, headers, bodyFor(operation), useToken).map(([values, queryValues, headerValues, body, token]) => {
    let path = operation.path
    pathParams.forEach((p, i) => {
      path = path.replace(`{${p.name}}`, encode(String(values[i])))
    })
    const extra = queryValues.at(-1) as [string, string][]
    const pairs: string[] = []
    queryParams.forEach((p, i) => {
      const value = queryValues[i] as string | undefined
      if (value !== undefined) pairs.push(`${encode(p.name)}=${encode(value)}`)
    })
    for (const [key, value] of extra) pairs.push(`${encode(key)}=${encode(value)}`)
    const sentHeaders: Record<string, string> = { ...headerValues }
    // fetch sends no body with GET
    const sent = operation.method === 'GET' || operation.method === 'HEAD' ? {} : body
    if (sent.contentType) sentHeaders['content-type'] = sent.contentType
    return { method: operation.method, url: `${base}${path}${pairs.length ? `?${pairs.join('&')}` : ''}`, headers: sentHeaders, body: sent.body, signedIn: false, useToken: token }
  })
}

/**
 * One plain value that fits a schema: the first example or choice, the smallest length, one array
 * item; `minimal` leaves out the properties an object does not require.
 */
function exampleOf(schema: Schema | undefined, depth = 0, minimal = false): unknown {
  if (!schema || depth > 6) return null
  if (schema.examples?.length) return schema.examples[0]
  if (schema.enum) return schema.enum[0]
  if ('const' in schema) return schema.const
  const alternatives = schema.oneOf ?? schema.anyOf ?? schema.allOf
  if (alternatives?.length) return exampleOf(alternatives[0], depth + 1, minimal)
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined)
  switch (type) {
    case 'object': {
      const required = new Set(schema.required ?? [])
      const properties = Object.entries(schema.properties ?? {}).filter(([key]) => !minimal || required.has(key))
      return Object.fromEntries(properties.map(([key, s]) => [key, exampleOf(s, depth + 1, minimal)]))
    }
    case 'array':
      return [exampleOf(schema.items, depth + 1, minimal)]
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1)
    case 'boolean':
      return true
    case 'string':
      if (schema.format === 'email') return 'member@example.tw'
      if (schema.pattern) {
        try {
          return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: 1, numRuns: 1 })[0]
        } catch {
          // not invertible: plain text below
        }
      }
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1))
    default:
      return null
  }
}

/** text the database cannot store or that changes direction in a name; numbers past a Postgres integer */
const POISONS = { text: ['a\u0000b', '\ud800', 'A\u202eB'], number: [2 ** 31, 2 ** 53, -1, 1.5] }

/**
 * Values of a schema with one leaf poisoned, leaf by leaf, optional and nested ones too. Around the
 * poisoned leaf, each object holds only what it requires: random sampling seldom keeps the rest of
 * a body valid while one field is hostile, and a documented example of every other field (a filter
 * `a`) may itself be refused before the poisoned one is read.
 */
function poisoned(schema: Schema | undefined, depth = 0): unknown[] {
  if (!schema || depth > 6) return []
  const example = exampleOf(schema, depth, true)
  if (typeof example === 'string') return POISONS.text
  if (typeof example === 'number') return POISONS.number
  const alternatives = schema.oneOf ?? schema.anyOf ?? schema.allOf
  if (alternatives?.length) return poisoned(alternatives[0], depth + 1)
  if (Array.isArray(example)) return poisoned(schema.items, depth + 1).map((item) => [item])
  if (!example || typeof example !== 'object') return []
  return Object.entries(schema.properties ?? {}).flatMap(([key, s]) => poisoned(s, depth + 1).map((value) => ({ ...example, [key]: value })))
}

/** The fixed requests every operation gets, whatever the seed. */
function fixedCases(operation: Operation, base: string): (FuzzCase & { useToken: boolean })[] {
  // a documented example names something that exists (an index with records), else 1
  const path = operation.parameters.filter((p) => p.in === 'path').reduce((at, p) => at.replace(`{${p.name}}`, encode(String(p.schema?.examples?.[0] ?? '1'))), operation.path).replace(/\{\w+\}/g, '1')
  const url = base + path
  const json = { 'content-type': 'application/json' }
  const cases: (FuzzCase & { useToken: boolean })[] = [
    { method: operation.method, url: `${base}${operation.path.replace(/\{\w+\}/g, '2147483648')}`, headers: {}, signedIn: false, useToken: true },
    { method: operation.method, url: `${base}${operation.path.replace(/\{\w+\}/g, '%00')}?x=%00`, headers: {}, signedIn: false, useToken: true },
  ]
  for (const p of operation.parameters.filter((p) => p.in === 'query')) {
    for (const poison of ['%00', '%ED%A0%80', '2147483648', '99999999999999999999']) cases.push({ method: operation.method, url: `${url}?${encode(p.name)}=${poison}`, headers: {}, signedIn: false, useToken: true })
  }
  if (operation.body) {
    for (const body of [JSON.stringify(exampleOf(operation.body)), ...poisoned(operation.body).map((body) => JSON.stringify(body))]) cases.push({ method: operation.method, url, headers: json, body, signedIn: false, useToken: true })
  }
  if (operation.method !== 'GET') {
    for (const body of ['{"a":', '{"a":"\\u0000"}', '{"a":"\\ud800"}', '{"__proto__":{"polluted":1}}', `{"a":"${'x'.repeat(70 * 1024)}"}`, '']) {
      cases.push({ method: operation.method, url, headers: json, body, signedIn: false, useToken: true })
    }
  }
  return cases
}

/** The operations of an OpenAPI document, in the document's order. */
export function operationsOf(doc: WalkOptions['doc']): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: (op.parameters ?? []).filter((p) => p.in !== 'header'),
      body: op.requestBody?.content?.['application/json']?.schema,
      auth: Boolean(op.security?.length),
    })),
  )
}

// ---- the walk -------------------------------------------------------------------------------

const ERROR_CODE_SET = new Set<string>(ERROR_CODES)

/** Whether a 4xx answer has the API's one error shape. */
export function errorShapeProblem(answer: Answer): string | undefined {
  if (!/^application\/json/.test(answer.contentType)) return `content-type ${answer.contentType || 'none'}`
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    return 'not JSON'
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; detail?: unknown } }).error
  if (!error || typeof error !== 'object') return 'no error object'
  if (typeof error.code !== 'string' || !ERROR_CODE_SET.has(error.code)) return `unknown code ${String(error.code)}`
  if (typeof error.message !== 'string' || error.message === '') return 'no message'
  if (!error.detail || typeof error.detail !== 'object' || Array.isArray(error.detail)) return 'no detail object'
  return undefined
}

/** a stable number from text, to give each operation its own seed */
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7)

export async function walk(options: WalkOptions): Promise<WalkResult> {
  const base = options.doc.servers?.[0]?.url ?? ''
  const result: WalkResult = { cases: 0, requestMs: 0, snapshotMs: 0, serverErrors: 0, serverErrorsByClass: {}, byStatus: {}, findings: [] }
  let stored = await options.snapshot()
  let lastToken: string | undefined
  for (const operation of operationsOf(options.doc)) {
    const name = `${operation.method} ${operation.path}`
    const generated = fc.sample(caseFor(operation, base), { seed: (options.seed ^ hash(name)) | 0, numRuns: options.runsPerOperation })
    for (const generatedCase of [...fixedCases(operation, base), ...generated]) {
      const request: FuzzCase = { ...generatedCase, headers: { ...generatedCase.headers }, signedIn: false }
      delete (request as { useToken?: boolean }).useToken
      if (generatedCase.useToken) {
        const token = await options.token()
        // signing in again (after a walk's GET /logout) writes a session: not the request's doing
        if (token !== lastToken) stored = await options.snapshot()
        lastToken = token
        request.headers.authorization = `Bearer ${token}`
        request.signedIn = true
      }
      const sentAt = performance.now()
      const answer = await options.send(request)
      const answeredAt = performance.now()
      result.requestMs += answeredAt - sentAt
      result.cases++
      result.byStatus[answer.status] = (result.byStatus[answer.status] ?? 0) + 1
      options.progress?.(result.cases)
      const after = await options.snapshot()
      result.snapshotMs += performance.now() - answeredAt
      if (answer.status >= 500) {
        result.serverErrors++
        const logged = options.lastFailure?.() ?? answer.text
        const failure = classOf(logged)
        result.serverErrorsByClass[failure] = (result.serverErrorsByClass[failure] ?? 0) + 1
        result.findings.push({ kind: 'server error', operation: name, request, status: answer.status, detail: logged.slice(0, 600) })
      } else if (answer.status >= 400) {
        const problem = (options.errorShape ?? errorShapeProblem)(answer)
        if (problem) result.findings.push({ kind: 'error shape', operation: name, request, status: answer.status, detail: `${problem}: ${answer.text.slice(0, 200)}` })
        if (after !== stored) result.findings.push({ kind: 'written on refusal', operation: name, request, status: answer.status, detail: diff(stored, after) })
      }
      stored = after
    }
  }
  return result
}

/** `DrizzleQueryError < DatabaseError 22P05` or `Error at validator (…/validator.js:18:12)`, from the logged summary */
function classOf(logged: string) {
  const name = /"name":"([^"]+)"/.exec(logged)?.[1] ?? 'unknown'
  const code = /"code":"([^"]+)"/.exec(logged)?.[1]
  const frame = /"frames":\["at ([^"]+)"/.exec(logged)?.[1]?.replace(/^.*\/(?=[^/]+:\d+:\d+\)?$)/, '')
  return [name, code ?? `at ${frame ?? '?'}`].join(' ')
}

/** the tables whose fingerprint changed, from two snapshots of `table:fingerprint` lines */
function diff(before: string, after: string) {
  const old = new Map(before.split('\n').map((line) => line.split('\t') as [string, string]))
  return after
    .split('\n')
    .map((line) => line.split('\t') as [string, string])
    .filter(([table, print]) => old.get(table) !== print)
    .map(([table]) => table)
    .join(', ')
}

/** One line per finding, short enough to read in a test report. */
export const describeFinding = (f: Finding) =>
  `${f.kind} ${f.status} on ${f.operation}: ${f.request.method} ${f.request.url.slice(0, 200)} ${JSON.stringify(f.request.headers).slice(0, 200)} body=${JSON.stringify(f.request.body?.slice(0, 200))} -> ${f.detail.slice(0, 400)}`
