// @vitest-environment jsdom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ReviewSummary } from './review-summary'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})
afterEach(cleanup)

const bands = [5, 4, 3, 2, 1].map((rate) => ({ rate, total: rate === 5 ? 43 : rate === 1 ? 1 : 0, percent: rate === 5 ? 98 : rate === 1 ? 2 : 0 }))
const toggleScore = (current: number | undefined, rate: number) => (current === rate ? undefined : rate)

function Filtered() {
  const [score, setScore] = useState<number>()
  return (
    <I18nProvider i18n={i18n}>
      <ReviewSummary average={4.3} total={44} bands={bands} score={score} onToggleScore={(rate) => setScore((current) => toggleScore(current, rate))} />
      <output>{score ?? 'all'}</output>
    </I18nProvider>
  )
}

describe('ReviewSummary', () => {
  it('shows the average and a named button per score, 5 first', () => {
    render(<Filtered />)
    expect(screen.getByRole('img', { name: '4.3 out of 5 stars' })).toBeTruthy()
    const names = ['5 stars, 43 reviews', '4 stars, 0 reviews', '3 stars, 0 reviews', '2 stars, 0 reviews', '1 star, 1 review']
    expect(screen.getAllByRole('button')).toEqual(names.map((name) => screen.getByRole('button', { name })))
  })

  it('filters by a bar and clears the filter when the same bar is pressed again', () => {
    render(<Filtered />)
    const five = screen.getByRole('button', { name: '5 stars, 43 reviews' })
    fireEvent.click(five)
    expect(five.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('status').textContent).toBe('5')
    fireEvent.click(screen.getByRole('button', { name: '1 star, 1 review' }))
    expect(five.getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByRole('status').textContent).toBe('1')
    fireEvent.click(screen.getByRole('button', { name: '1 star, 1 review' }))
    expect(screen.getByRole('status').textContent).toBe('all')
  })
})
