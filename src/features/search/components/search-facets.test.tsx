// @vitest-environment jsdom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SearchFilterState } from '../api/search-state'
import { SearchFacets, type FacetLabels } from './search-facets'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})
afterEach(cleanup)

const labels: FacetLabels = {
  categories: new Map([
    [3, 'Sweets'],
    [5, 'Drinks'],
  ]),
  cities: new Map([
    ['kyoto', 'Kyoto'],
    ['osaka', 'Osaka'],
  ]),
  trendGroups: new Map(),
}
const facets = { category_ids: { '3': 4, '5': 2 }, city: { kyoto: 5, osaka: 1 } }
const state = (more: Partial<SearchFilterState> = {}) => ({ keyword: 'matcha', ...more }) as SearchFilterState

const facetsWith = (value: SearchFilterState, onChange: (patch: Partial<SearchFilterState>) => void) => (
  <I18nProvider i18n={i18n}>
    <SearchFacets facets={facets} value={value} labels={labels} onChange={onChange} />
  </I18nProvider>
)
const radio = (name: RegExp) => screen.getByRole<HTMLInputElement>('radio', { name })

describe('SearchFacets', () => {
  it('shows a choice at once, before the page’s address has caught up, and keeps an earlier one of the same moment', () => {
    const onChange = vi.fn()
    render(facetsWith(state(), onChange))
    fireEvent.click(radio(/^Kyoto/))
    expect(onChange).toHaveBeenLastCalledWith({ city: 'kyoto' })
    expect(radio(/^Kyoto/).checked).toBe(true)
    expect(radio(/^All cities/).checked).toBe(false)

    fireEvent.click(radio(/^Sweets/))
    expect(onChange).toHaveBeenLastCalledWith({ category: 3 })
    expect(radio(/^Sweets/).checked).toBe(true)
    expect(radio(/^Kyoto/).checked).toBe(true)
  })

  it('follows the page once its filters change, even to something other than the last click', () => {
    const onChange = vi.fn()
    const { rerender } = render(facetsWith(state(), onChange))
    fireEvent.click(radio(/^Kyoto/))
    // the address went elsewhere meanwhile (the back button, say): the page's filters win
    rerender(facetsWith(state({ city: 'osaka' }), onChange))
    expect(radio(/^Osaka/).checked).toBe(true)
    expect(radio(/^Kyoto/).checked).toBe(false)
  })
})
