import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import {
  AuthUserSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  LoginResultSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  SocialCallbackQuerySchema,
  SocialExchangeInputSchema,
  SocialLinkInputSchema,
  SOCIAL_PROVIDERS,
  SocialProviderParamSchema,
  SocialRegisterInputSchema,
  SocialStartQuerySchema,
} from '../../../contract/auth'
import { dataSchema } from '../../../contract/page'
import { addressKey, clientAddress } from '../../lib/client-address'
import { documented, validate } from '../../lib/route'
import { readDeviceCookie, writeDeviceCookie } from './device-cookie'
import * as service from './service'
import { liftAddressLock, login, trustDevice } from './sign-in'
import type { RouteDeps } from '../../core/deps'
import * as social from './social-service'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'

/** The secret of a provider account waiting to be linked: only the browser that came back from the provider can link it. */
const SOCIAL_LINK_COOKIE = 'shop_social_link'

const TooMany = { 429: 'Too many requests from this address (RATE_LIMITED, detail.retry_after seconds)' }

export function authRoutes(deps: RouteDeps & social.SocialDeps) {
  const tags = ['Authentication']
  /** the client's address as the sign-in log keeps it, and what the per-address limits and locks count: its IPv4 address, or its IPv6 /64 (see addressKey) */
  const client = (c: Parameters<typeof clientAddress>[0]) => {
    const address = clientAddress(c, deps.config.trustProxy)
    return { address, key: addressKey(address) }
  }
  /** A completed sign-in makes this browser a trusted device of the member. */
  const trustBrowser = async (c: Context, userId: number) => writeDeviceCookie(c, deps.config, await trustDevice(deps, userId, readDeviceCookie(c)))
  return new Hono()
    .post(
      '/register',
      documented({ summary: 'Create an account; a verification mail is sent', tags, response: dataSchema(AuthUserSchema), created: true, errors: TooMany }),
      validate('json', RegisterInputSchema),
      async (c) => {
        await service.limitAddress(deps, 'register', client(c).key)
        return c.json({ data: await service.register(deps, c.req.valid('json'), c.get('locale')) }, 201)
      },
    )
    .post(
      '/login',
      documented({
        summary: 'Sign in with e-mail and password; sets the shop_device cookie that makes this browser a trusted device',
        tags,
        response: dataSchema(LoginResultSchema),
        errors: {
          401: 'Wrong e-mail or password (INVALID_EMAIL_OR_PASSWORD)',
          429: 'Locked for LOCK_MINUTES after three tries in a row that failed from this client address at this account, or on this trusted device alone; or held back, up to a minute, while failures at this account from many addresses slow untrusted tries down (TOO_MANY_ATTEMPTS, detail.retry_after: seconds to wait, detail.lock_minutes: the same in minutes, rounded up); or RATE_LIMITED',
        },
      }),
      validate('json', LoginInputSchema),
      async (c) => {
        const from = client(c)
        await service.limitAddress(deps, 'login', from.key)
        const { result, device } = await login(deps, c.req.valid('json'), from, readDeviceCookie(c))
        writeDeviceCookie(c, deps.config, device)
        return c.json({ data: result })
      },
    )
    .get('/logout', documented({ summary: 'Revoke this token', tags, response: dataSchema(v.boolean()), auth: true }), deps.members.required, async (c) => {
      await service.logout(deps, c.get('session'))
      return c.json({ data: true })
    })
    .post(
      '/forgot_password',
      documented({
        summary: 'Mail a password-reset link (same answer for unknown addresses)',
        tags,
        response: dataSchema(v.boolean()),
        errors: { 429: 'Another mail within 30 seconds (RESEND_TOO_SOON, detail.retry_after) or RATE_LIMITED' },
      }),
      validate('json', ForgotPasswordInputSchema),
      async (c) => {
        await service.limitAddress(deps, 'forgot', client(c).key)
        await service.forgotPassword(deps, c.req.valid('json').email, c.get('locale'))
        return c.json({ data: true })
      },
    )
    .post(
      '/reset_password',
      documented({
        summary: "Set a new password with the mailed link; signs out every session, clears the account's count of failed sign-ins, lifts this client address's lock at the account and trusts this browser",
        tags,
        response: dataSchema(v.boolean()),
      }),
      validate('json', ResetPasswordInputSchema),
      async (c) => {
        const user = await service.resetPassword(deps, c.req.valid('json'))
        await liftAddressLock(deps, client(c), user.email)
        await trustBrowser(c, user.id)
        return c.json({ data: true })
      },
    )
    .post(
      '/auth/social/exchange',
      documented({ summary: 'Trade the social sign-in code for a token', tags, response: dataSchema(LoginResultSchema) }),
      validate('json', SocialExchangeInputSchema),
      async (c) => {
        const result = await social.exchangeSocialCode(deps, c.req.valid('json').code)
        await trustBrowser(c, result.user.id)
        return c.json({ data: result })
      },
    )
    .get(
      '/auth/social-link',
      documented({
        summary: 'A provider account waiting to be linked to the account that has its e-mail address, once that account signs in',
        tags,
        response: dataSchema(v.object({ provider: v.picklist(SOCIAL_PROVIDERS), email: v.nullable(v.string()), source: v.string() })),
      }),
      validate('query', SocialLinkInputSchema),
      async (c) => c.json({ data: await social.pendingSocialLink(deps, c.req.valid('query').ticket) }),
    )
    .post(
      '/auth/social/link',
      documented({ summary: 'Links the waiting provider account to the signed-in member it names (their own sign-in proved the address), in the browser that came back from the provider (its cookie)', tags, response: dataSchema(v.object({ provider: v.picklist(SOCIAL_PROVIDERS) })), auth: true }),
      deps.members.required,
      validate('json', SocialLinkInputSchema),
      async (c) => {
        const linked = await social.linkSocialAccount(deps, c.get('session').user.id, c.req.valid('json').ticket, getCookie(c, SOCIAL_LINK_COOKIE))
        deleteCookie(c, SOCIAL_LINK_COOKIE, { path: '/api/v1/auth/' })
        return c.json({ data: linked })
      },
    )
    .get(
      '/auth/social-register',
      documented({
        summary: 'The provider profile waiting for registration',
        tags,
        response: dataSchema(v.object({ provider: v.string(), email: v.nullable(v.string()), first_name: v.string(), last_name: v.string(), source: v.string() })),
      }),
      validate('query', v.object({ ticket: v.pipe(v.string(), v.nonEmpty('is required')) })),
      async (c) => c.json({ data: await social.pendingSocialProfile(deps, c.req.valid('query').ticket) }),
    )
    .post(
      '/auth/social-register',
      documented({ summary: 'Complete an account started by a social sign-in', tags, response: dataSchema(LoginResultSchema), created: true }),
      validate('json', SocialRegisterInputSchema),
      async (c) => {
        const result = await social.completeSocialRegistration(deps, c.req.valid('json'))
        await trustBrowser(c, result.user.id)
        return c.json({ data: result }, 201)
      },
    )
    .get(
      '/auth/:provider',
      documented({ summary: 'Where to send the browser to sign in with a provider', tags, response: dataSchema(v.string()), notFound: true }),
      validate('param', SocialProviderParamSchema),
      validate('query', SocialStartQuerySchema),
      async (c) => c.json({ data: await social.startSocial(deps, c.req.valid('param').provider, c.req.valid('query').source, c.get('locale'), c.req.valid('query').referrer_code) }),
    )
    .get(
      '/auth/:provider/callback',
      documented({ summary: "The provider's return; redirects to the PWA", tags, redirect: true }),
      validate('param', SocialProviderParamSchema),
      validate('query', SocialCallbackQuerySchema),
      async (c) =>
        c.redirect(
          await social.finishSocial(deps, c.req.valid('param').provider, new URL(c.req.url), (secret) =>
            setCookie(c, SOCIAL_LINK_COOKIE, secret, { path: '/api/v1/auth/', httpOnly: true, secure: deps.config.publicUrl.startsWith('https:'), sameSite: 'Lax', maxAge: 30 * 60 }),
          ),
          302,
        ),
    )
}
