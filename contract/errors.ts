import * as v from 'valibot'

/** Every error code the API answers with; the body is always ApiErrorBody. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'UNSUPPORTED_CURRENCY',
  'INTERNAL_ERROR',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export type ErrorDetail = Record<string, string[]>

export interface ApiErrorBody {
  error: { code: ErrorCode | (string & {}); message: string; detail: ErrorDetail & Record<string, unknown> }
}

export const ApiErrorSchema = v.object({
  error: v.object({
    code: v.string(),
    message: v.string(),
    detail: v.record(v.string(), v.unknown()),
  }),
})
