/**
 * A product page's head: its name and price for search results and shared links, its first picture
 * fetched early, and the Product and breadcrumb data search engines read.
 */
import { msg } from '@lingui/core/macro'
import type { Product } from '../../../contract/catalogue'
import { pictureSources, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImagePath } from '../../../contract/images'
import { formatPrice, formatPriceRange } from '../../lib/format-price'
import { localizePathname } from '../../lib/locale'
import { absoluteUrl, breadcrumbList, type HeadOf, type PageFacts } from '../../lib/page-head'
import { GALLERY_SIZES } from './components/product-gallery'

function availability(product: Product): string {
  if (product.status !== 'ACTIVE') return 'https://schema.org/Discontinued'
  if (product.stock_type === 'PRE_ORDER') return 'https://schema.org/PreOrder'
  return product.sold_out ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock'
}

export function productPageFacts(product: Product, { t, locale }: HeadOf): PageFacts {
  const path = localizePathname(`/product/detail/${product.id}`, locale)
  const listPath = localizePathname('/product/list', locale)
  const url = absoluteUrl(path)
  const price = product.price_min === product.price_max ? formatPrice(product.price_min) : formatPriceRange(product.price_min, product.price_max)
  const images = product.images.length > 0 ? product.images : [product.thumbnail]
  const first = pictureSources(images[0]!, 'product')
  const category = product.categories[0]?.category
  const offers =
    product.variants.length > 1
      ? {
          '@type': 'AggregateOffer',
          priceCurrency: 'TWD',
          lowPrice: product.price_min,
          highPrice: product.price_max,
          offerCount: product.variants.length,
          availability: availability(product),
          url,
        }
      : { '@type': 'Offer', priceCurrency: 'TWD', price: product.price_min, availability: availability(product), url, itemCondition: 'https://schema.org/NewCondition' }
  const crumbs = [
    { name: t(msg`Home`), path: localizePathname('/', locale) },
    { name: t(msg`All products`), path: listPath },
    ...(category ? [{ name: category.name, path: `${listPath}?category_id=${category.id}` }] : []),
    { name: product.name },
  ]
  return {
    title: product.name,
    description: `${price} · ${product.description}`,
    canonical: path,
    product: {
      image: { url: absoluteUrl(shareImagePath({ kind: 'product', id: product.id })), width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: product.name },
      price: product.price_min,
    },
    preloadImage: first.avif ? { srcset: first.avif, sizes: GALLERY_SIZES, type: 'image/avif', href: first.fallback } : undefined,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: product.description.slice(0, 5000),
        sku: product.sku,
        image: images.map((src) => absoluteUrl(pictureSources(src, 'product').fallback)),
        ...(category ? { category: category.name } : {}),
        offers,
        ...(product.reviews_total > 0
          ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviews_total, bestRating: 5, worstRating: 1 } }
          : {}),
      },
      breadcrumbList(crumbs),
    ],
  }
}
