import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import { CheckIcon, ExternalIcon } from '@/ui/icons'
import { CopyIcon, ShareIcon } from '@/ui/more-icons'
import { lineShareUrl } from '@/ui/share-controls'
import { useReferralProgramme } from '../api/get-referral-programme'
import { ReferralTerms } from './referral-terms'

/** The invitation link: the shop's home page with this member's code, which the home page keeps in a cookie for the sign-up form. */
export const shareUrl = (origin: string, code: string): string => `${origin}/?referrer_code=${encodeURIComponent(code)}`


const canShare = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function'

/** The member's code and link, with ways to copy and share them, and how the programme works. */
export function ReferralInvite({ code }: { code: string }) {
  const { t } = useLingui()
  const [copied, setCopied] = useState<'code' | 'link' | null>(null)
  const url = shareUrl(window.location.origin, code)
  const programme = useReferralProgramme()

  const copy = async (what: 'code' | 'link') => {
    try {
      await navigator.clipboard.writeText(what === 'code' ? code : url)
      setCopied(what)
      toast.success(what === 'code' ? t`Code copied` : t`Link copied`, { id: 'referral-copied' })
    } catch {
      toast.error(what === 'code' ? t`The code could not be copied. Please copy it by hand.` : t`The link could not be copied. Please copy it by hand.`, { id: 'referral-copy-failed' })
    }
  }

  const share = async () => {
    try {
      await navigator.share({ title: t`Join me at the shop`, text: t`Sign up with my referral code ${code} and confirm your e-mail to get a welcome coupon.`, url })
    } catch (error) {
      // the member closed the share sheet
      if (error instanceof DOMException && error.name === 'AbortError') return
      toast.error(t`Sharing did not work. Please copy the link instead.`, { id: 'referral-share-failed' })
    }
  }

  return (
    <section className="panel referral" aria-labelledby="referral-title">
      <h1 id="referral-title" className="panel__title">
        {t`Invite friends`}
      </h1>
      <p className="panel__intro referral__intro">{t`Share your code or link: friends who sign up with it get a welcome coupon once they confirm their e-mail, and you get a thank-you coupon.`}</p>
      {programme.data ? <ReferralTerms programme={programme.data} /> : null}

      <div className="referral__code">
        <span className="referral__code-label">
          {t`Your referral code`}
        </span>
        <div className="referral__code-row">
          <strong className="referral__code-value">
            {code}
          </strong>
          <button type="button" className="button button-secondary referral__copy" onClick={() => void copy('code')}>
            {copied === 'code' ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
            {t`Copy code`}
          </button>
        </div>
      </div>

      <div className="referral__share">
        <label className="visually-hidden" htmlFor="referral-url">
          {t`Invitation link`}
        </label>
        <input id="referral-url" className="field__input referral__url" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="button button-primary referral__copy" onClick={() => void copy('link')}>
          {copied === 'link' ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
          {t`Copy link`}
        </button>
      </div>
      <div className="referral__channels">
        {canShare() ? (
          <button type="button" className="button button-secondary" onClick={() => void share()}>
            <ShareIcon size={18} />
            {t`Share`}
          </button>
        ) : null}
        <a className="button button-secondary" href={lineShareUrl(t`Sign up with my referral code ${code} and confirm your e-mail to get a welcome coupon.`, url)} target="_blank" rel="noopener noreferrer">
          {t`Share on LINE`}
          <ExternalIcon size={16} />
          <span className="visually-hidden">{t`(opens in a new tab)`}</span>
        </a>
      </div>

      <h2 className="referral__heading" id="referral-how">
        {t`How it works`}
      </h2>
      <ol className="referral__steps" aria-labelledby="referral-how">
        <li>{t`Send your code or link to a friend.`}</li>
        <li>{t`Your friend signs up with it and receives a welcome coupon after confirming their e-mail.`}</li>
        <li>{t`When your friend’s first order is delivered, you receive a thank-you coupon.`}</li>
      </ol>
      <p className="referral__note">{t`Friends who share your phone number or delivery address do not count.`}</p>
    </section>
  )
}
