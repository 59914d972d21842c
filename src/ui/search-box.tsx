import { useLingui } from '@lingui/react/macro'
import { createContext, useContext, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { SEARCH_KEYWORD_MAX } from '../../contract/constants'
import { normalizeKeyword } from '../lib/search-params'
import { SearchIcon } from './icons'
import { useScrollLock } from './use-scroll-lock'
import './search-box.css'

/** The spec forbids submitting an empty or single-space keyword; any all-blank keyword searches nothing. */
export const canSubmitKeyword = (keyword: string): boolean => keyword.trim() !== ''

// the one keyword rule, shared with the search page's address
export { normalizeKeyword }

export interface SearchSuggestionsSlotProps {
  keyword: string
  /** the id of the option the arrow keys are on; that option shows itself as selected */
  activeId: string | undefined
  onPick: (keyword: string) => void
}

/**
 * What the panel under a search box shows (recent searches, tags, quick results), given by the app:
 * shared UI cannot depend on the search feature. Choices are elements with `role="option"` and an id.
 */
export const SearchSuggestionsSlot = createContext<((props: SearchSuggestionsSlotProps) => ReactNode) | null>(null)

interface SearchBoxProps {
  onSearch: (keyword: string) => void
  initialKeyword?: string
  autoFocus?: boolean
  tone?: 'solid' | 'glass'
  /** suggestions always shown below the box (in the search sheet) instead of a dropdown while focused */
  inline?: boolean
  /** a suggestion took the shopper elsewhere (a product page) */
  onLeave?: () => void
}

export function SearchBox({ onSearch, initialKeyword = '', autoFocus, tone = 'solid', inline = false, onLeave }: SearchBoxProps) {
  const { t } = useLingui()
  const id = useId()
  const panelId = `${id}-panel`
  const renderSuggestions = useContext(SearchSuggestionsSlot)
  const inputRef = useRef<HTMLInputElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const [keyword, setKeyword] = useState(normalizeKeyword(initialKeyword))
  const [focused, setFocused] = useState(false)
  const [activeId, setActiveId] = useState<string>()
  const enabled = canSubmitKeyword(keyword)
  const open = renderSuggestions !== null && (inline || focused)
  useScrollLock(open && !inline)

  const close = () => {
    setActiveId(undefined)
    if (!inline) {
      setFocused(false)
      inputRef.current?.blur()
    }
  }

  const search = (term: string) => {
    close()
    onSearch(normalizeKeyword(term))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (enabled) search(keyword)
  }

  const options = () => [...(panelRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])]

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) return
      event.preventDefault()
      const list = options()
      if (list.length === 0) return
      const current = list.findIndex((option) => option.id === activeId)
      const step = event.key === 'ArrowDown' ? 1 : -1
      const next = current === -1 ? (step === 1 ? 0 : list.length - 1) : (current + step + list.length) % list.length
      setActiveId(list[next]!.id)
      list[next]!.scrollIntoView?.({ block: 'nearest' })
    } else if (event.key === 'Enter' && activeId) {
      const option = options().find((o) => o.id === activeId)
      if (!option) return
      event.preventDefault()
      option.click()
    } else if (event.key === 'Escape' && open && !inline) {
      event.preventDefault()
      close()
    }
  }

  return (
    <div
      className={`search-box-wrap${inline ? ' search-box-wrap--inline' : ''}`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setFocused(false)
          setActiveId(undefined)
        }
      }}
    >
      <form role="search" className={`search-box search-box--${tone}`} onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          {t`Search products`}
        </label>
        <input
          ref={inputRef}
          id={id}
          className="search-box__input"
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={panelId}
          aria-autocomplete="list"
          aria-activedescendant={open ? activeId : undefined}
          value={keyword}
          maxLength={SEARCH_KEYWORD_MAX}
          onChange={(event) => {
            setKeyword(event.target.value)
            setActiveId(undefined)
          }}
          onFocus={() => setFocused(true)}
          onClick={() => setFocused(true)}
          onKeyDown={onKeyDown}
          placeholder={t`Matcha, ramen, Kyoto…`}
          enterKeyHint="search"
          autoComplete="off"
          autoFocus={autoFocus}
        />
        <button type="submit" className="search-box__button" disabled={!enabled} aria-label={t`Search`}>
          <SearchIcon size={20} />
        </button>
      </form>
      {open && renderSuggestions ? (
        <div
          ref={panelRef}
          id={panelId}
          className={inline ? 'search-box__suggestions' : 'search-box__dropdown'}
          // keep focus (and the caret) in the box while a suggestion is clicked
          onMouseDown={(event) => {
            if (!(event.target instanceof HTMLInputElement)) event.preventDefault()
          }}
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a')) {
              close()
              onLeave?.()
            }
          }}
        >
          <SuggestionsHost render={renderSuggestions} keyword={keyword} activeId={activeId} onPick={search} />
        </div>
      ) : null}
    </div>
  )
}

function SuggestionsHost({ render, ...props }: SearchSuggestionsSlotProps & { render: (props: SearchSuggestionsSlotProps) => ReactNode }) {
  return render(props)
}
