import type { Context } from 'hono'

/**
 * A form body (`application/x-www-form-urlencoded`) as its fields, for the forms other services
 * post (ECPay's store map and status reports); undefined when it is not one within the limits:
 * another content type, more than `fields` fields, a field twice, or a value over `value` characters.
 * The record has no prototype: a field named `constructor` or `__proto__` is a field like any other.
 */
export async function formFields(c: Context, limits: { fields: number; value?: number }): Promise<Record<string, string> | undefined> {
  if ((c.req.header('content-type') ?? '').split(';')[0]!.trim() !== 'application/x-www-form-urlencoded') return undefined
  const fields: Record<string, string> = Object.create(null) as Record<string, string>
  let count = 0
  for (const [name, value] of new URLSearchParams(await c.req.text())) {
    if (++count > limits.fields || name in fields || (limits.value !== undefined && value.length > limits.value)) return undefined
    fields[name] = value
  }
  return fields
}
