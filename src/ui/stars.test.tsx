// @vitest-environment jsdom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { starFill, Stars, StarsInput } from './stars'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})
afterEach(cleanup)

describe('starFill', () => {
  it('fills whole stars, a half from .25 and a whole from .75', () => {
    expect([1, 2, 3, 4, 5].map((p) => starFill(4.5, p))).toEqual([1, 1, 1, 1, 0.5])
    expect([1, 2, 3, 4, 5].map((p) => starFill(3.2, p))).toEqual([1, 1, 1, 0, 0])
    expect([1, 2, 3, 4, 5].map((p) => starFill(3.8, p))).toEqual([1, 1, 1, 1, 0])
    expect([1, 2, 3, 4, 5].map((p) => starFill(0, p))).toEqual([0, 0, 0, 0, 0])
  })
})

describe('Stars', () => {
  it('names the score for screen readers', () => {
    render(
      <I18nProvider i18n={i18n}>
        <Stars value={4.5} />
      </I18nProvider>,
    )
    expect(screen.getByRole('img', { name: '4.5 out of 5 stars' })).toBeTruthy()
  })
})

describe('StarsInput', () => {
  function Controlled({ onChange }: { onChange: (value: number) => void }) {
    const [value, setValue] = useState(0)
    return (
      <I18nProvider i18n={i18n}>
        <StarsInput
          value={value}
          legend="Your rating"
          onChange={(next) => {
            setValue(next)
            onChange(next)
          }}
        />
      </I18nProvider>
    )
  }

  it('offers five labelled radio buttons in a named group, none chosen at first', () => {
    render(<Controlled onChange={vi.fn()} />)
    const group = screen.getByRole('group', { name: 'Your rating' })
    const radios = screen.getAllByRole('radio')
    expect(group).toBeTruthy()
    expect(radios.map((r) => r.getAttribute('aria-label') ?? r.closest('label')?.textContent)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars'])
    expect(radios.every((r) => !(r as HTMLInputElement).checked)).toBe(true)
    expect(new Set(radios.map((r) => (r as HTMLInputElement).name)).size).toBe(1)
  })

  it('chooses the score of the star clicked and reports it', () => {
    const onChange = vi.fn()
    render(<Controlled onChange={onChange} />)
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }))
    expect(onChange).toHaveBeenLastCalledWith(3)
    expect((screen.getByRole('radio', { name: '3 stars' }) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }))
    expect(onChange).toHaveBeenLastCalledWith(5)
    expect((screen.getByRole('radio', { name: '3 stars' }) as HTMLInputElement).checked).toBe(false)
  })

  it('shows an error tied to the group', () => {
    render(
      <I18nProvider i18n={i18n}>
        <StarsInput value={0} legend="Your rating" onChange={vi.fn()} error="Choose 1 to 5 stars." errorId="e1" />
      </I18nProvider>,
    )
    expect(screen.getByRole('group', { name: 'Your rating' }).getAttribute('aria-describedby')).toBe('e1')
    expect(screen.getByText('Choose 1 to 5 stars.').id).toBe('e1')
  })
})
