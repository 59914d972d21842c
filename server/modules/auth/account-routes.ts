import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import * as v from 'valibot'
import { AuthUserSchema, ChangePasswordInputSchema, LoginResultSchema, ProfileInputSchema, VerifyEmailInputSchema } from '../../../contract/auth'
import { COOKIES, DEFAULT_LOCALE } from '../../../contract/constants'
import { isLocale } from '../../../contract/localized'
import { dataSchema } from '../../../contract/page'
import { documented, validate } from '../../lib/route'
import type { RouteDeps } from '../../core/deps'
import * as service from './service'

const browserLocale = (cookie: string | undefined) => (isLocale(cookie) ? cookie : DEFAULT_LOCALE)

/** The signed-in member's own data: every handler reads the member from the token, never from the request. */
export function accountRoutes(deps: RouteDeps) {
  const tags = ['Member']
  const member = deps.members.required
  return new Hono()
    .get(
      '/user/verify_email/confirm',
      documented({ summary: 'The link in the verification mail; redirects to the PWA. A friend who signed up with a referral code gets the welcome coupon now, once', tags, redirect: true }),
      validate('query', VerifyEmailInputSchema),
      // the PWA's language cookie (zh_tw, en, ja) says where a link that is no one's sends the browser
      async (c) => c.redirect(await service.confirmEmail(deps, c.req.valid('query').token, browserLocale(getCookie(c, COOKIES.locale))), 302),
    )
    .get('/user', documented({ summary: 'The signed-in member', tags, response: dataSchema(AuthUserSchema), auth: true }), member, async (c) => {
      const session = c.get('session')
      return c.json({ data: await service.toAuthUser(deps.db, session.user, session.method) })
    })
    .put(
      '/user',
      documented({ summary: 'Edit the profile', tags, response: dataSchema(AuthUserSchema), auth: true }),
      member,
      validate('json', ProfileInputSchema),
      async (c) => c.json({ data: await service.updateProfile(deps, c.get('session'), c.req.valid('json')) }),
    )
    .put(
      '/user/password',
      documented({ summary: 'Change the password; signs out every other session and returns a new token', tags, response: dataSchema(LoginResultSchema), auth: true }),
      member,
      validate('json', ChangePasswordInputSchema),
      async (c) => c.json({ data: await service.changePassword(deps, c.get('session'), c.req.valid('json')) }),
    )
    .get(
      '/user/verify_email',
      documented({
        summary: 'Mail a verification link',
        tags,
        response: dataSchema(v.boolean()),
        auth: true,
        errors: { 409: 'Already verified (EMAIL_ALREADY_VERIFIED)', 429: 'Another mail within 30 seconds (RESEND_TOO_SOON)' },
      }),
      member,
      async (c) => {
        await service.resendVerification(deps, c.get('session'))
        return c.json({ data: true })
      },
    )
}
