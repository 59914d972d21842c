import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '../lib/i18n'
import { useDocumentTitle } from './use-document-title'
import './error-view.css'

interface ErrorViewProps {
  status: 404 | 500
  /** shown under the title, e.g. the server's message */
  detail?: string
  onRetry?: () => void
}

export function ErrorView({ status, detail, onRetry }: ErrorViewProps) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const notFound = status === 404
  const title = notFound ? t`This page could not be found` : t`Oops, something went wrong`
  useDocumentTitle(title)
  return (
    <section className="error-view" aria-labelledby="error-title">
      <p className="error-view__code" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="error-view__title">
        {title}
      </h1>
      <p className="error-view__text">
        {detail ?? (notFound ? t`The page may have moved, or the address may be mistyped.` : t`Please try again in a moment.`)}
      </p>
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
          {notFound ? t`Back to index` : t`Back to home`}
        </Link>
      </div>
    </section>
  )
}
