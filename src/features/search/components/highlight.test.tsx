// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Highlight, highlightParts } from './highlight'

afterEach(cleanup)

describe('highlightParts', () => {
  it('marks the parts between <em> tags', () => {
    expect(highlightParts('宇治<em>抹茶</em>年輪蛋糕')).toEqual([
      { text: '宇治', match: false },
      { text: '抹茶', match: true },
      { text: '年輪蛋糕', match: false },
    ])
  })

  it('handles several matches and no match', () => {
    expect(highlightParts('<em>Matcha</em> &amp; <em>choco</em>').filter((p) => p.match).map((p) => p.text)).toEqual(['Matcha', 'choco'])
    expect(highlightParts('plain')).toEqual([{ text: 'plain', match: false }])
  })
})

describe('Highlight', () => {
  it('renders matches as <mark> and everything else as text, never as HTML', () => {
    const { container } = render(
      <p>
        <Highlight value={'<img src=x onerror="alert(1)"><em>抹茶</em><script>x</script>'} />
      </p>,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('mark')?.textContent).toBe('抹茶')
    expect(container.textContent).toBe('<img src=x onerror="alert(1)">抹茶<script>x</script>')
  })
})
