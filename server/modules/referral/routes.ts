import { Hono } from 'hono'
import { dataSchema } from '../../../contract/page'
import { ReferralProgrammeSchema } from '../../../contract/coupon'
import { documented } from '../../lib/route'
import type { Config } from '../../config'
import { programme } from './service'

/** The referral programme's terms, public: the invitation banner and the referral page say what both sides get. */
export function referralRoutes(deps: { config: Pick<Config, 'referral'> }) {
  return new Hono().get(
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
