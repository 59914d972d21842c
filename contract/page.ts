import * as v from 'valibot'
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './constants'
import { MAX_INT } from './text'

/** Query strings arrive as text: accept digits only and turn them into integers (a Postgres `integer` at most). */
export const intParam = (min: number, max = MAX_INT) =>
  v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(min, 'is too small'), v.maxValue(max, 'is too large'))

export const PageQuerySchema = v.object({
  page: v.optional(intParam(1), '1'),
  /** more than MAX_PER_PAGE is answered with MAX_PER_PAGE rows, and says so in `per_page` */
  per_page: v.optional(v.pipe(intParam(1), v.transform((n) => Math.min(n, MAX_PER_PAGE))), String(DEFAULT_PER_PAGE)),
})

export interface Paged<T> {
  data: T[]
  current_page: number
  per_page: number
  total: number
  last_page: number
}

export const pagedSchema = <T extends v.GenericSchema>(item: T) =>
  v.object({
    data: v.array(item),
    current_page: v.number(),
    per_page: v.number(),
    total: v.number(),
    last_page: v.number(),
  })

export const dataSchema = <T extends v.GenericSchema>(item: T) => v.object({ data: item })
