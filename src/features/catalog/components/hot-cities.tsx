import { Link } from '@tanstack/react-router'
import type { City } from '../../../../contract/catalog'
import { useLocalePrefix } from '../../../lib/i18n'
import { Image } from '../../../ui/image'
import './hot-cities.css'

export function HotCities({ cities }: { cities: City[] }) {
  const locale = useLocalePrefix()
  return (
    <ul className="hot-cities">
      {cities.map((city) => (
        <li key={city.id}>
          <Link to="/{-$locale}/product/list" params={{ locale }} search={{ city: city.slug }} className="hot-city">
            <Image src={city.picture} alt="" width={320} height={400} loading="lazy" className="hot-city__image" />
            <span className="hot-city__text">
              <span className="hot-city__name">{city.name}</span>
              <span className="hot-city__prefecture">{city.prefecture}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

export function HotCitiesSkeleton() {
  return (
    <ul className="hot-cities" aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i}>
          <div className="hot-city skeleton" />
        </li>
      ))}
    </ul>
  )
}
