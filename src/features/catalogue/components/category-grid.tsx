import { Link } from '@tanstack/react-router'
import type { Category } from '../../../../contract/catalogue'
import { useLocalePrefix } from '@/lib/i18n'
import { Picture } from '@/ui/picture'
import './category-grid.css'

export function CategoryGrid({ categories }: { categories: Category[] }) {
  const locale = useLocalePrefix()
  return (
    <ul className="category-grid">
      {categories.map((category) => (
        <li key={category.id}>
          <Link to="/{-$locale}/product/list" params={{ locale }} search={{ category_id: category.id }} className="category-tile">
            <span className="category-tile__media">
              <Picture src={`/images/categories/${category.slug}.svg`} alt="" preset="category" sizes="(min-width: 992px) 104px, 84px" />
            </span>
            <span className="category-tile__name">{category.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
