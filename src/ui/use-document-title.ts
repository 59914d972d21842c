import { useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'

/** Sets the tab title to "page · shop"; the home page passes nothing and shows the shop name alone. */
export function useDocumentTitle(title?: string): void {
  const { t } = useLingui()
  const brand = t`Japan Souvenir Shop`
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand
  }, [title, brand])
}
