import type { Page } from '@playwright/test'
import type { Product, Variant } from '../../../contract/catalogue'
import { expect, findProduct, header, tr, type UiLocale } from '../kit'
import { pathIn, trPlural } from './accounts'

const CART_NAME = '{count, plural, one {Cart, # item} other {Cart, # items}}'
/** The cart control's accessible name: "Cart, 2 items" in the locale. */
export const cartName = (locale: UiLocale, count: number) => trPlural(locale, CART_NAME, count)

/**
 * The cart's count where the page shows it: the header's dropdown button on desktops; on phones
 * the dock's cart (or, on a product page, the bar's).
 */
export const cartControl = (page: Page, locale: UiLocale, count: number, isMobile: boolean) =>
  isMobile ? page.getByRole('link', { name: cartName(locale, count), exact: true }) : header(page).getByRole('button', { name: cartName(locale, count), exact: true })

/** A product sold from stock with a type holding between `min` and `max` pieces. */
export async function stocked(page: Page, min: number, max = Infinity, locale: UiLocale = 'en', not?: number): Promise<{ product: Product; variant: Variant }> {
  const fits = (v: Variant) => v.stock_left >= min && v.stock_left <= max
  const product = await findProduct(page.request, (p) => p.id !== not && p.status === 'ACTIVE' && p.stock_type === 'OFF_SHELF' && p.variants.some(fits), locale)
  return { product, variant: product.variants.find(fits)! }
}

/** Opens a product page with a type chosen. */
export const openProduct = (page: Page, locale: UiLocale, product: Product, variant: Variant) =>
  page.goto(pathIn(locale, `/product/detail/${product.id}?variant=${variant.id}`))

/** On the product page: adds `quantity` of the chosen type. */
export async function addShownProduct(page: Page, locale: UiLocale, quantity = 1) {
  const main = page.getByRole('main')
  const stepper = main.getByRole('group', { name: tr(locale, 'Quantity to add') })
  for (let n = 1; n < quantity; n++) {
    await stepper.getByRole('button', { name: tr(locale, 'Increase quantity') }).click()
    await expect(stepper.getByRole('spinbutton')).toHaveValue(String(n + 1))
  }
  await main.getByRole('button', { name: tr(locale, 'Add to cart') }).click()
  await expect(page.getByText(tr(locale, 'Add success'))).toBeVisible()
}

/** Opens a product page with a type chosen and adds `quantity` of it. */
export async function addFromProductPage(page: Page, locale: UiLocale, product: Product, variant: Variant, quantity = 1) {
  await openProduct(page, locale, product, variant)
  await addShownProduct(page, locale, quantity)
}
