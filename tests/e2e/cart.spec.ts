import type { Page } from '@playwright/test'
import type { Product, Variant } from '../../contract/catalogue'
import { apiToken, expect, header, ntd, serverCart, test, tr, type UiLocale } from './kit'
import { chooseInMemberMenu, createMember, EXPECTED_API_ERRORS, signIn, trWith } from './support/accounts'
import { addFromProductPage, cartControl, cartName, stocked } from './support/cart'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

/** The quantity field of a line on the cart page. */
const lineStepper = (page: Page, locale: UiLocale, product: Product, variant: Variant) =>
  page.getByRole('main').getByRole('group', { name: trWith(locale, 'Quantity of {label} ({type})', { label: product.name, type: variant.label }) })

test('an added product is in the header dropdown and still there after a reload (en)', async ({ page, isMobile }) => {
  const { product, variant } = await stocked(page, 10)
  await addFromProductPage(page, 'en', product, variant, 2)
  await expect(cartControl(page, 'en', 2, isMobile)).toBeVisible()

  await page.goto('/en/product/list')
  if (!isMobile) {
    await cartControl(page, 'en', 2, isMobile).click()
    const dropdown = header(page).getByRole('region', { name: 'Cart' })
    await expect(dropdown.getByText(product.name)).toBeVisible()
    await expect(dropdown.getByText(`${variant.label} × 2`)).toBeVisible()
    await expect(dropdown.getByText(ntd(variant.price * 2))).toBeVisible()
    await expect(dropdown.getByText('2 items')).toBeVisible()
  }

  await page.reload()
  await expect(cartControl(page, 'en', 2, isMobile)).toBeVisible()
  if (isMobile) {
    await page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link', { name: cartName('en', 2) }).click()
  } else {
    await cartControl(page, 'en', 2, isMobile).click()
    await header(page).getByRole('region', { name: 'Cart' }).getByRole('link', { name: 'View cart' }).click()
  }
  await expect(page).toHaveURL(/\/en\/cart$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('article', { name: product.name })).toBeVisible()
  await expect(lineStepper(page, 'en', product, variant).getByRole('spinbutton')).toHaveValue('2')
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(ntd(variant.price * 2))
  // the cart layout is the header alone: no dock, no footer
  await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
})

test('the quantity stops at the stock, and a line is removed only after confirming (zh-TW)', async ({ page, isMobile }) => {
  const T = (message: string) => tr('zh-TW', message)
  const { product, variant } = await stocked(page, 2, 5, 'zh-TW')
  const stock = variant.stock_left
  await addFromProductPage(page, 'zh-TW', product, variant)
  await page.goto('/cart')
  const stepper = lineStepper(page, 'zh-TW', product, variant)
  const plus = stepper.getByRole('button', { name: T('Increase quantity') })
  for (let n = 2; n <= stock; n++) {
    await plus.click()
    await expect(stepper.getByRole('spinbutton')).toHaveValue(String(n))
  }
  await expect(plus).toBeDisabled()
  await expect(page.getByRole('main').getByText(trWith('zh-TW', 'Only {max} left.', { max: stock }))).toBeVisible()
  await expect(page.getByRole('complementary', { name: T('Order summary') })).toContainText(ntd(variant.price * stock))
  // a typed quantity is held to the stock as well
  await stepper.getByRole('spinbutton').fill('50')
  await stepper.getByRole('spinbutton').press('Enter')
  await expect(stepper.getByRole('spinbutton')).toHaveValue(String(stock))
  await stepper.getByRole('button', { name: T('Decrease quantity') }).click()
  await expect(stepper.getByRole('spinbutton')).toHaveValue(String(stock - 1))

  const remove = page.getByRole('main').getByRole('button', { name: trWith('zh-TW', 'Remove {label} ({type})', { label: product.name, type: variant.label }) })
  await remove.click()
  const dialog = page.getByRole('dialog', { name: T('Remove this item?') })
  await dialog.getByRole('button', { name: T('Keep it') }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('main').getByRole('article', { name: product.name })).toBeVisible()
  await remove.click()
  await dialog.getByRole('button', { name: T('Remove'), exact: true }).click()
  await expect(page.getByRole('main').getByText(T('Your cart is empty.'))).toBeVisible()
  await page.goto('/product/list')
  await expect(cartControl(page, 'zh-TW', 0, isMobile)).toBeVisible()
})

test('two open tabs show the same cart (ja)', async ({ page, isMobile }) => {
  const { product, variant } = await stocked(page, 10, Infinity, 'ja')
  const other = await page.context().newPage()
  await other.goto('/ja/cart')
  await expect(other.getByText(tr('ja', 'Your cart is empty.'))).toBeVisible()
  await addFromProductPage(page, 'ja', product, variant)
  await expect(other.getByRole('main').getByRole('article', { name: product.name })).toBeVisible()

  const stepper = lineStepper(other, 'ja', product, variant)
  await stepper.getByRole('button', { name: tr('ja', 'Increase quantity') }).click()
  await expect(stepper.getByRole('spinbutton')).toHaveValue('2')
  await expect(cartControl(page, 'ja', 2, isMobile)).toBeVisible()
  await other.close()
})

test('signing in adds the visitor’s cart to the member’s, capped at the stock (en)', async ({ page, request, isMobile }) => {
  const member = await createMember(request, { locale: 'en' })
  const token = await apiToken(request, member)
  const small = await stocked(page, 3, 6)
  const large = await stocked(page, 10, Infinity, 'en', small.product.id)
  const stock = small.variant.stock_left
  // the member's cart already holds all but one of the small stock
  const put = await request.post('/api/v1/cart', {
    headers: { authorization: `Bearer ${token}` },
    data: { product_id: small.product.id, variant_id: small.variant.id, quantity: stock - 1 },
  })
  expect(put.ok()).toBe(true)

  await addFromProductPage(page, 'en', small.product, small.variant, 2)
  await addFromProductPage(page, 'en', large.product, large.variant, 1)
  await page.goto('/en')
  await signIn(page, 'en', member)
  await expect(cartControl(page, 'en', stock + 1, isMobile)).toBeVisible()
  await expect.poll(() => serverCart(request, token)).toEqual({ [small.variant.id]: stock, [large.variant.id]: 1 })

  await page.goto('/en/cart')
  await expect(lineStepper(page, 'en', small.product, small.variant).getByRole('spinbutton')).toHaveValue(String(stock))
  await expect(lineStepper(page, 'en', large.product, large.variant).getByRole('spinbutton')).toHaveValue('1')
  // a reload does not merge a second time
  await page.reload()
  await expect(lineStepper(page, 'en', small.product, small.variant).getByRole('spinbutton')).toHaveValue(String(stock))
  expect(await serverCart(request, token)).toEqual({ [small.variant.id]: stock, [large.variant.id]: 1 })
})

test('a member’s cart leaves the device at sign-out and comes back from the server at sign-in (zh-TW)', async ({ page, request, isMobile }) => {
  const member = await createMember(request, { locale: 'zh-TW' })
  const token = await apiToken(request, member)
  const { product, variant } = await stocked(page, 10, Infinity, 'zh-TW')
  await page.goto('/')
  await signIn(page, 'zh-TW', member)
  await addFromProductPage(page, 'zh-TW', product, variant, 2)
  await expect.poll(() => serverCart(request, token)).toEqual({ [variant.id]: 2 })

  await page.goto('/')
  await chooseInMemberMenu(page, 'zh-TW', 'Log out')
  await expect(cartControl(page, 'zh-TW', 0, isMobile)).toBeVisible()
  await page.reload()
  await expect(header(page).getByRole('button', { name: tr('zh-TW', 'Log in/Sign up') })).toBeVisible()
  await expect(cartControl(page, 'zh-TW', 0, isMobile)).toBeVisible()

  await signIn(page, 'zh-TW', member)
  await expect(cartControl(page, 'zh-TW', 2, isMobile)).toBeVisible()
  await page.goto('/cart')
  await expect(lineStepper(page, 'zh-TW', product, variant).getByRole('spinbutton')).toHaveValue('2')
})

for (const L of ['zh-TW', 'en', 'ja'] as const satisfies UiLocale[]) {
  test(`the cart tells how much more ships free, from the shop's own threshold, and says so once reached (${L})`, async ({ page }) => {
    const config = (await (await page.request.get('/api/v1/config')).json()) as { data: { checkout: { free_shipping_threshold: number } } }
    const threshold = config.data.checkout.free_shipping_threshold
    // one piece below the threshold, then enough pieces to pass it
    const { product, variant } = await stocked(page, 20, Infinity, L)
    expect(variant.price, 'a type priced under the threshold').toBeLessThan(threshold)
    await addFromProductPage(page, L, product, variant, 1)
    await page.goto(`${L === 'zh-TW' ? '' : `/${L}`}/cart`)
    const summary = page.getByRole('main').getByRole('complementary', { name: tr(L, 'Order summary') })
    const missing = trWith(L, 'Add {missing} more for free shipping.', { missing: ntd(threshold - variant.price) })
    await expect(summary.getByText(missing)).toBeVisible()
    const bar = summary.getByRole('progressbar', { name: tr(L, 'Towards free shipping') })
    await expect(bar).toHaveAttribute('aria-valuenow', String(variant.price))
    await expect(bar).toHaveAttribute('aria-valuemax', String(threshold))

    const enough = Math.ceil(threshold / variant.price)
    await lineStepper(page, L, product, variant).getByRole('spinbutton').fill(String(enough))
    await lineStepper(page, L, product, variant).getByRole('spinbutton').blur()
    await expect(summary.getByText(tr(L, 'Free shipping on this order.'))).toBeVisible()
    await expect(bar).toHaveAttribute('aria-valuenow', String(threshold))
  })
}
