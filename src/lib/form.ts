import { useEffect, useState, type RefObject } from 'react'
import * as v from 'valibot'
import { isApiError } from './api-client'
import { translateValidationMessage } from './validation-messages'

/** The first message for each field that has one. */
export type FieldErrors = Partial<Record<string, string>>

export type FormResult<T> = { ok: true; output: T } | { ok: false; errors: FieldErrors }

/** Runs a form's valibot schema; errors come back per field, translated, first message only. */
export function validateForm<S extends v.GenericSchema>(schema: S, values: unknown): FormResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, values)
  if (result.success) return { ok: true, output: result.output }
  const errors: FieldErrors = {}
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? ''
    if (errors[field] === undefined) errors[field] = translateValidationMessage(issue.message)
  }
  return { ok: false, errors }
}

/** The server's field errors of a failed request (first message of each field), if it had any. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {}
  const errors: FieldErrors = {}
  for (const [field, value] of Object.entries(error.detail)) {
    if (Array.isArray(value) && value[0] !== undefined) errors[field] = translateValidationMessage(value[0])
  }
  return errors
}

/**
 * A field's length limit, said as soon as the text passes it: the inputs carry no `maxLength`,
 * which would cut a pasted address or a long name without a word (decision 54).
 */
export const overLimit = (value: string, max: number, message: string): string | undefined =>
  value.trim().length > max ? translateValidationMessage(message) : undefined

/** `errors` with the limit of each field in `limits` (field: [max, message]) that the text has passed. */
export function withLimits(errors: FieldErrors, values: Readonly<Record<string, string>>, limits: Readonly<Record<string, readonly [number, string]>>): FieldErrors {
  const passed = Object.entries(limits).flatMap(([field, [max, message]]) => {
    const said = overLimit(values[field] ?? '', max, message)
    return said ? [[field, said]] : []
  })
  return { ...errors, ...Object.fromEntries(passed) }
}

export const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some((m) => m !== undefined)

/**
 * After a refused submit, once the fields have drawn their messages (next frame): focus on the
 * first field marked invalid in the form, else on `fallback` (a message about the whole form).
 */
export function focusFirstInvalid(form: HTMLElement | null, fallback?: () => HTMLElement | null): void {
  requestAnimationFrame(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? fallback?.()
    target?.focus()
    // focus alone may stop with the input at the edge, its label and message out of sight
    // (not every DOM has it: jsdom, some embedded views)
    const field: Partial<Pick<Element, 'scrollIntoView'>> | null | undefined = target?.closest('.field')
    field?.scrollIntoView?.({ block: 'nearest' })
  })
}

/**
 * `focusFirstInvalid` once the next render is on screen: for errors set outside an event handler
 * (a server's answer), whose render may come after the next animation frame.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>): () => void {
  const [requests, setRequests] = useState(0)
  useEffect(() => {
    if (requests > 0) focusFirstInvalid(form.current)
  }, [requests, form])
  return () => setRequests((n) => n + 1)
}
