import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { formatPrice } from '@/lib/format-price'
import { CloseIcon, GiftIcon } from '@/ui/icons'
import { useReferralProgramme } from '../api/get-referral-programme'
import './invitation-banner.css'

const DISMISSED_KEY = 'referral-invitation-dismissed'

const dismissedCode = (): string | null => {
  try {
    return localStorage.getItem(DISMISSED_KEY)
  } catch {
    return null
  }
}

/**
 * "A friend invited you": shown to visitors who opened a referral link, on every page until they
 * sign up (`signedIn`) or close it, saying what the welcome coupon is (given once the e-mail is
 * confirmed) and offering the sign-up.
 * Closing it forgets nothing: the code stays in its cookie for the sign-up form.
 */
export function InvitationBanner({ code, signedIn, onSignUp }: { code: string | null; signedIn: boolean; onSignUp: () => void }) {
  const { t } = useLingui()
  const [dismissed, setDismissed] = useState<string | null>(dismissedCode)
  const programme = useReferralProgramme()
  if (!code || signedIn || dismissed === code) return null

  const friend = programme.data?.friend
  const amount = friend ? formatPrice(friend.amount) : ''
  const minSpend = friend ? formatPrice(friend.min_spend) : ''
  const offer = friend
    ? friend.min_spend > 0
      ? t`Sign up with their code and confirm your e-mail to get ${amount} off your first order of ${minSpend} or more.`
      : t`Sign up with their code and confirm your e-mail to get ${amount} off your first order.`
    : t`Sign up with their code and confirm your e-mail to get a welcome coupon.`

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, code)
    } catch {
      // private mode: closed for this page view only
    }
    setDismissed(code)
  }

  return (
    <section className="invitation" aria-labelledby="invitation-title">
      <GiftIcon size={24} />
      <p className="invitation__text">
        <strong id="invitation-title">{t`A friend invited you`}</strong> <span>{offer}</span>
      </p>
      <button type="button" className="button button-primary invitation__sign-up" onClick={onSignUp}>
        {t`Sign up`}
      </button>
      <button type="button" className="icon-button invitation__close" onClick={dismiss}>
        <CloseIcon size={18} />
        <span className="visually-hidden">{t`Close the invitation`}</span>
      </button>
    </section>
  )
}
