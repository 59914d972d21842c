import { msg } from '@lingui/core/macro'
import { Plural, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect, useId, useMemo, useState } from 'react'
import { categoriesQueryOptions } from '@/features/catalogue/api/get-categories'
import { trendCitiesQueryOptions } from '@/features/catalogue/api/get-trend-cities'
import { trendGroupListQueryOptions } from '@/features/catalogue/api/get-trend-group-list'
import { searchProductsQueryOptions } from '@/features/search/api/search-products'
import { searchQuery } from '@/features/search/api/search-words'
import { hasActiveFilters } from '@/features/search/api/search-state'
import { SearchPageSchema, type SearchFilterState, type SearchPageState } from '@/features/search/api/search-page-schema'
import { SearchEmpty } from '@/features/search/components/search-empty'
import { SearchFacets, type FacetLabels } from '@/features/search/components/search-facets'
import { SearchHitCard, SearchHitSkeleton } from '@/features/search/components/search-hit-card'
import { SearchSortSelect } from '@/features/search/components/search-toolbar'
import { useOnline } from '@/lib/use-online'
import { normalizeKeyword, validatedSearch } from '@/lib/search-params'
import { addRecentSearch } from '@/features/search/stores/recent-searches'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { localizePathname } from '@/lib/locale'
import { routeHead } from '@/lib/page-head'
import { Breadcrumb } from '@/ui/breadcrumb'
import { PageLinks } from '@/app/page-links'
import { useSearchNavigate } from '@/ui/use-search-navigate'
import '@/features/search/components/search-page.css'

/** The page's search: the path's term stands in when the query has no keyword. */
const searchState = (search: SearchPageState, pathTerm: string | undefined): SearchPageState => ({
  ...search,
  keyword: search.keyword ?? (normalizeKeyword(pathTerm ?? '') || undefined),
})

const NO_FILTERS: SearchFilterState = { category: undefined, city: undefined, trend: undefined, stock: undefined, price_min: undefined, price_max: undefined, rating: undefined }

export const Route = createFileRoute('/{-$locale}/_default/product/search/{-$search}')({
  validateSearch: SearchPageSchema,
  loaderDeps: ({ search }) => validatedSearch(SearchPageSchema, search),
  // earlier searches come back from the persisted query cache (src/lib/query-persistence.ts), so they show without a network
  loader: ({ context: { queryClient, locale }, deps, params }) => {
    void queryClient.prefetchQuery(searchProductsQueryOptions(locale, searchState(deps, params.search)))
    void queryClient.prefetchQuery(categoriesQueryOptions(locale))
    void queryClient.prefetchQuery(trendCitiesQueryOptions(locale))
    void queryClient.prefetchQuery(trendGroupListQueryOptions(locale))
  },
  // keyword searches are endless and thin: followed, never listed
  head: routeHead(({ t, locale }, { match }) => {
    const { keyword } = searchState(match.loaderDeps, match.params.search)
    return {
      title: keyword ? t(msg`Search results for “${keyword}”`) : t(msg`All products`),
      // a link's preview never repeats words a stranger put in the address under the shop's name
      shareTitle: t(msg`Search`),
      canonical: localizePathname('/product/search/', locale),
      robots: 'noindex, follow',
    }
  }),
  component: SearchPage,
})

function useFacetLabels(): FacetLabels {
  const locale = useLocale()
  const { data: categories } = useQuery(categoriesQueryOptions(locale))
  const { data: cities } = useQuery(trendCitiesQueryOptions(locale))
  const { data: groups } = useQuery(trendGroupListQueryOptions(locale))
  return useMemo(
    () => ({
      categories: new Map(categories?.map((c) => [c.id, c.name])),
      cities: new Map(cities?.map((c) => [c.slug, c.name])),
      trendGroups: new Map(groups?.map((g) => [g.id, g.name])),
    }),
    [categories, cities, groups],
  )
}

function SearchPage() {
  const { t } = useLingui()
  const locale = useLocale()
  const prefix = useLocalePrefix()
  const navigate = Route.useNavigate()
  const searchFor = useSearchNavigate()
  const online = useOnline()
  const state = searchState(Route.useLoaderDeps(), Route.useParams().search)
  const { keyword } = state
  const { data, isError, isPlaceholderData, isFetching, refetch } = useQuery(searchProductsQueryOptions(locale, state))
  const labels = useFacetLabels()
  const title = keyword ? t`Search results for “${keyword}”` : t`All products`

  useEffect(() => {
    if (keyword) addRecentSearch(keyword)
  }, [keyword])

  const update = (patch: Partial<SearchPageState>) => void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), resetScroll: false })
  const filtered = hasActiveFilters(state)
  const stale = data !== undefined && !isPlaceholderData && (!online || isError)
  const total = data?.nbHits ?? 0
  // on phones the filters fold away under a button; on wide screens they are a sidebar
  const [filtersOpen, setFiltersOpen] = useState(filtered)
  const filtersId = useId()

  return (
    <div className="container">
      <Breadcrumb
        items={[
          { key: 'home', node: <Link to="/{-$locale}" params={{ locale: prefix }}>{t`Home`}</Link> },
          { key: 'search', node: t`Search` },
        ]}
      />
      <div className="list-head">
        <h1 className="page-title">{title}</h1>
        {data ? (
          <p className="list-head__count" aria-live="polite">
            <Plural value={total} one="# product" other="# products" />
          </p>
        ) : null}
      </div>
      {stale ? <p className="search-stale" role="status">{t`You seem to be offline: these results were saved earlier and may be out of date.`}</p> : null}
      <div className="search-layout">
        <div className={`search-filters${filtersOpen ? ' is-open' : ''}`}>
          <button type="button" className="search-filters__toggle" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((open) => !open)}>
            {t`Filters`}
            <span className="search-filters__sign" aria-hidden="true">
              {filtersOpen ? '−' : '+'}
            </span>
          </button>
          <div className="search-filters__body" id={filtersId}>
            <SearchFacets facets={data?.facets ?? {}} value={state} labels={labels} onChange={update} />
          </div>
        </div>
        <section aria-label={t`Search results`}>
          <div className="search-toolbar">
            {filtered ? (
              <button type="button" className="search-toolbar__clear" onClick={() => update(NO_FILTERS)}>
                {t`Clear filters`}
              </button>
            ) : null}
            <SearchSortSelect value={state.sort} onChange={(sort) => update({ sort })} />
          </div>
          {data === undefined ? (
            isError ? (
              <div className="search-empty" role="alert">
                <h2 className="search-empty__title">{t`Search is unavailable`}</h2>
                <p className="search-empty__text">{t`We could not reach the search service. Check your connection and try again.`}</p>
                <button type="button" className="button button-primary" onClick={() => void refetch()}>
                  {t`Try again`}
                </button>
              </div>
            ) : (
              <SearchResultsSkeleton offline={!online} />
            )
          ) : data.hits.length === 0 ? (
            <SearchEmpty
              onClearFilters={filtered ? () => update(NO_FILTERS) : undefined}
              wordless={keyword !== undefined && searchQuery(keyword) === undefined}
              onPick={searchFor}
              browseLink={
                <Link to="/{-$locale}/product/list" params={{ locale: prefix }} className="button">
                  {t`Browse all products`}
                </Link>
              }
            />
          ) : (
            <ul className={`search-hits${isPlaceholderData && isFetching ? ' is-updating' : ''}`} aria-busy={isPlaceholderData && isFetching}>
              {data.hits.map((hit, index) => (
                <li key={hit.objectID}>
                  <SearchHitCard hit={hit} eager={index < 4} />
                </li>
              ))}
            </ul>
          )}
          {data ? (
            <PageLinks from={Route.fullPath} page={data.page + 1} lastPage={data.nbPages} />
          ) : null}
        </section>
      </div>
    </div>
  )
}

function SearchResultsSkeleton({ offline }: { offline: boolean }) {
  const { t } = useLingui()
  return (
    <div role="status" aria-live="polite">
      <span className={offline ? 'search-stale' : 'visually-hidden'}>{offline ? t`You are offline and this search has not been run before on this device.` : t`Loading…`}</span>
      <ul className="search-hits" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i}>
            <SearchHitSkeleton />
          </li>
        ))}
      </ul>
    </div>
  )
}
