import { Link } from '@tanstack/react-router'
import type { Category } from '../../../../contract/catalog'
import { useLocalePrefix } from '../../../lib/i18n'
import { Image } from '../../../ui/image'
import './category-grid.css'

export function CategoryGrid({ categories }: { categories: Category[] }) {
  const locale = useLocalePrefix()
  return (
    <ul className="category-grid">
      {categories.map((category) => (
        <li key={category.id}>
          <Link to="/{-$locale}/product/list" params={{ locale }} search={{ category_id: category.id }} className="category-tile">
            <span className="category-tile__media">
              <Image src={`/images/categories/${category.slug}.svg`} alt="" width={96} height={96} loading="lazy" />
            </span>
            <span className="category-tile__name">{category.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
