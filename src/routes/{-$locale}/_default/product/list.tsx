import { msg } from '@lingui/core/macro'
import { Plural, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { categoriesQueryOptions, useCategories } from '@/features/catalogue/api/get-categories'
import { productsQueryOptions, useProducts } from '@/features/catalogue/api/get-products'
import { trendCitiesQueryOptions, useTrendCities } from '@/features/catalogue/api/get-trend-cities'
import { trendGroupListQueryOptions, useTrendGroupList } from '@/features/catalogue/api/get-trend-group-list'
import { EmptyProducts } from '@/features/catalogue/components/empty-state'
import { ProductFilters, type ProductFilterValue } from '@/features/catalogue/components/product-filters'
import { ProductGrid, ProductGridSkeleton } from '@/features/catalogue/components/product-grid'
import { ProductListSearchSchema } from '@/features/catalogue/product-search-schema'
import type { Category, City, TrendGroup } from '../../../../../contract/catalogue'
import { useLocalePrefix } from '@/lib/i18n'
import { localizePathname } from '@/lib/locale'
import { breadcrumbList, routeHead, SITE_DESCRIPTION } from '@/lib/page-head'
import { validatedSearch } from '@/lib/search-params'
import { Breadcrumb } from '@/ui/breadcrumb'
import { PageLinks } from '@/app/page-links'

/** Lists with a page of their own: filtered by exactly one of these, and its page number. */
const LANDING_FILTERS = ['trend_group_id', 'city', 'category_id'] as const


/** What the list shows, by its filters: a trend group, a category, a city, or all of them named together. */
function chosenOf(search: { trend_group_id?: number; category_id?: number; city?: string }, categories: Category[], cities: City[], groups: TrendGroup[]) {
  const group = groups.find((g) => g.id === search.trend_group_id)
  const category = categories.find((c) => c.id === search.category_id)
  const city = cities.find((c) => c.slug === search.city)
  return { group, category, city, name: [group?.name, category?.name, city?.name].filter(Boolean).join(' · ') }
}

export const Route = createFileRoute('/{-$locale}/_default/product/list')({
  validateSearch: ProductListSearchSchema,
  loaderDeps: ({ search }) => validatedSearch(ProductListSearchSchema, search),
  // the answers live in the query cache (handed to the browser once); the route keeps no copy
  // a category, city or trend group that does not exist is a page that does not exist (404), not an empty list
  loader: async ({ context: { queryClient, locale }, deps }) => {
    const [, categories, cities, groups] = await Promise.all([
      queryClient.ensureQueryData(productsQueryOptions(locale, deps)),
      queryClient.ensureQueryData(categoriesQueryOptions(locale)),
      queryClient.ensureQueryData(trendCitiesQueryOptions(locale)),
      queryClient.ensureQueryData(trendGroupListQueryOptions(locale)),
    ])
    const unknown =
      (deps.category_id !== undefined && !categories.some((c) => c.id === deps.category_id)) ||
      (deps.city !== undefined && !cities.some((c) => c.slug === deps.city)) ||
      (deps.trend_group_id !== undefined && !groups.some((g) => g.id === deps.trend_group_id))
    if (unknown) throw notFound()
  },
  head: routeHead(({ t, locale }, { match }) => {
    const search = match.loaderDeps
    const cache = match.context.queryClient
    const { group, city, name } = chosenOf(
      search,
      cache.getQueryData(categoriesQueryOptions(locale).queryKey) ?? [],
      cache.getQueryData(trendCitiesQueryOptions(locale).queryKey) ?? [],
      cache.getQueryData(trendGroupListQueryOptions(locale).queryKey) ?? [],
    )
    const chosen = LANDING_FILTERS.filter((key) => search[key] !== undefined)
    const listPath = localizePathname('/product/list', locale)
    const query = new URLSearchParams()
    for (const key of chosen) query.set(key, String(search[key]))
    if (search.page !== undefined && search.page > 1) query.set('page', String(search.page))
    const title = name || t(msg`All products`)
    const siteDescription = t(SITE_DESCRIPTION)
    return {
      title,
      description: group?.description || (city ? `${city.name}, ${city.prefecture} · ${siteDescription}` : siteDescription),
      canonical: `${listPath}${query.size > 0 ? `?${query}` : ''}`,
      // a sort order or several filters at once are views of pages listed on their own
      robots: search.sort !== undefined || chosen.length > 1 ? 'noindex, follow' : undefined,
      jsonLd: [
        breadcrumbList([
          { name: t(msg`Home`), path: localizePathname('/', locale) },
          ...(chosen.length > 0 ? [{ name: t(msg`All products`), path: listPath }] : []),
          { name: title },
        ]),
      ],
    }
  }),
  pendingComponent: ProductListSkeleton,
  component: ProductListPage,
})

function ProductListPage() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const search = Route.useLoaderDeps()
  const navigate = Route.useNavigate()
  const { data: page } = useProducts(search)
  const { data: categories } = useCategories()
  const { data: cities } = useTrendCities()
  const { data: trendGroups } = useTrendGroupList()

  const title = chosenOf(search, categories, cities, trendGroups).name || t`All products`
  const total = page.total

  const update = (patch: Partial<ProductFilterValue>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), resetScroll: false })

  return (
    <div className="container">
      <Breadcrumb
        items={[
          { key: 'home', node: <Link to="/{-$locale}" params={{ locale }}>{t`Home`}</Link> },
          {
            key: 'products',
            node: title === t`All products` ? t`All products` : <Link to="/{-$locale}/product/list" params={{ locale }}>{t`All products`}</Link>,
          },
          ...(title === t`All products` ? [] : [{ key: 'current', node: title }]),
        ]}
      />
      <div className="list-head">
        <h1 className="page-title">{title}</h1>
        <p className="list-head__count" aria-live="polite">
          <Plural value={total} one="# product" other="# products" />
        </p>
      </div>
      <ProductFilters categories={categories} cities={cities} trendGroups={trendGroups} value={search} onChange={update} />
      {page.data.length === 0 ? (
        <EmptyProducts
          action={
            <Link to="/{-$locale}/product/list" params={{ locale }} className="button button-primary">
              {t`Show all products`}
            </Link>
          }
        />
      ) : (
        <ProductGrid products={page.data} />
      )}
      <PageLinks from={Route.fullPath} page={page.current_page} lastPage={page.last_page} />
    </div>
  )
}

function ProductListSkeleton() {
  const { t } = useLingui()
  return (
    <div className="container" role="status" aria-live="polite">
      <span className="visually-hidden">{t`Loading…`}</span>
      <div className="skeleton" style={{ height: 14, width: 160, marginBottom: 14 }} />
      <div className="skeleton" style={{ height: 30, width: 220, marginBottom: 18 }} />
      <div className="skeleton" style={{ height: 42, marginBottom: 18 }} />
      <ProductGridSkeleton />
    </div>
  )
}
