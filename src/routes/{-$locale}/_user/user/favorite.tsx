import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { categoriesQueryOptions } from '@/features/catalogue/api/get-categories'
import { ProductGrid } from '@/features/catalogue/components/product-grid'
import { favouriteCategoriesQueryOptions, useFavouriteCategories } from '@/features/favourites/api/get-favourite-categories'
import { useFavouriteIds } from '@/features/favourites/api/get-favourite-ids'
import { favouritesQueryOptions, useFavourites } from '@/features/favourites/api/get-favourites'
import { FavouriteFilter, NoFavourites } from '@/features/favourites/components/favourite-filter'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { optionalSearchInt, validatedSearch } from '@/lib/search-params'
import { PageLinks } from '@/app/page-links'
import { routeHead } from '@/lib/page-head'

// a hand-typed or stale address falls back to "all" and the first page
const FavouritesSearchSchema = v.object({ category_id: optionalSearchInt(), page: optionalSearchInt() })

/** The member area's favourites (spec: section favorite), filtered by category and paged. */
export const Route = createFileRoute('/{-$locale}/_user/user/favorite')({
  validateSearch: FavouritesSearchSchema,
  loaderDeps: ({ search }) => validatedSearch(FavouritesSearchSchema, search),
  // the answers live in the query cache (handed to the browser once); the route keeps no copy
  loader: ({ context: { queryClient, locale }, deps }) =>
    Promise.all([queryClient.ensureQueryData(favouritesQueryOptions(locale, deps)), queryClient.ensureQueryData(favouriteCategoriesQueryOptions(locale))]).then(() => undefined),
  head: routeHead(({ t }) => ({ title: t(msg`My favourites`) })),
  component: FavouritesPage,
})

function FavouritesPage() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const search = Route.useLoaderDeps()
  const { data: page } = useFavourites(search)
  const { data: categories } = useFavouriteCategories()
  // "All" counts products (a product can sit in several categories)
  const { data: ids } = useFavouriteIds(true)
  const total = search.category_id === undefined ? page.total : ids?.length
  // The chosen category stays among the choices when its last favourite goes (the member is still
  // looking at it): named from the catalogue's categories, with nothing in it.
  const chosen = search.category_id
  const { data: catalogue } = useQuery(categoriesQueryOptions(useLocale()))
  const chosenName = chosen === undefined ? undefined : (categories.find((c) => c.id === chosen)?.name ?? catalogue?.find((c) => c.id === chosen)?.name)
  const choices = chosen !== undefined && chosenName !== undefined && !categories.some((c) => c.id === chosen) ? [...categories, { id: chosen, name: chosenName, count: 0 }] : categories

  return (
    <section aria-labelledby="favourites-title">
      <div className="list-head">
        <h1 id="favourites-title" className="page-title">
          {t`My favourites`}
        </h1>
      </div>
      <FavouriteFilter
        categories={choices}
        value={search.category_id}
        total={total}
        renderChoice={(categoryId, content, attrs) => (
          <Link from={Route.fullPath} search={{ category_id: categoryId }} resetScroll={false} {...attrs}>
            {content}
          </Link>
        )}
      />
      {page.data.length === 0 ? (
        <NoFavourites
          category={chosen === undefined ? undefined : (chosenName ?? '')}
          action={
            chosen !== undefined && (total ?? 0) > 0 ? (
              <Link from={Route.fullPath} search={{}} resetScroll={false} className="button button-primary">
                {t`Show all favourites`}
              </Link>
            ) : (
              <Link to="/{-$locale}/product/list" params={{ locale }} className="button button-primary">
                {t`Browse products`}
              </Link>
            )
          }
        />
      ) : (
        <ProductGrid products={page.data} />
      )}
      <PageLinks from="/{-$locale}/user/favorite" page={page.current_page} lastPage={page.last_page} />
    </section>
  )
}
