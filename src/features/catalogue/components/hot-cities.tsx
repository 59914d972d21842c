import { Link } from '@tanstack/react-router'
import type { City } from '../../../../contract/catalogue'
import { useLocalePrefix } from '@/lib/i18n'
import { Picture } from '@/ui/picture'
import './hot-cities.css'

// the cards are 4:5 and the 4:3 city pictures fill them by height, so a picture is drawn 5/3 as wide as its card
const CITY_SIZES = '(min-width: 992px) 420px, (min-width: 640px) 47vw, 64vw'

export function HotCities({ cities }: { cities: City[] }) {
  const locale = useLocalePrefix()
  return (
    <ul className="hot-cities">
      {cities.map((city) => (
        <li key={city.id}>
          <Link to="/{-$locale}/product/list" params={{ locale }} search={{ city: city.slug }} className="hot-city">
            <Picture src={city.picture} alt="" preset="city" sizes={CITY_SIZES} className="hot-city__image" />
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
