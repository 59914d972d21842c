import { Fragment } from 'react'

export interface HighlightPart {
  text: string
  match: boolean
}

const TAG = /(<em>|<\/em>)/

/**
 * Splits an Algolia highlight value on its <em> tags. Everything else stays plain text, so markup
 * inside a product name can never become HTML.
 */
export function highlightParts(value: string): HighlightPart[] {
  const parts: HighlightPart[] = []
  let match = false
  for (const piece of value.split(TAG)) {
    if (piece === '<em>') match = true
    else if (piece === '</em>') match = false
    else if (piece) parts.push({ text: piece, match })
  }
  return parts
}

export function Highlight({ value }: { value: string }) {
  return (
    <>
      {highlightParts(value).map((part, i) => (
        <Fragment key={i}>{part.match ? <mark className="search-mark">{part.text}</mark> : part.text}</Fragment>
      ))}
    </>
  )
}
