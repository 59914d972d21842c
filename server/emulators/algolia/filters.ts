/**
 * Algolia's filter languages: `filters` (facet `attr:value`, numeric comparisons and
 * `attr:lo TO hi`, boolean `attr:true`, combined with AND, OR, NOT and parentheses), plus the
 * array forms `facetFilters` and `numericFilters` (outer array AND, inner arrays OR). A filter
 * becomes a predicate over a record; anything malformed is an error naming what is wrong.
 */
export class FilterError extends Error {}

export type Predicate = (record: Record<string, unknown>) => boolean

type Token = { kind: 'word' | 'string' | 'op' | 'lparen' | 'rparen' | 'colon'; text: string; at: number }

const OPERATORS = ['<=', '>=', '!=', '<', '>', '=']

function lex(input: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < input.length) {
    const ch = input[i]!
    if (/\s/.test(ch)) {
      i++
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'lparen' : 'rparen', text: ch, at: i })
      i++
    } else if (ch === ':') {
      tokens.push({ kind: 'colon', text: ch, at: i })
      i++
    } else if (ch === '"' || ch === "'") {
      const end = input.indexOf(ch, i + 1)
      if (end < 0) throw new FilterError(`filters: Unterminated string at col ${i + 1}`)
      tokens.push({ kind: 'string', text: input.slice(i + 1, end), at: i })
      i = end + 1
    } else {
      const op = OPERATORS.find((o) => input.startsWith(o, i))
      if (op) {
        tokens.push({ kind: 'op', text: op, at: i })
        i += op.length
        continue
      }
      const match = /^[^\s():"'<>=!]+/.exec(input.slice(i))
      if (!match) throw new FilterError(`filters: Unexpected character '${ch}' at col ${i + 1}`)
      tokens.push({ kind: 'word', text: match[0], at: i })
      i += match[0].length
    }
  }
  return tokens
}

export const valuesAt = (record: Record<string, unknown>, path: string): unknown[] => {
  if (!path.includes('.')) {
    const value = record[path]
    return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]
  }
  let current: unknown[] = [record]
  for (const key of path.split('.')) {
    current = current.flatMap((v) => (v && typeof v === 'object' ? [(v as Record<string, unknown>)[key]] : [])).flatMap((v) => (Array.isArray(v) ? v : [v]))
  }
  return current.filter((v) => v !== undefined && v !== null)
}

const facetEquals = (attribute: string, value: string): Predicate => (record) =>
  valuesAt(record, attribute).some((v) => String(v) === value || (typeof v === 'boolean' && String(v) === value.toLowerCase()))

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '=': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '>=': (a, b) => a >= b,
  '>': (a, b) => a > b,
}

const numeric = (attribute: string, op: string, value: number): Predicate => (record) =>
  valuesAt(record, attribute).some((v) => typeof v === 'number' && COMPARE[op]!(v, value))

const toNumber = (text: string, at: number) => {
  const n = Number(text)
  if (text === '' || !Number.isFinite(n)) throw new FilterError(`filters: Expected a number at col ${at + 1} but got '${text}'`)
  return n
}

/** Parses the `filters` string. */
export function parseFilters(input: string): Predicate {
  const tokens = lex(input)
  let pos = 0
  const peek = () => tokens[pos]
  const isWord = (t: Token | undefined, word: string) => t?.kind === 'word' && t.text === word
  const fail = (what: string): never => {
    const t = peek()
    throw new FilterError(t ? `filters: ${what} at col ${t.at + 1}, got '${t.text}'` : `filters: ${what} at the end of the filter`)
  }

  function parseOr(): Predicate {
    const parts = [parseAnd()]
    while (isWord(peek(), 'OR')) {
      pos++
      parts.push(parseAnd())
    }
    return parts.length === 1 ? parts[0]! : (r) => parts.some((p) => p(r))
  }
  function parseAnd(): Predicate {
    const parts = [parseUnary()]
    while (isWord(peek(), 'AND')) {
      pos++
      parts.push(parseUnary())
    }
    return parts.length === 1 ? parts[0]! : (r) => parts.every((p) => p(r))
  }
  function parseUnary(): Predicate {
    if (isWord(peek(), 'NOT')) {
      pos++
      const inner = parseUnary()
      return (r) => !inner(r)
    }
    if (peek()?.kind === 'lparen') {
      pos++
      const inner = parseOr()
      if (peek()?.kind !== 'rparen') fail("Expected ')'")
      pos++
      return inner
    }
    return parseCondition()
  }
  function parseCondition(): Predicate {
    const attribute = peek()
    if (!attribute || (attribute.kind !== 'word' && attribute.kind !== 'string')) return fail('Expected an attribute')
    pos++
    const next = peek()
    if (next?.kind === 'op') {
      pos++
      const value = peek()
      if (!value || value.kind !== 'word') return fail('Expected a number')
      pos++
      return numeric(attribute.text, next.text, toNumber(value.text, value.at))
    }
    if (next?.kind !== 'colon') return fail("Expected ':' or a comparison")
    pos++
    const value = peek()
    if (!value || (value.kind !== 'word' && value.kind !== 'string')) return fail('Expected a value')
    pos++
    if (isWord(peek(), 'TO')) {
      pos++
      const upper = peek()
      if (!upper || upper.kind !== 'word') return fail('Expected a number after TO')
      pos++
      const lo = toNumber(value.text, value.at)
      const hi = toNumber(upper.text, upper.at)
      return (r) => valuesAt(r, attribute.text).some((v) => typeof v === 'number' && v >= lo && v <= hi)
    }
    return facetEquals(attribute.text, value.text)
  }

  if (tokens.length === 0) return () => true
  const predicate = parseOr()
  if (pos < tokens.length) fail('Unexpected token')
  return predicate
}

type Nested = string | (string | string[])[]

/** `facetFilters`: ["attr:value", ["attr:a", "attr:b"]], a value starting with `-` negated. */
export function parseFacetFilters(input: Nested): Predicate {
  const one = (filter: string): Predicate => {
    const colon = filter.indexOf(':')
    if (colon <= 0) throw new FilterError(`facetFilters: '${filter}' is not attribute:value`)
    const attribute = filter.slice(0, colon)
    const raw = filter.slice(colon + 1)
    if (raw.startsWith('-')) {
      const match = facetEquals(attribute, raw.slice(1))
      return (r) => !match(r)
    }
    return facetEquals(attribute, raw.startsWith('\\-') ? raw.slice(1) : raw)
  }
  return combine(input, one, 'facetFilters')
}

/** `numericFilters`: ["attr>=10", "attr:10 TO 20", ["a<1", "b>2"]]. */
export function parseNumericFilters(input: Nested): Predicate {
  const one = (filter: string): Predicate => {
    const range = /^\s*([\w.]+)\s*:\s*(-?[\d.]+)\s+TO\s+(-?[\d.]+)\s*$/.exec(filter)
    if (range) return parseFilters(`${range[1]}:${range[2]} TO ${range[3]}`)
    const comparison = /^\s*([\w.]+)\s*(<=|>=|!=|<|>|=)\s*(-?[\d.]+)\s*$/.exec(filter)
    if (!comparison) throw new FilterError(`numericFilters: '${filter}' is not a numeric filter`)
    return numeric(comparison[1]!, comparison[2]!, Number(comparison[3]))
  }
  return combine(input, one, 'numericFilters')
}

function combine(input: Nested, one: (filter: string) => Predicate, name: string): Predicate {
  const list = typeof input === 'string' ? input.split(',').filter((s) => s.trim()) : input
  if (!Array.isArray(list)) throw new FilterError(`${name}: must be a string or an array`)
  const groups = list.map((item) => {
    if (typeof item === 'string') return one(item)
    if (Array.isArray(item) && item.every((s) => typeof s === 'string')) {
      const any = item.map(one)
      return (r: Record<string, unknown>) => any.some((p) => p(r))
    }
    throw new FilterError(`${name}: nested values must be strings`)
  })
  return (r) => groups.every((p) => p(r))
}
