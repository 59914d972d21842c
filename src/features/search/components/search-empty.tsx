import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { HOT_TAG_GROUPS } from './hot-tags'
import './search-suggestions.css'
import './search-page.css'

interface SearchEmptyProps {
  /** filters narrow the search: offer to drop them */
  onClearFilters?: () => void
  /** the keyword had nothing searchable in it (only emoji or symbols): say so, rather than "check the spelling" */
  wordless?: boolean
  onPick: (keyword: string) => void
  browseLink: ReactNode
}

export function SearchEmpty({ onClearFilters, wordless = false, onPick, browseLink }: SearchEmptyProps) {
  const { t, i18n } = useLingui()
  return (
    <div className="search-empty" role="status">
      <h2 className="search-empty__title">{t`No products found`}</h2>
      <p className="search-empty__text">
        {wordless
          ? t`Emoji and symbols alone cannot be searched. Type a word, or try one of these searches.`
          : onClearFilters
            ? t`Nothing matches these filters. Clear them, or try one of these searches.`
            : t`Check the spelling or try a shorter keyword, or one of these searches.`}
      </p>
      {onClearFilters && !wordless ? (
        <button type="button" className="button button-primary" onClick={onClearFilters}>
          {t`Clear filters`}
        </button>
      ) : null}
      <ul className="search-empty__tags" aria-label={t`Suggested searches`}>
        {HOT_TAG_GROUPS.flatMap((group) => group.tags).map((tag) => {
          const text = i18n._(tag)
          return (
            <li key={tag.id}>
              <button type="button" className="search-chip search-chip--hot" onClick={() => onPick(text)}>
                {text}
              </button>
            </li>
          )
        })}
      </ul>
      <div className="search-empty__browse">{browseLink}</div>
    </div>
  )
}
