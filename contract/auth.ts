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
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
export const LOGIN_METHODS = ['GENERAL', 'GOOGLE', 'FACEBOOK'] as const
export type LoginMethod = (typeof LOGIN_METHODS)[number]
export const AUTH_SOURCES = ['ec', 'subscribe'] as const

export const LIMITS = {
  loginEmail: 28,
  password: 28,
  passwordMin: 8,
  firstName: 7,
  lastName: 12,
  registerEmailMin: 6,
  registerEmail: 28,
  forgotEmail: 28,
  /** seconds between two password-reset mails to one address */
  resendCooldown: 30,
} as const

export const MESSAGES = {
  required: 'is required',
  max28: 'may be at most 28 characters',
  max12: 'may be at most 12 characters',
  max7: 'may be at most 7 characters',
  min6: 'must be at least 6 characters',
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
const emailFormat = v.rfcEmail(MESSAGES.email)

/** isoDate takes 2023-02-31 and 0000-01-01, which the database refuses: a real day since 1900 */
const isCalendarDate = (date: string) => date >= '1900-01-01' && !Number.isNaN(Date.parse(date)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date)
/** today where the day starts first (UTC+14), so no one's birthday today is called future */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10)
/** one message per field: a malformed date is not also called a future one */
const firstIssue = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: true })
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

// ---- sign in ----------------------------------------------------------------

export const LoginFormSchema = v.object({
  email: text(LIMITS.loginEmail, MESSAGES.max28),
  password: v.pipe(v.string(), v.maxLength(LIMITS.password, MESSAGES.max28)),
})
export const LoginInputSchema = v.object({
  email: required(LoginFormSchema.entries.email),
  password: required(LoginFormSchema.entries.password),
})
export type LoginInput = v.InferOutput<typeof LoginInputSchema>

// ---- register ---------------------------------------------------------------

const registerFields = {
  first_name: name(LIMITS.firstName, MESSAGES.max7),
  last_name: name(LIMITS.lastName, MESSAGES.max12),
  email: v.pipe(v.string(), v.trim(), v.minLength(LIMITS.registerEmailMin, MESSAGES.min6), v.maxLength(LIMITS.registerEmail, MESSAGES.max28)),
  phone_number: phoneNumber,
  password: v.pipe(v.string(), v.maxLength(LIMITS.password, MESSAGES.max28)),
  password_confirmation: v.pipe(v.string(), v.maxLength(LIMITS.password, MESSAGES.max28)),
  nationality: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, 'may be at most 40 characters'), plainText()), 'Taiwan'),
  gender: v.optional(v.picklist(GENDERS, MESSAGES.choice), 'MALE'),
  birthday: v.optional(birthday),
  verify_method: v.optional(v.picklist(VERIFY_METHODS, MESSAGES.choice), 'EMAIL'),
  referrer_code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32, MESSAGES.referrer))),
}

export const RegisterFormSchema = v.object(registerFields)
export const RegisterInputSchema = v.pipe(
  v.object({
    ...registerFields,
    first_name: required(registerFields.first_name),
    last_name: required(registerFields.last_name),
    email: v.pipe(registerFields.email, emailFormat),
    password: v.pipe(registerFields.password, v.minLength(LIMITS.passwordMin, MESSAGES.min8)),
  }),
  // a confirmation that does not match is reported under `password`, as the spec's form shows it
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, MESSAGES.confirmation),
    ['password'],
  ),
)
export type RegisterInput = v.InferOutput<typeof RegisterInputSchema>

// ---- profile and password ---------------------------------------------------

export const ProfileInputSchema = v.object({
  first_name: required(registerFields.first_name),
  last_name: required(registerFields.last_name),
  phone_number: registerFields.phone_number,
  nationality: registerFields.nationality,
  gender: registerFields.gender,
  birthday: v.optional(v.nullable(birthday)),
  locale: v.optional(v.picklist(LOCALES, MESSAGES.choice)),
})
export type ProfileInput = v.InferOutput<typeof ProfileInputSchema>

export const ChangePasswordFormSchema = v.object({
  old_password: v.pipe(v.string(), v.maxLength(LIMITS.password, MESSAGES.max28)),
  password: v.pipe(v.string(), v.maxLength(LIMITS.password, MESSAGES.max28)),
  password_confirmation: v.pipe(v.string(), v.maxLength(LIMITS.password, MESSAGES.max28)),
})
export const ChangePasswordInputSchema = v.pipe(
  v.object({
    old_password: required(ChangePasswordFormSchema.entries.old_password),
    password: v.pipe(ChangePasswordFormSchema.entries.password, v.minLength(LIMITS.passwordMin, MESSAGES.min8)),
    password_confirmation: ChangePasswordFormSchema.entries.password_confirmation,
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, MESSAGES.confirmation),
    ['password'],
  ),
  v.forward(
    v.partialCheck([['old_password'], ['password']], (input) => input.old_password !== input.password, MESSAGES.sameAsOld),
    ['password'],
  ),
)

// ---- recovery ---------------------------------------------------------------

export const ForgotPasswordFormSchema = v.object({ email: v.pipe(text(LIMITS.forgotEmail, MESSAGES.max28), emailFormat) })
export const ForgotPasswordInputSchema = v.object({ email: required(ForgotPasswordFormSchema.entries.email) })

export const ResetPasswordInputSchema = v.pipe(
  v.object({
    token: v.pipe(v.string(), v.nonEmpty(MESSAGES.required), v.maxLength(200, MESSAGES.required)),
    email: required(v.pipe(text(LIMITS.registerEmail, MESSAGES.max28), emailFormat)),
    password: v.pipe(registerFields.password, v.minLength(LIMITS.passwordMin, MESSAGES.min8)),
    password_confirmation: registerFields.password_confirmation,
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, MESSAGES.confirmation),
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
export const SocialRegisterInputSchema = v.object({
  ticket: required(v.pipe(v.string(), v.maxLength(200))),
  first_name: required(registerFields.first_name),
  last_name: required(registerFields.last_name),
  email: v.pipe(registerFields.email, emailFormat),
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
  gender: v.picklist(GENDERS),
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
