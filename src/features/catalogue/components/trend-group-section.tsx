import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { TrendGroupWithProducts } from '../../../../contract/catalogue'
import { useLocalePrefix } from '@/lib/i18n'
import { ProductRow } from './product-grid'

export function TrendGroupSection({ group }: { group: TrendGroupWithProducts }) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const headingId = `trend-group-${group.id}`
  if (group.products.length === 0) return null
  return (
    <section className="section container" aria-labelledby={headingId}>
      <div className="section-head">
        <div>
          <h2 id={headingId} className="section-title">
            {group.name}
          </h2>
          {group.description ? <p className="section-subtitle">{group.description}</p> : null}
        </div>
        <Link to="/{-$locale}/product/list" params={{ locale }} search={{ trend_group_id: group.id }} className="section-link">
          {t`See all`}
          <span className="visually-hidden"> {group.name}</span>
        </Link>
      </div>
      <ProductRow products={group.products} label={group.name} />
    </section>
  )
}
