import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '../lib/i18n'
import { FAILURE_TITLES } from '../lib/page-head'
import './error-view.css'

interface ErrorViewProps {
  /** 'offline': the page needs the network and was never saved on this device */
  status: 404 | 500 | 'offline'
  /** shown under the title, e.g. the server's message */
  detail?: string
  onRetry?: () => void
}

export function ErrorView({ status, detail, onRetry }: ErrorViewProps) {
  const { t, i18n } = useLingui()
  const locale = useLocalePrefix()
  const notFound = status === 404
  const offline = status === 'offline'
  // the same words the page's head gives it as its title (src/lib/page-head.ts)
  const title = i18n._(FAILURE_TITLES[notFound ? 'not-found' : offline ? 'offline' : 'failed'])
  const text = notFound
    ? t`The page may have moved, or the address may be mistyped.`
    : offline
      ? t`You are offline, and this page was not opened on this device before. It opens as soon as you are back online; pages you have seen still work.`
      : t`Please try again in a moment.`
  return (
    <section className="error-view" aria-labelledby="error-title">
      {offline ? null : (
        <p className="error-view__code" aria-hidden="true">
          {status}
        </p>
      )}
      <h1 id="error-title" className="error-view__title">
        {title}
      </h1>
      <p className="error-view__text">{detail ?? text}</p>
      <div className="error-view__actions">
        {onRetry ? (
          <button type="button" className="button button-primary" onClick={onRetry}>
            {t`Try again`}
          </button>
        ) : null}
        <Link
          to="/{-$locale}/product/search/{-$search}"
          params={{ locale, search: undefined }}
          className={`button ${onRetry ? 'button-secondary' : 'button-primary'}`}
        >
          {notFound ? t`View products` : t`Browse products`}
        </Link>
        <Link to="/{-$locale}" params={{ locale }} className="button button-secondary">
          {t`Back to home`}
        </Link>
      </div>
    </section>
  )
}
