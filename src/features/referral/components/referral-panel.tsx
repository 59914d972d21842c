import { Plural, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import { useLocale } from '../../../lib/i18n'
import { fullName } from '../../../lib/member-options'
import { CheckIcon, CopyIcon, UsersIcon } from '../../../ui/icons'
import { useReferrals } from '../api/get-referrals'
import './referral-panel.css'

const DATE_LOCALE = { zh_tw: 'zh-TW', en: 'en', ja: 'ja' } as const

/** The invitation link of the shop's home page with this member's code. */
export const shareUrl = (origin: string, code: string): string => `${origin}/?referrer_code=${encodeURIComponent(code)}`

export function ReferralPanel() {
  const { t } = useLingui()
  const locale = useLocale()
  const { data } = useReferrals()
  const [copied, setCopied] = useState(false)
  const url = shareUrl(window.location.origin, data.referrer_code)
  const dates = new Intl.DateTimeFormat(DATE_LOCALE[locale], { dateStyle: 'medium' })
  const count = data.referrals.length

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      toast.success(t`Link copied`, { id: 'referral-copied' })
    } catch {
      toast.error(t`The link could not be copied. Please copy it by hand.`, { id: 'referral-copy-failed' })
    }
  }

  return (
    <>
      <section className="panel referral" aria-labelledby="referral-title">
        <h1 id="referral-title" className="panel__title">
          {t`Invite friends`}
        </h1>
        <p className="panel__intro referral__intro">{t`Share your link: friends who sign up through it join with your referral code.`}</p>
        <div className="referral__code">
          <span className="referral__code-label">{t`Your referral code`}</span>
          <strong className="referral__code-value">{data.referrer_code}</strong>
        </div>
        <div className="referral__share">
          <label className="visually-hidden" htmlFor="referral-url">
            {t`Invitation link`}
          </label>
          <input id="referral-url" className="field__input referral__url" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button button-primary referral__copy" onClick={() => void copy()}>
            {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
            {t`Copy link`}
          </button>
        </div>
      </section>
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
          <ul className="referral__list">
            {data.referrals.map((person, index) => {
              const date = dates.format(new Date(person.joined_at))
              return (
                <li key={`${person.joined_at}-${index}`} className="referral__person">
                  <span className="referral__name">{fullName(person)}</span>
                  <span className="referral__date">{t`Joined ${date}`}</span>
                </li>
              )
            })}
          </ul>
        )}
      </section>
    </>
  )
}
