import { formatPrice, formatPriceRange } from '../lib/format-price'

interface PriceProps {
  min: number
  max?: number
  className?: string
}

/** NT$1,234, or NT$min ~ NT$max when the two differ. */
export function Price({ min, max = min, className = 'price' }: PriceProps) {
  if (min === max) return <span className={className}>{formatPrice(min)}</span>
  const [low, high] = formatPriceRange(min, max).split(' ~ ')
  // Each end stays on one line; a narrow card wraps at the tilde.
  return (
    <span className={className}>
      <span style={{ whiteSpace: 'nowrap' }}>{low}</span> ~ <span style={{ whiteSpace: 'nowrap' }}>{high}</span>
    </span>
  )
}
