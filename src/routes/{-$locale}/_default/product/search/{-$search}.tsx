import { Plural, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { productsQueryOptions, useProducts } from '../../../../../features/catalog/api/get-products'
import { EmptyProducts } from '../../../../../features/catalog/components/empty-state'
import { SortSelect } from '../../../../../features/catalog/components/product-filters'
import { ProductGrid, ProductGridSkeleton } from '../../../../../features/catalog/components/product-grid'
import { ProductSearchSearchSchema } from '../../../../../features/catalog/product-search-schema'
import { useLocalePrefix } from '../../../../../lib/i18n'
import { Breadcrumb } from '../../../../../ui/breadcrumb'
import { Pagination } from '../../../../../ui/pagination'
import { useDocumentTitle } from '../../../../../ui/use-document-title'

// Lists GET /product?keyword= results until the search index arrives with its own issue.
export const Route = createFileRoute('/{-$locale}/_default/product/search/{-$search}')({
  validateSearch: ProductSearchSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, locale }, deps, params }) =>
    queryClient.ensureQueryData(productsQueryOptions(locale, { ...deps, keyword: deps.keyword ?? params.search?.trim() })),
  pendingComponent: SearchSkeleton,
  component: SearchPage,
})

function SearchPage() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const search = Route.useSearch()
  const params = Route.useParams()
  const navigate = Route.useNavigate()
  const keyword = search.keyword ?? params.search?.trim()
  const { data: page } = useProducts({ ...search, keyword })
  const title = keyword ? t`Search results for “${keyword}”` : t`All products`
  const total = page.total
  useDocumentTitle(title)

  return (
    <div className="container">
      <Breadcrumb
        items={[
          { key: 'home', node: <Link to="/{-$locale}" params={{ locale }}>{t`Home`}</Link> },
          { key: 'search', node: t`Search` },
        ]}
      />
      <div className="list-head">
        <h1 className="page-title">{title}</h1>
        <p className="list-head__count" aria-live="polite">
          <Plural value={total} one="# product" other="# products" />
        </p>
      </div>
      <div className="filters">
        <div className="filters__row">
          <SortSelect value={search.sort} onChange={(sort) => void navigate({ search: (prev) => ({ ...prev, sort, page: undefined }), resetScroll: false })} />
        </div>
      </div>
      {page.data.length === 0 ? (
        <EmptyProducts
          action={
            <Link to="/{-$locale}/product/list" params={{ locale }} className="button button-primary">
              {t`Browse all products`}
            </Link>
          }
        />
      ) : (
        <ProductGrid products={page.data} />
      )}
      <Pagination
        page={page.current_page}
        lastPage={page.last_page}
        renderLink={(target, content, attrs) => (
          <Link from={Route.fullPath} search={(prev) => ({ ...prev, page: target === 1 ? undefined : target })} {...attrs}>
            {content}
          </Link>
        )}
      />
    </div>
  )
}

function SearchSkeleton() {
  const { t } = useLingui()
  return (
    <div className="container" role="status" aria-live="polite">
      <span className="visually-hidden">{t`Loading…`}</span>
      <div className="skeleton" style={{ height: 30, width: 260, margin: '28px 0 18px' }} />
      <ProductGridSkeleton />
    </div>
  )
}
