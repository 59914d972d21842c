import { useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { SEARCH_KEYWORD_MAX } from '../../contract/constants'
import { SearchIcon } from './icons'
import './search-box.css'

/** The spec forbids submitting an empty or single-space keyword; any all-blank keyword searches nothing. */
export const canSubmitKeyword = (keyword: string): boolean => keyword.trim() !== ''

export const normalizeKeyword = (keyword: string): string => keyword.trim().slice(0, SEARCH_KEYWORD_MAX)

interface SearchBoxProps {
  onSearch: (keyword: string) => void
  initialKeyword?: string
  autoFocus?: boolean
  tone?: 'solid' | 'glass'
}

export function SearchBox({ onSearch, initialKeyword = '', autoFocus, tone = 'solid' }: SearchBoxProps) {
  const { t } = useLingui()
  const id = useId()
  const [keyword, setKeyword] = useState(initialKeyword.slice(0, SEARCH_KEYWORD_MAX))
  const enabled = canSubmitKeyword(keyword)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (enabled) onSearch(normalizeKeyword(keyword))
  }

  return (
    <form role="search" className={`search-box search-box--${tone}`} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t`Search products`}
      </label>
      <input
        id={id}
        className="search-box__input"
        type="search"
        value={keyword}
        maxLength={SEARCH_KEYWORD_MAX}
        onChange={(event) => setKeyword(event.target.value)}
        placeholder={t`Matcha, ramen, Kyoto…`}
        enterKeyHint="search"
        autoComplete="off"
        autoFocus={autoFocus}
      />
      <button type="submit" className="search-box__button" disabled={!enabled} aria-label={t`Search`}>
        <SearchIcon size={20} />
      </button>
    </form>
  )
}
