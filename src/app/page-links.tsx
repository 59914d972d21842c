import { Link } from '@tanstack/react-router'
import { Pagination } from '@/ui/pagination'

/** The paged lists (the catalogue, search results, the member area's): their page is `?page=` (absent for the first). */
type PagedRoute =
  | '/{-$locale}/product/list'
  | '/{-$locale}/product/search/{-$search}'
  | '/{-$locale}/user/favorite'
  | '/{-$locale}/user/order'
  | '/{-$locale}/user/message'
  | '/{-$locale}/user/comment'

/** A paged list's page links, each the same address with another `page` (the first without one), every other parameter kept. */
export function PageLinks({ from, page, lastPage }: { from: PagedRoute; page: number; lastPage: number }) {
  return (
    <Pagination
      page={page}
      lastPage={lastPage}
      renderLink={(target, content, attrs) => (
        <Link from={from} to="." search={(prev) => ({ ...prev, page: target === 1 ? undefined : target })} {...attrs}>
          {content}
        </Link>
      )}
    />
  )
}
