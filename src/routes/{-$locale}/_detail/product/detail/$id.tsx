import { useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { AddToCart } from '@/features/cart/components/add-to-cart'
import { productQueryOptions, useProduct } from '@/features/catalogue/api/get-product'
import {
  productRecommendationsQueryOptions,
  useProductRecommendations,
} from '@/features/catalogue/api/get-product-recommendations'
import { ProductGallery } from '@/features/catalogue/components/product-gallery'
import { ProductRow, ProductRowSkeleton } from '@/features/catalogue/components/product-grid'
import { ProductSummary } from '@/features/catalogue/components/product-summary'
import { productPageFacts } from '@/features/catalogue/product-head'
import { ProductDetailSearchSchema } from '@/features/catalogue/product-search-schema'
import { useSession } from '@/features/auth/components/use-session'
import { productReviewsQueryOptions } from '@/features/reviews/api/get-product-reviews'
import { ProductReviews } from '@/features/reviews/components/product-reviews'
import { useShopConfig } from '@/features/shop/api/get-shop-config'
import { isApiError } from '@/lib/api-client'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { absoluteUrl } from '@/lib/page-head'
import { ShareControls } from '@/ui/share-controls'
import { localizePathname } from '../../../../../../contract/locale-paths'
import { useHydrated } from '@/lib/use-hydrated'
import { HydrateLater } from '@/ui/hydrate-later'
import { Breadcrumb } from '@/ui/breadcrumb'
import { routeHead } from '@/lib/page-head'
import { ProductFavourite } from '@/app/cart-slots'
import { vapidKeyOf } from '@/app/notification-slots'
import '@/features/catalogue/components/product-page.css'

const productId = (raw: string): number => (/^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : NaN)

export const Route = createFileRoute('/{-$locale}/_detail/product/detail/$id')({
  validateSearch: ProductDetailSearchSchema,
  loader: async ({ context: { queryClient, locale }, params }) => {
    const id = productId(params.id)
    if (Number.isNaN(id)) throw notFound()
    try {
      const product = await queryClient.ensureQueryData(productQueryOptions(locale, id))
      void queryClient.prefetchQuery(productRecommendationsQueryOptions(locale, id, product.categories[0]?.category.id))
      // the first page of reviews, as the section first shows it: in the page a search engine reads
      void queryClient.prefetchQuery(productReviewsQueryOptions(locale, id, {}))
    } catch (error) {
      if (isApiError(error) && error.isNotFound) throw notFound()
      throw error
    }
  },
  head: routeHead((page, { match }) => {
    const product = match.context.queryClient.getQueryData(productQueryOptions(page.locale, productId(match.params.id)).queryKey)
    return product ? productPageFacts(product, page) : {}
  }),
  pendingComponent: DetailSkeleton,
  component: ProductDetailPage,
})

function Recommendations({ id, categoryId }: { id: number; categoryId?: number }) {
  const { t } = useLingui()
  const { data, isPending, isError } = useProductRecommendations(id, categoryId)
  if (isError || (data && data.length === 0)) return null
  return (
    <section className="section" aria-labelledby="recommendations">
      <div className="section-head">
        <h2 id="recommendations" className="section-title">
          {t`You may also like`}
        </h2>
      </div>
      {isPending ? <ProductRowSkeleton /> : <ProductRow products={data} label={t`You may also like`} />}
    </section>
  )
}

function ProductDetailPage() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const { id: rawId } = Route.useParams()
  const { variant } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data: product } = useProduct(productId(rawId))
  const category = product.categories[0]?.category
  const images = product.images.length > 0 ? product.images : [product.thumbnail]
  const uiLocale = useLocale()
  const productName = product.name

  return (
    <div className="container product-page">
      <Breadcrumb
        items={[
          { key: 'home', node: <Link to="/{-$locale}" params={{ locale }}>{t`Home`}</Link> },
          { key: 'products', node: <Link to="/{-$locale}/product/list" params={{ locale }}>{t`All products`}</Link> },
          ...(category
            ? [{ key: 'category', node: <Link to="/{-$locale}/product/list" params={{ locale }} search={{ category_id: category.id }}>{category.name}</Link> }]
            : []),
          { key: 'product', node: product.name },
        ]}
      />
      <div className="product-page__main">
        <ProductGallery images={images} name={product.name} />
        <ProductSummary
          product={product}
          variantId={variant}
          onSelectVariant={(chosen) => void navigate({ search: { variant: chosen.id }, replace: true, resetScroll: false })}
          actions={
            <>
              <AddToCart product={product} variantId={variant} />
              <ProductFavourite product={product} />
            </>
          }
          share={<ShareControls url={absoluteUrl(localizePathname(`/product/detail/${product.id}`, uiLocale))} title={product.name} text={t`${productName}, from Japan`} />}
        />
      </div>
      {product.sold_out && product.is_favorite ? <RestockPrompt /> : null}
      {/* below the first screen: taken over after the rest (decision 67) */}
      <HydrateLater>
        <section className="section product-page__description" aria-labelledby="description">
          <h2 id="description" className="section-title">
            {t`Description`}
          </h2>
          <p>{product.description}</p>
        </section>
        <ProductReviews productId={product.id} />
        <Recommendations id={product.id} categoryId={category?.id} />
      </HydrateLater>
    </div>
  )
}

// a member's question, asked only on a sold-out favourite: not in the first download
const PushPrompt = lazy(() => import('@/features/notifications/components/push-prompt').then((m) => ({ default: m.PushPrompt })))

/** A sold-out favourite: the moment to offer 'Tell me when it is back' (issue 11). */
function RestockPrompt() {
  const { signedIn } = useSession()
  const { data: config } = useShopConfig()
  // the prompt shows only once the app runs (this device's push state): the server draws nothing here
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <Suspense fallback={null}>
      <PushPrompt reason="restock" signedIn={signedIn} vapidPublicKey={vapidKeyOf(config)} />
    </Suspense>
  )
}

function DetailSkeleton() {
  const { t } = useLingui()
  return (
    <div className="container product-page" role="status" aria-live="polite">
      <span className="visually-hidden">{t`Loading…`}</span>
      <div className="skeleton" style={{ height: 14, width: 220, marginBottom: 14 }} />
      <div className="product-page__main">
        <div className="skeleton" style={{ aspectRatio: '1', borderRadius: 12 }} />
        <div>
          <div className="skeleton" style={{ height: 30, width: '80%' }} />
          <div className="skeleton" style={{ height: 16, width: '40%', marginTop: 14 }} />
          <div className="skeleton" style={{ height: 34, width: '50%', marginTop: 20 }} />
          <div className="skeleton" style={{ height: 120, marginTop: 20 }} />
        </div>
      </div>
    </div>
  )
}
