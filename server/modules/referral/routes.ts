import { Hono } from 'hono'
import { ReferralSchema } from '../../../contract/auth'
import { dataSchema } from '../../../contract/page'
import { ReferralProgrammeSchema } from '../../../contract/coupon'
import { documented } from '../../lib/route'
import type { RouteDeps } from '../../core/deps'
import { programme, referralsView } from './service'

/** The referral programme's terms, public (the invitation banner and the referral page say what both sides get), and a member's own referrals. */
export function referralRoutes(deps: RouteDeps) {
  return new Hono()
    .get(
      '/user/referrer',
      documented({ summary: "The member's referrer code and the people who joined with it", tags: ['Member'], response: dataSchema(dataSchema(ReferralSchema)), auth: true }),
      deps.members.required,
      async (c) => {
        const { user } = c.get('session')
        return c.json({ data: { data: { referrer_code: user.referrer_code, ...(await referralsView(deps.db, user.id, c.get('locale'))) } } })
      },
    )
    .get(
      '/referral/programme',
      documented({
        summary:
          "What the referral programme gives: the friend who signs up with a member's code gets `friend` once their e-mail is verified (NT$amount off goods of at least min_spend, valid `days` days from then); the member gets `reward` once the friend's first order is delivered. Public.",
        tags: ['Referrals'],
        response: dataSchema(ReferralProgrammeSchema),
      }),
      (c) => {
        c.header('cache-control', 'public, max-age=300')
        return c.json({ data: programme(deps.config.referral) })
      },
    )
}
