import { Plural, useLingui } from '@lingui/react/macro'
import { useLocale } from '@/lib/i18n'
import { UsersIcon } from '@/ui/more-icons'
import type { Referral } from '../api/get-referrals'
import { DATE_LOCALE } from './date-locale'

/** The friends who joined with the member's code, names masked, and where each stands. */
export function ReferralFriends({ referrals }: { referrals: Referral[] }) {
  const { t } = useLingui()
  const locale = useLocale()
  const dates = new Intl.DateTimeFormat(DATE_LOCALE[locale], { dateStyle: 'medium' })
  const count = referrals.length

  const statusNames: Record<Referral['status'], string> = {
    joined: t`Joined`,
    ordered: t`Ordered, waiting for delivery`,
    rewarded: t`Rewarded`,
    not_eligible: t`Not eligible`,
  }
  const reasons: Record<NonNullable<Referral['reason']>, string> = {
    same_phone: t`Shares your phone number`,
    same_address: t`Shares your delivery address`,
  }

  return (
    <section className="panel" aria-labelledby="referrals-title">
      <div className="panel__head">
        <h2 id="referrals-title" className="panel__title">
          {t`People who joined`}
        </h2>
        <span className="referral__count">
          <Plural value={count} one="# person" other="# people" />
        </span>
      </div>
      {count === 0 ? (
        <div className="referral__empty">
          <UsersIcon size={32} />
          <p>{t`No one has joined with your code yet. Share your link to invite friends.`}</p>
        </div>
      ) : (
        <ul className="referral__list" aria-labelledby="referrals-title">
          {referrals.map((person, index) => {
            const date = dates.format(new Date(person.joined_at))
            return (
              <li key={`${person.joined_at}-${index}`} className="referral__person">
                <div className="referral__who">
                  <span className="referral__name">{person.name}</span>
                  <span className="referral__date">{t`Joined ${date}`}</span>
                </div>
                <div className="referral__state">
                  <span className={`referral__status referral__status--${person.status}`}>{statusNames[person.status]}</span>
                  {person.status === 'not_eligible' && person.reason ? <span className="referral__reason">{reasons[person.reason]}</span> : null}
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
