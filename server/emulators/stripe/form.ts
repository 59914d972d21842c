/** A parameter value as Stripe's form encoding carries it: text, or nested by `a[b]` / `a[0]` / `a[]`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormParams = Record<string, FormValue>

/**
 * Parses Stripe's `application/x-www-form-urlencoded` bodies (and query strings): `metadata[order]=x`
 * becomes `{ metadata: { order: 'x' } }`, `expand[]=a&expand[]=b` and `types[0]=card` become arrays.
 * Brackets may arrive encoded or not (the Node SDK leaves them unencoded).
 */
export function parseForm(text: string): FormParams {
  const root: FormParams = {}
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey)
    if (!match) continue
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)]
    let node: Record<string, FormValue> | FormValue[] = root
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!
      const last = i === path.length - 1
      const nextIsIndex = !last && (path[i + 1] === '' || /^\d+$/.test(path[i + 1]!))
      if (Array.isArray(node)) {
        const index = segment === '' ? node.length : Number(segment)
        if (last) node[index] = value
        else node = (node[index] ??= nextIsIndex ? [] : {}) as Record<string, FormValue> | FormValue[]
      } else if (last) {
        node[segment] = value
      } else {
        const existing = node[segment]
        node = (existing !== undefined && typeof existing === 'object' ? existing : (node[segment] = nextIsIndex ? [] : {})) as Record<string, FormValue> | FormValue[]
      }
    }
  }
  return root
}

/** A stable text form of parameters, for comparing an idempotent retry with the first request. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value ?? null)
}
