import { useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { categoriesQueryOptions, useCategories } from '@/features/catalogue/api/get-categories'
import { productsQueryOptions, useProducts } from '@/features/catalogue/api/get-products'
import { trendCitiesQueryOptions, useTrendCities } from '@/features/catalogue/api/get-trend-cities'
import { trendGroupsQueryOptions, useTrendGroups } from '@/features/catalogue/api/get-trend-groups'
import { CategoryGrid } from '@/features/catalogue/components/category-grid'
import { HotCities, HotCitiesSkeleton } from '@/features/catalogue/components/hot-cities'
import { ProductRow, ProductRowSkeleton } from '@/features/catalogue/components/product-grid'
import { TrendGroupSection } from '@/features/catalogue/components/trend-group-section'
import { shopConfigQueryOptions, useShopConfig } from '@/features/shop/api/get-shop-config'
import { referralProgrammeQueryOptions } from '@/features/referral/api/get-referral-programme'
import { formatPrice } from '@/lib/format-price'
import { msg } from '@lingui/core/macro'
import { useLocalePrefix } from '@/lib/i18n'
import { htmlLang, localizePathname } from '@/lib/locale'
import { absoluteUrl, BRAND, routeHead } from '@/lib/page-head'
import { BannerCarousel, type BannerSlide } from '@/ui/banner-carousel'
import { HydrateLater } from '@/ui/hydrate-later'
import { SubscribeLink } from '@/ui/subscribe-link'

const POPULAR = { per_page: 12, sort: 'rank' } as const

/** A referral link (`/?referrer_code=…`): its preview tells the friend what they get. */
const invitedBy = (search: unknown): boolean => {
  const code = (search as { referrer_code?: unknown } | undefined)?.referrer_code
  return typeof code === 'string' && /^[A-Za-z0-9]{1,32}$/.test(code)
}

export const Route = createFileRoute('/{-$locale}/_home/')({
  loaderDeps: ({ search }) => ({ invited: invitedBy(search) }),
  // the answers live in the query cache (handed to the browser once); the route keeps no copy
  loader: ({ context: { queryClient, locale }, deps }) =>
    Promise.all([
      // a referral link's preview names the friend's coupon (a preview without it is the shop's own)
      deps.invited ? queryClient.ensureQueryData(referralProgrammeQueryOptions()).catch(() => undefined) : undefined,
      queryClient.ensureQueryData(trendCitiesQueryOptions(locale)),
      queryClient.ensureQueryData(trendGroupsQueryOptions(locale)),
      queryClient.ensureQueryData(categoriesQueryOptions(locale)),
      queryClient.ensureQueryData(productsQueryOptions(locale, POPULAR)),
      // the head's Organization data names the shop's e-mail and LINE: the page does not fail without them
      queryClient.ensureQueryData(shopConfigQueryOptions(locale)).catch(() => undefined),
    ]).then(() => undefined),
  // the shop's name alone, and who the shop is and how to search it for a search engine
  head: routeHead(({ t, locale }, { match }) => {
    const config = match.context.queryClient.getQueryData(shopConfigQueryOptions(locale).queryKey)
    const brand = t(BRAND)
    const home = absoluteUrl(localizePathname('/', locale))
    // the friend's reward, never the member who invites (their name or code stay out of the preview)
    const friend = match.loaderDeps.invited ? match.context.queryClient.getQueryData(referralProgrammeQueryOptions().queryKey)?.friend : undefined
    const amount = friend ? formatPrice(friend.amount) : ''
    const minSpend = friend ? formatPrice(friend.min_spend) : ''
    return {
      ...(friend
        ? {
            shareTitle: t(msg`A friend invites you: ${amount} off your first order`),
            description: t(msg`Sign up with this invitation and confirm your e-mail to get a ${amount} coupon for orders of ${minSpend} or more: Japanese snacks, drinks and regional gifts delivered to Taiwan.`),
          }
        : {}),
      canonical: localizePathname('/', locale),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: brand,
          url: home,
          logo: absoluteUrl('/icons/icon-512.png'),
          ...(config?.shop.email ? { email: config.shop.email } : {}),
          ...(config?.shop.line_url ? { sameAs: [config.shop.line_url] } : {}),
        },
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: brand,
          url: home,
          inLanguage: htmlLang(locale),
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(localizePathname('/product/search/', locale))}?keyword={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    }
  }),
  pendingComponent: HomeSkeleton,
  component: HomePage,
})

function HomeBanner() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const shop = useShopConfig().data?.shop
  const slides: BannerSlide[] = [
    {
      id: 'taste-japan',
      image: '/images/banners/banner-1.svg',
      title: t`Taste Japan, delivered to Taiwan`,
      text: t`Snacks, drinks, ramen and regional gifts, picked in Japan and shipped to your door.`,
      action: (
        <Link to="/{-$locale}/product/list" params={{ locale }} className="button button-primary">
          {t`Shop all products`}
        </Link>
      ),
    },
    {
      id: 'kansai',
      image: '/images/banners/banner-2.svg',
      title: t`Souvenirs from Kyoto and Osaka`,
      text: t`Matcha sweets, crackers and local favourites from the Kansai region.`,
      action: (
        <Link to="/{-$locale}/product/list" params={{ locale }} search={{ city: 'kyoto' }} className="button button-primary">
          {t`Explore Kyoto`}
        </Link>
      ),
    },
    {
      id: 'snack-box',
      image: '/images/banners/banner-3.svg',
      title: t`A new snack box every month`,
      text: t`Subscribe and discover limited treats from all over Japan.`,
      // until the shop's settings arrive the slide leads to the catalogue rather than a guessed page
      action:
        shop === undefined ? (
          <Link to="/{-$locale}/product/list" params={{ locale }} className="button button-primary">
            {t`Shop all products`}
          </Link>
        ) : (
          <SubscribeLink url={shop.subscribe_url} className="button button-primary">
            {t`Subscribe now`}
          </SubscribeLink>
        ),
    },
  ]
  return <BannerCarousel slides={slides} label={t`Featured`} />
}

function HomePage() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const { data: cities } = useTrendCities()
  const { data: groups } = useTrendGroups()
  const { data: categories } = useCategories()
  const { data: popular } = useProducts(POPULAR)
  const hotCities = cities.filter((city) => city.is_hot)

  return (
    <>
      <h1 className="visually-hidden">{t`Japan Souvenir Shop`}</h1>
      <HomeBanner />
      {/* below the banner: taken over after it (decision 67) */}
      <HydrateLater>
        {hotCities.length > 0 ? (
          <section className="section container" aria-labelledby="hot-cities">
            <div className="section-head">
              <div>
                <h2 id="hot-cities" className="section-title">
                  {t`Hot cities`}
                </h2>
                <p className="section-subtitle">{t`Shop by where it comes from`}</p>
              </div>
            </div>
            <HotCities cities={hotCities} />
          </section>
        ) : null}
        <section className="section container" aria-labelledby="categories">
          <div className="section-head">
            <h2 id="categories" className="section-title">
              {t`Shop by category`}
            </h2>
            <Link to="/{-$locale}/product/list" params={{ locale }} className="section-link">
              {t`All products`}
            </Link>
          </div>
          <CategoryGrid categories={categories} />
        </section>
        {groups.map((group) => (
          <TrendGroupSection key={group.id} group={group} />
        ))}
        <section className="section container" aria-labelledby="popular">
          <div className="section-head">
            <h2 id="popular" className="section-title">
              {t`Popular right now`}
            </h2>
            <Link to="/{-$locale}/product/list" params={{ locale }} className="section-link">
              {t`See all`}
              <span className="visually-hidden"> {t`Popular right now`}</span>
            </Link>
          </div>
          <ProductRow products={popular.data} label={t`Popular right now`} />
        </section>
      </HydrateLater>
    </>
  )
}

function HomeSkeleton() {
  const { t } = useLingui()
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{t`Loading…`}</span>
      <div className="skeleton" style={{ height: 'min(78vh, 560px)', minHeight: 420, borderRadius: 0 }} />
      <div className="section container">
        <div className="skeleton" style={{ height: 22, width: 160, marginBottom: 14 }} />
        <HotCitiesSkeleton />
      </div>
      <div className="section container">
        <div className="skeleton" style={{ height: 22, width: 200, marginBottom: 14 }} />
        <ProductRowSkeleton />
      </div>
    </div>
  )
}
