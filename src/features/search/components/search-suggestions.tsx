import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useId } from 'react'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { Picture } from '@/ui/picture'
import { Price } from '@/ui/price'
import { useQuickSearch } from '../api/quick-search'
import { hitName } from '../api/search-client'
import { clearRecentSearches, restoreRecentSearches, useRecentSearches } from '../stores/recent-searches'
import { HOT_TAG_GROUPS } from './hot-tags'
import './search-suggestions.css'

export interface SearchSuggestionsProps {
  keyword: string
  /** the option the search box's arrow keys are on */
  activeId: string | undefined
  /** search for a term (a recent search or a tag) */
  onPick: (keyword: string) => void
}

const optionProps = (id: string, activeId: string | undefined) => ({
  id,
  role: 'option' as const,
  'aria-selected': id === activeId,
  tabIndex: -1,
})

/**
 * The search panel's content: recent searches and hot tags while the box is empty, quick results
 * while typing. Every choice is a `role="option"` the search box moves through with the arrow keys.
 */
export function SearchSuggestions({ keyword, activeId, onPick }: SearchSuggestionsProps) {
  const term = keyword.trim()
  useEffect(() => {
    void restoreRecentSearches()
  }, [])
  return term ? <QuickResults keyword={term} activeId={activeId} /> : <DefaultSuggestions activeId={activeId} onPick={onPick} />
}

function DefaultSuggestions({ activeId, onPick }: Omit<SearchSuggestionsProps, 'keyword'>) {
  const { t, i18n } = useLingui()
  const id = useId()
  const recent = useRecentSearches()
  return (
    <div className="search-suggest">
      {recent.length > 0 ? (
        <section className="search-suggest__section" aria-labelledby={`${id}-recent`}>
          <div className="search-suggest__head">
            <h2 id={`${id}-recent`} className="search-suggest__title">{t`Recent searches`}</h2>
            <button type="button" className="search-suggest__clear" onClick={clearRecentSearches}>
              {t`Clear`}
            </button>
          </div>
          <div role="listbox" aria-labelledby={`${id}-recent`} className="search-suggest__chips">
            {recent.map((term, i) => (
              <button key={term} type="button" {...optionProps(`${id}-r${i}`, activeId)} className="search-chip" onClick={() => onPick(term)}>
                {term}
              </button>
            ))}
          </div>
        </section>
      ) : null}
      {HOT_TAG_GROUPS.map((group) => (
        <section key={group.id} className="search-suggest__section" aria-labelledby={`${id}-${group.id}`}>
          <h2 id={`${id}-${group.id}`} className="search-suggest__title">
            {i18n._(group.title)}
          </h2>
          <div role="listbox" aria-labelledby={`${id}-${group.id}`} className="search-suggest__chips">
            {group.tags.map((tag, i) => {
              const text = i18n._(tag)
              return (
                <button key={tag.id} type="button" {...optionProps(`${id}-${group.id}-${i}`, activeId)} className="search-chip search-chip--hot" onClick={() => onPick(text)}>
                  {text}
                </button>
              )
            })}
          </div>
        </section>
      ))}
    </div>
  )
}

function QuickResults({ keyword, activeId }: { keyword: string; activeId: string | undefined }) {
  const { t } = useLingui()
  const id = useId()
  const locale = useLocale()
  const prefix = useLocalePrefix()
  const { data, isError, keyword: searched } = useQuickSearch(keyword)
  const settled = data !== undefined && searched === keyword
  if (isError && !data) return <p className="search-suggest__note">{t`Quick results are unavailable right now. Press Enter to search.`}</p>
  if (!data) return <p className="search-suggest__note" role="status">{t`Searching…`}</p>
  const count = data.nbHits
  return (
    <div className={`search-suggest${settled ? '' : ' is-updating'}`}>
      <p className="search-suggest__count" role="status" id={`${id}-count`}>
        <Plural value={count} _0="No matching products" one="Found # matching product" other="Found # matching products" />
      </p>
      {data.hits.length > 0 ? (
        <div role="listbox" aria-labelledby={`${id}-count`} className="search-suggest__results">
          {data.hits.map((hit) => (
            <Link
              key={hit.objectID}
              to="/{-$locale}/product/detail/$id"
              params={{ locale: prefix, id: String(hit.id) }}
              {...optionProps(`${id}-p${hit.objectID}`, activeId)}
              className="search-result"
            >
              <Picture src={hit.thumbnail} alt="" preset="product" sizes="56px" className="search-result__image" />
              <span className="search-result__name">{hitName(hit, locale)}</span>
              <Price min={hit.price_min} max={hit.price_max} className="search-result__price" />
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  )
}
