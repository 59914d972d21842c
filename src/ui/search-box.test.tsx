// @vitest-environment jsdom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { canSubmitKeyword, normalizeKeyword, SearchBox, SearchSuggestionsSlot, type SearchSuggestionsSlotProps } from './search-box'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})
afterEach(cleanup)

describe('canSubmitKeyword', () => {
  it('refuses an empty keyword or a single space', () => {
    expect(canSubmitKeyword('')).toBe(false)
    expect(canSubmitKeyword(' ')).toBe(false)
    expect(canSubmitKeyword('   ')).toBe(false)
  })

  it('accepts any real keyword', () => {
    expect(canSubmitKeyword('抹茶')).toBe(true)
    expect(canSubmitKeyword(' a ')).toBe(true)
  })

  it('trims and caps a keyword at 30 characters', () => {
    expect(normalizeKeyword('  matcha  ')).toBe('matcha')
    expect(normalizeKeyword('x'.repeat(40))).toHaveLength(30)
  })
})

describe('SearchBox', () => {
  const setup = () => {
    const onSearch = vi.fn()
    render(
      <I18nProvider i18n={i18n}>
        <SearchBox onSearch={onSearch} />
      </I18nProvider>,
    )
    return { onSearch, input: screen.getByRole('combobox', { name: 'Search products' }), button: screen.getByRole('button', { name: 'Search' }) }
  }

  it('disables the button until there is a keyword', () => {
    const { input, button } = setup()
    expect(button).toHaveProperty('disabled', true)
    fireEvent.change(input, { target: { value: ' ' } })
    expect(button).toHaveProperty('disabled', true)
    fireEvent.change(input, { target: { value: 'ramen' } })
    expect(button).toHaveProperty('disabled', false)
  })

  it('limits the field to 30 characters and submits the trimmed keyword', () => {
    const { input, onSearch } = setup()
    expect(input.getAttribute('maxlength')).toBe('30')
    fireEvent.change(input, { target: { value: '  kyoto matcha ' } })
    fireEvent.submit(input.closest('form')!)
    expect(onSearch).toHaveBeenCalledWith('kyoto matcha')
  })

  it('does not submit a blank keyword with Enter', () => {
    const { input, onSearch } = setup()
    fireEvent.change(input, { target: { value: ' ' } })
    fireEvent.submit(input.closest('form')!)
    expect(onSearch).not.toHaveBeenCalled()
  })
})

describe('SearchBox suggestions', () => {
  const Suggestions = ({ activeId, onPick }: SearchSuggestionsSlotProps) => (
    <div role="listbox" aria-label="Tags">
      {['matcha', 'cake'].map((tag) => (
        <button key={tag} id={`tag-${tag}`} type="button" role="option" aria-selected={activeId === `tag-${tag}`} onClick={() => onPick(tag)}>
          {tag}
        </button>
      ))}
    </div>
  )
  const setup = () => {
    const onSearch = vi.fn()
    render(
      <I18nProvider i18n={i18n}>
        <SearchSuggestionsSlot.Provider value={(props) => <Suggestions {...props} />}>
          <SearchBox onSearch={onSearch} />
        </SearchSuggestionsSlot.Provider>
      </I18nProvider>,
    )
    return { onSearch, input: screen.getByRole('combobox', { name: 'Search products' }) }
  }

  it('opens on focus, moves with the arrow keys and picks with Enter', () => {
    const { input, onSearch } = setup()
    expect(input.getAttribute('aria-expanded')).toBe('false')
    fireEvent.focus(input)
    expect(input.getAttribute('aria-expanded')).toBe('true')
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-activedescendant')).toBe('tag-matcha')
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-activedescendant')).toBe('tag-matcha')
    fireEvent.keyDown(input, { key: 'ArrowUp' })
    expect(screen.getByRole('option', { name: 'cake' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSearch).toHaveBeenCalledWith('cake')
  })

  it('closes with Escape', () => {
    const { input } = setup()
    fireEvent.focus(input)
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
