import * as v from 'valibot'
import { LOCALES } from './constants'
import { isTaiwanPhone, normalizePhone, RECIPIENT_MESSAGES } from './recipient'
import { plainText } from './text'

/**
 * One schema per form, shared by the PWA's form and the API's validator. The `...FormSchema`s
 * hold the rules the spec gives the forms (maxima only); the `...InputSchema`s add what the
 * server also requires. Messages are short English texts, translated on both sides.
 */

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const
export const VERIFY_METHODS = ['EMAIL'] as const
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'line'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
/** The providers' own names, the same in every language. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', line: 'LINE' }
export const LOGIN_METHODS = ['GENERAL', 'GOOGLE', 'FACEBOOK', 'LINE'] as const
export type LoginMethod = (typeof LOGIN_METHODS)[number]
export const AUTH_SOURCES = ['ec', 'subscribe'] as const

/**
 * Longer than the spec's 28/7/12 (decision 54): an address may have 254 characters (RFC 5321's
 * path limit), names are written in any language, and a password manager's pass phrase fits.
 */
export const LIMITS = {
  email: 254,
  password: 128,
  passwordMin: 8,
  name: 100,
  /** seconds between two password-reset mails to one address */
  resendCooldown: 30,
} as const

export const MESSAGES = {
  required: 'is required',
  maxEmail: 'may be at most 254 characters',
  maxPassword: 'may be at most 128 characters',
  maxName: 'may be at most 100 characters',
  min8: 'must be at least 8 characters',
  email: 'must be a valid e-mail address',
  date: 'must be a date (yyyy-MM-dd)',
  pastDate: 'may not be in the future',
  confirmation: 'new password is entered incorrectly',
  sameAsOld: 'the new password may not be the same as the old one',
  oldPassword: 'the current password is incorrect',
  taken: 'this e-mail is already registered',
  referrer: 'unknown referrer code',
  choice: 'is not one of the allowed values',
} as const

const text = (max: number, message: string) => v.pipe(v.string(), v.trim(), v.maxLength(max, message))
const name = (max: number, message: string) => v.pipe(text(max, message), plainText())
const required = <S extends v.GenericSchema<string, string>>(schema: S) => v.pipe(schema, v.nonEmpty(MESSAGES.required))
/** RFC 5322's form, with a domain that can receive mail from the internet (a dot in it: not `a@b`) */
const emailFormat = v.pipe(v.string(), v.rfcEmail(MESSAGES.email), v.check((address) => /@[^@]+\.[^@.]+$/.test(address), MESSAGES.email))
/** one message per field: a blank field is 'is required', not also a malformed address */
const firstIssue = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: true })
const email = () => text(LIMITS.email, MESSAGES.maxEmail)
const password = () => v.pipe(v.string(), v.maxLength(LIMITS.password, MESSAGES.maxPassword))
/** required, at most 254 characters, well-formed: the order a shopper fixes them in */
const requiredEmail = () => firstIssue(v.pipe(required(email()), emailFormat))
const newPassword = () => firstIssue(v.pipe(required(password()), v.minLength(LIMITS.passwordMin, MESSAGES.min8)))
const gender = v.optional(v.nullable(v.picklist(GENDERS, MESSAGES.choice)))

/** isoDate takes 2023-02-31 and 0000-01-01, which the database refuses: a real day since 1900 */
const isCalendarDate = (date: string) => date >= '1900-01-01' && !Number.isNaN(Date.parse(date)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date)
/** today where the day starts first (UTC+14), so no one's birthday today is called future */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10)
const birthday = firstIssue(
  v.pipe(v.string(), v.isoDate(MESSAGES.date), v.check(isCalendarDate, MESSAGES.date), v.check((date) => date <= latestToday(), MESSAGES.pastDate)),
)

/** Optional; when given, the same Taiwan phone rule as a recipient's, stored as digits. */
const phoneNumber = v.optional(
  firstIssue(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(20, 'may be at most 20 characters'),
      v.transform(normalizePhone),
      v.check((phone) => phone === '' || isTaiwanPhone(phone), RECIPIENT_MESSAGES.phone),
    ),
  ),
  '',
)

/** A password already refused (too short) or a confirmation not given is not also called a mismatch. */
const matchesConfirmation = (input: { password: string; password_confirmation: string }) =>
  input.password.length < LIMITS.passwordMin || input.password_confirmation === '' || input.password === input.password_confirmation

// ---- sign in ----------------------------------------------------------------

export const LoginFormSchema = v.object({
  email: email(),
  password: password(),
})
export const LoginInputSchema = v.object({
  email: required(LoginFormSchema.entries.email),
  password: required(LoginFormSchema.entries.password),
})
export type LoginInput = v.InferOutput<typeof LoginInputSchema>

// ---- register ---------------------------------------------------------------

const registerFields = {
  first_name: name(LIMITS.name, MESSAGES.maxName),
  last_name: name(LIMITS.name, MESSAGES.maxName),
  email: email(),
  phone_number: phoneNumber,
  password: password(),
  password_confirmation: password(),
  nationality: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, 'may be at most 40 characters'), plainText()), 'Taiwan'),
  /** none given is 'not specified' (null), not the spec's MALE: decision 54 */
  gender,
  birthday: v.optional(birthday),
  verify_method: v.optional(v.picklist(VERIFY_METHODS, MESSAGES.choice), 'EMAIL'),
  referrer_code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32, MESSAGES.referrer))),
}

export const RegisterFormSchema = v.object(registerFields)
/** What the API requires; the dialog checks it too, so every problem shows at once (decision 54). */
export const RegisterInputSchema = v.pipe(
  v.object({
    ...registerFields,
    first_name: firstIssue(required(registerFields.first_name)),
    last_name: firstIssue(required(registerFields.last_name)),
    email: requiredEmail(),
    password: newPassword(),
    password_confirmation: required(registerFields.password_confirmation),
  }),
  // a confirmation that does not match is reported under `password`, as the spec's form shows it
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], matchesConfirmation, MESSAGES.confirmation),
    ['password'],
  ),
)
export type RegisterInput = v.InferOutput<typeof RegisterInputSchema>

// ---- profile and password ---------------------------------------------------

export const ProfileInputSchema = v.object({
  first_name: firstIssue(required(registerFields.first_name)),
  last_name: firstIssue(required(registerFields.last_name)),
  phone_number: registerFields.phone_number,
  nationality: registerFields.nationality,
  /** null: not specified; left out: unchanged */
  gender,
  birthday: v.optional(v.nullable(birthday)),
  locale: v.optional(v.picklist(LOCALES, MESSAGES.choice)),
})
export type ProfileInput = v.InferOutput<typeof ProfileInputSchema>

export const ChangePasswordFormSchema = v.object({
  old_password: password(),
  password: password(),
  password_confirmation: password(),
})
export const ChangePasswordInputSchema = v.pipe(
  v.object({
    old_password: required(ChangePasswordFormSchema.entries.old_password),
    password: newPassword(),
    password_confirmation: required(ChangePasswordFormSchema.entries.password_confirmation),
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], matchesConfirmation, MESSAGES.confirmation),
    ['password'],
  ),
  v.forward(
    v.partialCheck([['old_password'], ['password']], (input) => input.old_password !== input.password, MESSAGES.sameAsOld),
    ['password'],
  ),
)

// ---- recovery ---------------------------------------------------------------

export const ForgotPasswordFormSchema = v.object({ email: firstIssue(v.pipe(email(), emailFormat)) })
export const ForgotPasswordInputSchema = v.object({ email: requiredEmail() })

export const ResetPasswordInputSchema = v.pipe(
  v.object({
    token: v.pipe(v.string(), v.nonEmpty(MESSAGES.required), v.maxLength(200, MESSAGES.required)),
    email: requiredEmail(),
    password: newPassword(),
    password_confirmation: required(registerFields.password_confirmation),
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], matchesConfirmation, MESSAGES.confirmation),
    ['password'],
  ),
)

export const VerifyEmailInputSchema = v.object({ token: v.pipe(v.string(), v.nonEmpty(MESSAGES.required), v.maxLength(200, MESSAGES.required)) })

// ---- social -----------------------------------------------------------------

export const SocialProviderParamSchema = v.object({ provider: v.picklist(SOCIAL_PROVIDERS, MESSAGES.choice) })
export const SocialStartQuerySchema = v.object({
  source: v.optional(v.picklist(AUTH_SOURCES, MESSAGES.choice), 'ec'),
  /** the referrer_code cookie: a member created by this sign-in joins as that member's friend */
  referrer_code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32, MESSAGES.referrer), v.regex(/^[A-Za-z0-9]*$/, MESSAGES.referrer))),
})
export const SocialCallbackQuerySchema = v.object({
  state: v.optional(v.string(), ''),
  code: v.optional(v.string()),
  error: v.optional(v.string()),
})
export const SocialExchangeInputSchema = v.object({ code: required(v.pipe(v.string(), v.maxLength(200))) })
/** `POST /auth/social/link`: the ticket of a provider account waiting for its member's own sign-in */
export const SocialLinkInputSchema = v.object({ ticket: required(v.pipe(v.string(), v.maxLength(200))) })
export const SocialRegisterInputSchema = v.object({
  ticket: required(v.pipe(v.string(), v.maxLength(200))),
  first_name: firstIssue(required(registerFields.first_name)),
  last_name: firstIssue(required(registerFields.last_name)),
  email: requiredEmail(),
  phone_number: registerFields.phone_number,
  gender: registerFields.gender,
  birthday: registerFields.birthday,
  nationality: registerFields.nationality,
  referrer_code: registerFields.referrer_code,
})

// ---- responses --------------------------------------------------------------

export const AuthUserSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  /** null until the member chooses one */
  gender: v.nullable(v.picklist(GENDERS)),
  birthday: v.nullable(v.string()),
  email: v.string(),
  email_verified_at: v.nullable(v.string()),
  phone_number: v.string(),
  nationality: v.string(),
  locale: v.picklist(LOCALES),
  referrer_code: v.string(),
  avatar_url: v.nullable(v.string()),
  /** how this session signed in */
  logged_in_method: v.picklist(LOGIN_METHODS),
  /** whether the account has a password (accounts created through a social provider may not) */
  has_password: v.boolean(),
  social: v.array(v.object({ provider: v.picklist(SOCIAL_PROVIDERS) })),
  scope: v.array(v.string()),
})
export type AuthUser = v.InferOutput<typeof AuthUserSchema>

export const LoginResultSchema = v.object({ token: v.string(), user: AuthUserSchema })
export type LoginResult = v.InferOutput<typeof LoginResultSchema>

export const REFERRAL_STATUSES = ['joined', 'ordered', 'rewarded', 'not_eligible'] as const
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number]

/** GET /user/referrer: the member's code, the friends who joined with it (names masked) and the reward coupons earned. */
export const ReferralSchema = v.object({
  referrer_code: v.string(),
  referrals: v.array(
    v.object({
      /** masked: 林*美 */
      name: v.string(),
      joined_at: v.string(),
      status: v.picklist(REFERRAL_STATUSES),
      /** not_eligible: same_phone or same_address */
      reason: v.nullable(v.picklist(['same_phone', 'same_address'])),
    }),
  ),
  coupons: v.array(v.object({ code: v.string(), title: v.string(), value: v.number(), min_spend: v.number(), ends_at: v.nullable(v.string()), used: v.boolean() })),
})
