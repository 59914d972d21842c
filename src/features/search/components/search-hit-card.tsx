import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { PinIcon } from '@/ui/icons'
import { Picture } from '@/ui/picture'
import { Price } from '@/ui/price'
import { Stars } from '@/ui/stars'
import { hitCity, hitName, type SearchHit } from '../api/search-client'
import { Highlight } from './highlight'
import './search-hit-card.css'

export function SearchHitCard({ hit, eager = false }: { hit: SearchHit; eager?: boolean }) {
  const { t } = useLingui()
  const locale = useLocale()
  const prefix = useLocalePrefix()
  const name = hit._highlightResult?.[`name_${locale}`]?.value ?? hitName(hit, locale)
  const badge = hit.stock_status === 'out_of_stock' ? t`Sold out` : hit.stock_status === 'pre_order' ? t`Pre-order` : null
  return (
    <article className={`search-hit${hit.stock_status === 'out_of_stock' ? ' is-sold-out' : ''}`}>
      <div className="search-hit__media">
        <Picture src={hit.thumbnail} alt="" preset="product" sizes="(min-width: 1200px) 250px, (min-width: 992px) 30vw, (min-width: 640px) 33vw, 50vw" eager={eager} className="search-hit__image" />
        {badge ? <span className="search-hit__badge">{badge}</span> : null}
      </div>
      <div className="search-hit__body">
        <h2 className="search-hit__name">
          <Link to="/{-$locale}/product/detail/$id" params={{ locale: prefix, id: String(hit.id) }} className="search-hit__link">
            <Highlight value={name} />
          </Link>
        </h2>
        <p className="search-hit__city">
          <PinIcon size={13} />
          {hitCity(hit, locale)}
        </p>
        {hit.reviews_total ? (
          <p className="search-hit__rating">
            <Stars value={hit.rating ?? 0} size={13} />
            <span>({hit.reviews_total})</span>
          </p>
        ) : null}
        <Price min={hit.price_min} max={hit.price_max} className="search-hit__price" />
      </div>
    </article>
  )
}

export function SearchHitSkeleton() {
  return (
    <div className="search-hit search-hit--skeleton" aria-hidden="true">
      <div className="search-hit__media skeleton" />
      <div className="search-hit__body">
        <div className="skeleton" style={{ height: 14, width: '90%' }} />
        <div className="skeleton" style={{ height: 14, width: '60%', marginTop: 6 }} />
        <div className="skeleton" style={{ height: 16, width: '40%', marginTop: 12 }} />
      </div>
    </div>
  )
}
