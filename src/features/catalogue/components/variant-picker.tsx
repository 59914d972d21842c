import { useLingui } from '@lingui/react/macro'
import type { Product, Variant } from '../../../../contract/catalogue'
import { formatPrice } from '@/lib/format-price'
import './variant-picker.css'

interface VariantPickerProps {
  product: Pick<Product, 'id' | 'stock_type' | 'variants'>
  selectedId?: number
  onSelect: (variant: Variant) => void
}

export function VariantPicker({ product, selectedId, onSelect }: VariantPickerProps) {
  const { t } = useLingui()
  if (product.variants.length === 0) return null
  const preOrder = product.stock_type === 'PRE_ORDER'
  return (
    <fieldset className="variants">
      <legend className="variants__legend">{t`Type`}</legend>
      <div className="variants__options">
        {product.variants.map((variant) => {
          const soldOut = !preOrder && variant.stock_left <= 0
          return (
            <label key={variant.id} className={`variant${soldOut ? ' is-sold-out' : ''}`}>
              <input
                type="radio"
                name={`variant-${product.id}`}
                value={variant.id}
                checked={variant.id === selectedId}
                onChange={() => onSelect(variant)}
                className="variant__input"
              />
              <span className="variant__label">{variant.label}</span>
              <span className="variant__price">{formatPrice(variant.price)}</span>
              {soldOut ? <span className="variant__note">{t`Out of stock`}</span> : null}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
