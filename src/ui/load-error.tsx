import { useLingui } from '@lingui/react/macro'

/** A part of a page that could not be loaded: what, and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useLingui()
  return (
    <div className="form-alert" role="alert">
      {message}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        {t`Try again`}
      </button>
    </div>
  )
}
