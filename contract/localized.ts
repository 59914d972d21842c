import * as v from 'valibot'
import { LOCALES, type Locale } from './constants'

/** A text in each of the shop's languages. */
export const LocalizedSchema = v.object({
  zh_tw: v.pipe(v.string(), v.trim(), v.minLength(1)),
  en: v.pipe(v.string(), v.trim(), v.minLength(1)),
  ja: v.pipe(v.string(), v.trim(), v.minLength(1)),
})
export type Localized = Record<Locale, string>

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
