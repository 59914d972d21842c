import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import type { SocialProvider } from '../../../../contract/auth'
import { isApiError } from '@/lib/api-client'
import { safeRedirectPath } from '@/lib/guards'
import { useLocale } from '@/lib/i18n'
import { FacebookIcon, GoogleIcon, LineIcon } from '@/ui/more-icons'
import { socialSignInUrl, type AuthSource } from '../api/social-sign-in'
import { rememberSocialRedirect } from '../social-redirect'
import './social-buttons.css'
import { pathWithoutLocale } from '@/lib/locale'
import { useSnapshot } from 'valtio'
import { externalBrowserUrl, pwa } from '@/lib/pwa'
import { useHydrated } from '@/lib/use-hydrated'

interface SocialButtonsProps {
  /** the providers this shop offers (from /config); none means no buttons */
  providers: readonly SocialProvider[]
  /** the page to come back to after signing in */
  redirect?: string
}

const isSubscribePage = (pathname: string) => /^\/subscribe\/?$/.test(pathWithoutLocale(pathname))

/** Sign in with Google, Facebook or LINE: the browser leaves for the provider and returns to /auth/social-callback. */
export function SocialButtons({ providers, redirect }: SocialButtonsProps) {
  const { t } = useLingui()
  const locale = useLocale()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [leaving, setLeaving] = useState<SocialProvider | null>(null)
  const hydrated = useHydrated()
  // known once the app runs (the server cannot tell the browser)
  const lineApp = useSnapshot(pwa).lineApp && hydrated
  if (providers.length === 0) return null

  const labels: Record<SocialProvider, string> = { google: t`Sign in with Google`, facebook: t`Sign in with Facebook`, line: t`Sign in with LINE` }
  // started on the subscribe page, or on the sign-in page a plan's button sent a visitor to
  const source: AuthSource = [pathname, redirect?.split(/[?#]/)[0]].some((path) => path !== undefined && isSubscribePage(path)) ? 'subscribe' : 'ec'

  const start = async (provider: SocialProvider) => {
    setLeaving(provider)
    try {
      const url = await socialSignInUrl(provider, source, locale)
      rememberSocialRedirect(safeRedirectPath(redirect))
      window.location.assign(url)
    } catch (error) {
      setLeaving(null)
      toast.error(t`Sign-in failed`, { description: isApiError(error) ? error.message : undefined })
    }
  }

  return (
    <div className="social-buttons">
      {lineApp && providers.includes('google') ? (
        // Google refuses sign-in inside in-app browsers (disallowed_useragent): said before the shopper tries
        <p className="form-alert form-alert--info social-buttons__notice">
          {t`Google does not allow signing in inside LINE.`}{' '}
          <a href={externalBrowserUrl(window.location.href)}>{t`Open the shop in your browser`}</a>
        </p>
      ) : null}
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className={`button social-button social-button--${provider}`}
          disabled={leaving !== null || (lineApp && provider === 'google')}
          aria-busy={leaving === provider || undefined}
          onClick={() => void start(provider)}
        >
          {provider === 'google' ? <GoogleIcon /> : provider === 'line' ? <LineIcon /> : <FacebookIcon />}
          <span>{labels[provider]}</span>
        </button>
      ))}
    </div>
  )
}
