import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useLocalePrefix } from '../lib/i18n'

/** Sends a keyword from any search box to the search page in the current language. */
export function useSearchNavigate(): (keyword: string) => void {
  const navigate = useNavigate()
  const locale = useLocalePrefix()
  return useCallback(
    (keyword: string) => {
      // The spec's address for a header search: /product/search/{term}?keyword={term}
      const term = encodeURIComponent(keyword)
      void navigate({ href: `${locale ? `/${locale}` : ''}/product/search/${term}?keyword=${term}` })
    },
    [navigate, locale],
  )
}
