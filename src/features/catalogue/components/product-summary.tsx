import { Plural, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Product, Variant } from '../../../../contract/catalogue'
import { htmlLang } from '@/lib/locale'
import { useLocale } from '@/lib/i18n'
import { PinIcon } from '@/ui/icons'
import { Price } from '@/ui/price'
import { Stars } from '@/ui/stars'
import { StockBadge, stockState } from '@/ui/stock-badge'
import { VariantPicker } from './variant-picker'
import './product-summary.css'

interface ProductSummaryProps {
  product: Product
  variantId?: number
  onSelectVariant: (variant: Variant) => void
  /** what the app offers under the types: adding to the cart, the favourite heart */
  actions?: ReactNode
  /** a line of its own under them: sharing the product */
  share?: ReactNode
}

function formatDate(value: string, lang: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value)
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(date)
}

export function ProductSummary({ product, variantId, onSelectVariant, actions, share }: ProductSummaryProps) {
  const { t } = useLingui()
  const lang = htmlLang(useLocale())
  const variant = product.variants.find((v) => v.id === variantId)
  const state = stockState(product, variant?.stock_left)
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 })
  const { length, width, height, weight } = product.size
  const days = product.arrival_days
  const dimensions = `${number.format(length)} × ${number.format(width)} × ${number.format(height)} cm`
  const grams = `${number.format(weight)} g`

  return (
    <div className="product-summary">
      <div className="product-summary__tags">
        <StockBadge state={state} size="md" />
        {product.categories.map(({ category }) => (
          <span key={category.id} className="product-summary__tag">
            {category.name}
          </span>
        ))}
      </div>
      <h1 className="product-summary__name">{product.name}</h1>
      <p className="product-summary__origin">
        <PinIcon size={16} />
        {product.location.city}, {product.location.prefecture}
      </p>
      {product.reviews_total > 0 ? (
        <p className="product-summary__rating">
          <Stars value={product.rating} />
          <a href="#reviews" className="product-summary__reviews">
            <Plural value={product.reviews_total} one="# review" other="# reviews" />
          </a>
        </p>
      ) : null}
      <p className="product-summary__price">
        <span className="visually-hidden">{t`Price`}: </span>
        {variant ? <Price min={variant.price} /> : <Price min={product.price_min} max={product.price_max} />}
      </p>
      <VariantPicker product={product} selectedId={variant?.id} onSelect={onSelectVariant} />
      {actions ? <div className="product-summary__actions">{actions}</div> : null}
      {share}
      <dl className="product-facts">
        {product.expiry_date ? (
          <div>
            <dt>{t`Best before`}</dt>
            <dd>{formatDate(product.expiry_date, lang)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t`Estimated arrival`}</dt>
          <dd>
            <Plural value={days} one="About # day after ordering" other="About # days after ordering" />
          </dd>
        </div>
        <div>
          <dt>{t`Size`}</dt>
          <dd>{dimensions}</dd>
        </div>
        <div>
          <dt>{t`Weight`}</dt>
          <dd>{grams}</dd>
        </div>
        <div>
          <dt>{t`Availability`}</dt>
          <dd>{state === 'pre-order' ? t`Pre-order` : state === 'out-of-stock' ? t`Out of stock` : t`In stock`}</dd>
        </div>
      </dl>
    </div>
  )
}
