import type { Page, Request } from '@playwright/test'
import { isValidTaxId } from '../../contract/invoice'
import type { Order } from '../../contract/order'
import type { PublicConfig } from '../../contract/shop'
import { apiToken, expect, findProduct, ntd, serverCart, test, tr, type UiLocale } from './kit'
import { createMember, openAuthModal, pathIn, signIn, submitLogin, trPlural, trWith } from './support/accounts'
import { addFromProductPage } from './support/cart'
import { addToServerCart, currentOrders, orderNoIn, pricedStock, saveRecipient } from './support/checkout'

// a refused coupon (400), a declined card (402) and an order refused until the e-mail is verified (403) are expected answers
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (400|401|402|403|404|409|429)/] })

const TAX_ID = '22099131'
const FUTURE_EXPIRY = '12/39'

async function checkoutSettings(page: Page): Promise<PublicConfig['checkout']> {
  const response = await page.request.get('/api/v1/config')
  return ((await response.json()) as { data: PublicConfig }).data.checkout
}

/** What the server should charge for goods of `goods` (after the discount). */
const amountFor = (goods: number, settings: PublicConfig['checkout']) => goods + (goods >= settings.free_shipping_threshold ? 0 : settings.logistics_fee)

const placeOrderButton = (page: Page, locale: UiLocale) => page.getByRole('main').getByRole('button', { name: new RegExp(`^${tr(locale, 'Place order')}`) })

/** Types a card into the sandbox's test-card form and pays. */
async function payWithCard(page: Page, locale: UiLocale, number: string, amount: number) {
  const main = page.getByRole('main')
  await expect(main.getByText(tr(locale, 'Test mode'), { exact: true })).toBeVisible()
  await main.getByRole('textbox', { name: tr(locale, 'Card number') }).fill(number)
  await main.getByRole('textbox', { name: tr(locale, 'Expiry date (MM/YY)') }).fill(FUTURE_EXPIRY)
  await main.getByRole('textbox', { name: tr(locale, 'Security code (CVC)') }).fill('123')
  await main.getByRole('button', { name: trWith(locale, 'Pay {total}', { total: ntd(amount) }) }).click()
}

/** From the cart page to the payment page through the checkout button. */
async function goToCheckout(page: Page, locale: UiLocale) {
  await page.goto(pathIn(locale, '/cart'))
  await page.getByRole('complementary', { name: tr(locale, 'Order summary') }).getByRole('link', { name: tr(locale, 'Checkout') }).click()
  await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/payment')}$`))
}

test('a member pays with a saved recipient, a company invoice and a coupon, and finds the order in the member area (zh-TW, ja)', async ({ page, request }) => {
  test.setTimeout(60_000)
  const L: UiLocale = 'zh-TW'
  const T = (message: string) => tr(L, message)
  const member = await createMember(request, { locale: L })
  const token = await apiToken(request, member)
  await saveRecipient(request, token)
  const { product, variant } = await pricedStock(page, 450, L)
  await addToServerCart(request, token, product, variant, 2)
  const settings = await checkoutSettings(page)
  const amount = amountFor(variant.price * 2 - 100, settings)

  await page.goto('/')
  await signIn(page, L, member)
  await goToCheckout(page, L)
  const main = page.getByRole('main')
  await expect(main.getByRole('radio', { name: /王小明/ })).toBeChecked()
  await main.getByRole('radio', { name: T('Company (with tax number)') }).check()
  expect(isValidTaxId(TAX_ID)).toBe(true)
  await main.getByRole('textbox', { name: T('Tax number') }).fill(TAX_ID)
  await main.getByRole('textbox', { name: T('Company name') }).fill('台灣積體電路製造股份有限公司')
  await expect(main.getByText(T('The name should match your government ID.'))).toBeVisible()
  await main.getByRole('textbox', { name: T('Promo code') }).fill('welcome100')
  await main.getByRole('button', { name: T('Apply') }).click()
  await expect(main.getByText(T('Promo code successful'))).toBeVisible()
  const summary = main.getByRole('complementary', { name: T('Order summary') })
  await expect(summary.getByText('WELCOME100')).toBeVisible()
  await expect(placeOrderButton(page, L)).toHaveAccessibleName(trWith(L, 'Place order · {amount}', { amount: ntd(amount) }))

  await placeOrderButton(page, L).click()
  await expect(page).toHaveURL(/\/payment\?order=/)
  const no = orderNoIn(page.url())
  // the ordered lines left the cart, here and on the server
  await expect.poll(() => serverCart(request, token)).toEqual({})

  await payWithCard(page, L, '4242 4242 4242 4242', amount)
  await expect(page).toHaveURL(new RegExp(`/purchase/${no}`))
  await expect(page.getByText(T('Payment Successful.'))).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: T('Thank you! Your order is paid.') })).toBeVisible()
  await expect(main.getByText(no, { exact: true })).toBeVisible()
  await expect(main.getByText(T('Paid'), { exact: true })).toBeVisible()
  await expect(main.getByText(TAX_ID)).toBeVisible()

  // the same page in Japanese
  await page.goto(pathIn('ja', `/purchase/${no}`))
  await expect(page.getByRole('heading', { level: 1, name: tr('ja', 'Thank you! Your order is paid.') })).toBeVisible()
  await expect(main.getByRole('heading', { name: tr('ja', 'Ordered items') })).toBeVisible()
  // names as ordered, in the page's language
  const inJapanese = await findProduct(request, (p) => p.id === product.id, 'ja')
  await expect(main.getByText(inJapanese.name)).toBeVisible()

  await page.goto(pathIn(L, `/purchase/${no}`))
  await main.getByRole('link', { name: T('My orders') }).click()
  await expect(page).toHaveURL(/\/user\/order$/)
  const card = main.getByRole('article', { name: trWith(L, 'Order {no}', { no }) })
  await expect(card).toContainText(product.name)
  await expect(card).toContainText(ntd(amount))
  await expect(card.getByText(T('Paid'), { exact: true })).toBeVisible()
})

test('a declined card, then pay again and paid; a new recipient and the form’s messages (en)', async ({ page, request }) => {
  test.setTimeout(60_000)
  const L: UiLocale = 'en'
  const member = await createMember(request, { locale: L })
  const token = await apiToken(request, member)
  // under the welcome coupon's minimum spend (NT$800)
  const { product, variant } = await pricedStock(page, 100, L, undefined, 799)
  const settings = await checkoutSettings(page)

  // a visitor's checkout button asks to sign in, then goes on to the payment page
  await addFromProductPage(page, L, product, variant, 1)
  await page.goto('/en/cart')
  await page.getByRole('complementary', { name: 'Order summary' }).getByRole('button', { name: 'Checkout' }).click()
  await submitLogin(page, L, member)
  await expect(page).toHaveURL(/\/en\/payment$/)
  const main = page.getByRole('main')

  // no recipient saved yet: the form (the name is the member's). Every field that needs attention
  // says so at once, and the first takes the focus
  await expect(main.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('林美玲')
  await placeOrderButton(page, L).click()
  await expect(main.getByRole('textbox', { name: 'Phone' })).toBeFocused()
  const recipientFields = [
    main.getByRole('textbox', { name: 'Phone' }),
    main.getByLabel('County or city'),
    main.getByLabel('District'),
    main.getByRole('textbox', { name: 'Postal code' }),
    main.getByRole('textbox', { name: 'Address' }),
  ]
  for (const field of recipientFields) {
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription('is required')
  }
  await expect(main.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveAttribute('aria-invalid')
  // the postal code is checked against the district; counties and districts are named in English too
  await main.getByRole('textbox', { name: 'Phone' }).fill('0912-345-678')
  await expect(main.getByLabel('County or city').locator('option[value="臺北市"]')).toHaveText('Taipei City 臺北市')
  await main.getByLabel('County or city').selectOption('臺北市')
  await expect(main.getByLabel('District').locator('option[value="大安區"]')).toHaveText('106 Da’an District 大安區')
  await main.getByLabel('District').selectOption('大安區')
  const postalCode = main.getByRole('textbox', { name: 'Postal code' })
  await expect(postalCode).toHaveValue('106')
  await postalCode.fill('244')
  await postalCode.blur()
  await expect(main.getByText('Please enter the correct postal code format')).toBeVisible()
  await postalCode.fill('10617')
  await postalCode.blur()
  await expect(main.getByText('Please enter the correct postal code format')).toBeHidden()
  await main.getByRole('textbox', { name: 'Address' }).fill('No. 390, Sec. 1, Fuxing S. Rd.')

  // a company's tax number is checked as typed
  await main.getByRole('radio', { name: 'Company (with tax number)' }).check()
  const taxId = main.getByRole('textbox', { name: 'Tax number' })
  await taxId.fill('12345678')
  await taxId.blur()
  await expect(main.getByText('Please enter a valid 8-digit company tax number')).toBeVisible()
  await main.getByRole('radio', { name: 'Personal', exact: true }).check()
  await main.getByRole('radio', { name: 'Mobile barcode' }).check()
  const barcode = main.getByRole('textbox', { name: 'Mobile barcode' })
  await barcode.fill('ABC')
  await barcode.blur()
  await expect(main.getByText('A mobile barcode is a slash followed by 7 characters (0-9, A-Z, . + -)')).toBeVisible()
  await barcode.fill('/abc1234')
  await barcode.blur()
  await expect(main.getByText('A mobile barcode is a slash followed by 7 characters (0-9, A-Z, . + -)')).toBeHidden()

  // a wrong coupon says why
  await main.getByRole('textbox', { name: 'Promo code' }).fill('NOPE2026')
  await main.getByRole('button', { name: 'Apply' }).click()
  await expect(main.getByRole('alert').filter({ hasText: 'Coupon error: This coupon code does not exist.' })).toBeVisible()
  // and one the cart does not reach says how much it takes
  await main.getByRole('textbox', { name: 'Promo code' }).fill('WELCOME100')
  await main.getByRole('button', { name: 'Apply' }).click()
  await expect(main.getByRole('alert').filter({ hasText: 'Coupon error: Your order does not reach this coupon’s minimum spend of NT$800.' })).toBeVisible()

  const amount = amountFor(variant.price, settings)
  await placeOrderButton(page, L).click()
  await expect(page).toHaveURL(/\/en\/payment\?order=/)
  const no = orderNoIn(page.url())

  // a card the form refuses is never sent
  const confirms: Request[] = []
  page.on('request', (request) => {
    if (request.url().includes('/v1/payment_intents/')) confirms.push(request)
  })
  // the card form answers as Stripe's does: the expiry is written MM / YY as it is typed, and each
  // field at fault says what is wrong with it
  const cardNumber = main.getByRole('textbox', { name: 'Card number' })
  const expiry = main.getByRole('textbox', { name: 'Expiry date (MM/YY)' })
  const cvc = main.getByRole('textbox', { name: 'Security code (CVC)' })
  await cardNumber.fill('4242 4242 4242 4242')
  await cvc.fill('12')
  await expiry.pressSequentially('1330')
  await expect(expiry).toHaveValue('13 / 30')
  // a tap on Pay straight from a wrong field lands (the field's message does not push the button
  // away between press and release), and every field at fault says why
  await main.getByRole('button', { name: trWith(L, 'Pay {total}', { total: ntd(amount) }) }).click()
  await expect(expiry).toBeFocused()
  await expect(expiry).toHaveAccessibleDescription('Your card’s expiry month is invalid.')
  await expect(cvc).toHaveAccessibleDescription('Your card’s security code is incomplete.')
  await expect(cardNumber).not.toHaveAttribute('aria-invalid')
  await expiry.fill('')
  await expiry.pressSequentially('1230')
  await expect(expiry).toHaveValue('12 / 30')
  await expect(expiry).not.toHaveAttribute('aria-invalid')
  // any number but the test cards is refused for that
  await payWithCard(page, L, '4111 1111 1111 1111', amount)
  await expect(cardNumber).toBeFocused()
  await expect(cardNumber).toHaveAccessibleDescription('This is a real card number: in test mode, use one of the test card numbers above.')
  await expect(main.getByText('Please enter correct credit card information')).toHaveCount(0)
  expect(confirms).toEqual([])

  await payWithCard(page, L, '4000 0000 0000 0002', amount)
  await expect(page).toHaveURL(new RegExp(`/en/purchase/${no}`))
  await expect(page.getByRole('heading', { level: 1, name: 'The payment did not go through' })).toBeVisible()
  await expect(main.getByText('Your card was declined.')).toBeVisible()
  // the card number itself never left the page
  expect(confirms.map((request) => request.postData() ?? '').join('')).not.toContain('4000000000000002')

  await main.getByRole('button', { name: 'Pay again' }).click()
  await expect(page).toHaveURL(new RegExp(`/en/payment\\?order=${no}`))
  await payWithCard(page, L, '4242 4242 4242 4242', amount)
  await expect(page.getByText('Payment Successful.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is paid.' })).toBeVisible()
  const [order] = await currentOrders(request, token)
  expect(order).toMatchObject({ no, payment_status: 'SUCCESSED', amount, invoice: { mode: 'personal', carrier_type: 'mobile', carrier_code: '/ABC1234' } })
  expect(order!.recipient).toMatchObject({ zip_code: '10617', county: '臺北市', district: '大安區' })
})

test('a double click on "Place order" makes one order, which the member can cancel (ja)', async ({ page, request }) => {
  const L: UiLocale = 'ja'
  const member = await createMember(request, { locale: L })
  const token = await apiToken(request, member)
  await saveRecipient(request, token)
  const { product, variant } = await pricedStock(page, 100, L)
  await addToServerCart(request, token, product, variant, 1)
  const settings = await checkoutSettings(page)

  await page.goto('/ja')
  await signIn(page, L, member)
  await page.goto('/ja/payment')
  const button = placeOrderButton(page, L)
  await expect(button).toHaveAccessibleName(trWith(L, 'Place order · {amount}', { amount: ntd(amountFor(variant.price, settings)) }))
  await button.dblclick()
  await expect(page).toHaveURL(/\/ja\/payment\?order=/)
  await expect(page.getByRole('heading', { level: 1, name: tr(L, 'Payment') })).toBeVisible()
  const no = orderNoIn(page.url())
  const orders = await currentOrders(request, token)
  expect(orders.map((o) => o.no)).toEqual([no])

  // paying later, then cancelling instead
  const main = page.getByRole('main')
  await main.getByRole('link', { name: tr(L, 'Pay later: see the order') }).click()
  await expect(page.getByRole('heading', { level: 1, name: tr(L, 'Your order is placed and waiting for payment') })).toBeVisible()
  await expect(main.getByText(tr(L, 'Unpaid'), { exact: true })).toBeVisible()
  await main.getByRole('button', { name: tr(L, 'Cancel order') }).click()
  const dialog = page.getByRole('dialog', { name: tr(L, 'Cancel this order?') })
  await dialog.getByRole('button', { name: tr(L, 'Cancel order') }).click()
  await expect(page.getByRole('heading', { level: 1, name: tr(L, 'This order is cancelled') })).toBeVisible()
  expect(await currentOrders(request, token)).toEqual([])
  await page.goto('/ja/user/order?tab=history')
  await expect(main.getByRole('article', { name: trWith(L, 'Order {no}', { no }) }).getByText(tr(L, 'Cancelled'), { exact: true })).toBeVisible()
})

const UNVERIFIED_UNITS =
  '{units, plural, one {Please verify your e-mail address to order more: follow the link in the mail we sent when you signed up. Until then you can have one unpaid order of at most # item.} other {Please verify your e-mail address to order more: follow the link in the mail we sent when you signed up. Until then you can have one unpaid order of at most # items.}}'

test('a member whose e-mail is not verified hears at the top of the payment page how much they may order, and can ask for the mail (zh-TW)', async ({ page, request }) => {
  const L: UiLocale = 'zh-TW'
  const T = (message: string) => tr(L, message)
  const member = await createMember(request, { verified: false, locale: L })
  const token = await apiToken(request, member)
  await saveRecipient(request, token)
  const { product, variant } = await pricedStock(page, 100, L)
  // one more than a member may hold before verifying (UNVERIFIED_MAX_UNITS, 3)
  await addToServerCart(request, token, product, variant, 4)

  await page.goto('/')
  await openAuthModal(page, L)
  await submitLogin(page, L, member)
  // signing in reminds the member first
  const reminder = page.getByRole('dialog', { name: T('Verify e-mail') })
  await reminder.getByRole('button', { name: T('Confirm') }).click()
  await expect(reminder).toBeHidden()
  await page.goto(pathIn(L, '/payment'))
  // said before any field is filled, with the mail beside it (the quote's unverified_limit)
  const notice = page.getByRole('main').getByRole('status').filter({ hasText: trPlural(L, UNVERIFIED_UNITS, 3) })
  await expect(notice).toBeVisible()
  // and "Place order" stops there, without asking the server
  const placing: string[] = []
  page.on('request', (sent) => void (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/v1/ec-order' && placing.push(sent.url())))
  await placeOrderButton(page, L).click()
  const alert = page.getByRole('main').getByRole('alert').filter({ hasText: trPlural(L, UNVERIFIED_UNITS, 3) })
  await expect(alert).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${pathIn(L, '/payment')}$`))
  expect(placing).toEqual([])
  expect(await currentOrders(request, token)).toEqual([])
  await notice.getByRole('button', { name: T('Send verification e-mail') }).click()
  // the sign-up's mail went out moments ago, so the server may ask to wait; either way the member hears back
  await expect(page.getByText(T('Verification e-mail sent. Please check your inbox.')).or(page.getByText(T('The verification e-mail could not be sent')))).toBeVisible()
})

test.describe('with answers arranged by the test', () => {
  // besides the expected answers, the answer the test cuts off
  test.use({ serviceWorkers: 'block', allowedConsoleErrors: [/status of (400|401|402|404|409|429)|net::ERR_CONNECTION_RESET/] })

  test('a lost answer to "Place order": pressing again gets the same order (en)', async ({ page, request }) => {
    const member = await createMember(request, { locale: 'en' })
    const token = await apiToken(request, member)
    await saveRecipient(request, token)
    const { product, variant } = await pricedStock(page, 100, 'en')
    await addToServerCart(request, token, product, variant, 1)
    const keys: string[] = []
    await page.route('**/api/v1/ec-order', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      // the first order reaches the shop, but its answer is lost on the way back
      const response = await route.fetch()
      if (keys.length === 1) await route.abort('connectionreset')
      else await route.fulfill({ response })
    })

    await page.goto('/en')
    await signIn(page, 'en', member)
    await page.goto('/en/payment')
    await expect(placeOrderButton(page, 'en')).toHaveAccessibleName(/NT\$/)
    await placeOrderButton(page, 'en').click()
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Cannot reach the shop' })).toBeVisible()
    await placeOrderButton(page, 'en').click()
    await expect(page).toHaveURL(/\/en\/payment\?order=/)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect((await currentOrders(request, token)).map((o) => o.no)).toEqual([orderNoIn(page.url())])
  })

  test('a mobile barcode the Ministry does not know is refused, and a delivered order offers its tracking (en)', async ({ page, request }) => {
    const member = await createMember(request, { locale: 'en' })
    const token = await apiToken(request, member)
    await saveRecipient(request, token)
    const { product, variant } = await pricedStock(page, 100, 'en')
    await addToServerCart(request, token, product, variant, 1)
    // this deployment checks barcodes with the Ministry, which does not know this one
    await page.route('**/api/v1/config', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { data: PublicConfig }
      body.data.checkout.carrier_check = true
      await route.fulfill({ response, json: body })
    })
    await page.route('**/api/v1/invoice/check-carrier', (route) =>
      route.fulfill({
        status: 400,
        json: { error: { code: 'CARRIER_NOT_FOUND', message: 'mobile barcode does not exist', detail: { carrier_code: ['mobile barcode does not exist'] } } },
      }),
    )

    await page.goto('/en')
    await signIn(page, 'en', member)
    await page.goto('/en/payment')
    const main = page.getByRole('main')
    await main.getByRole('radio', { name: 'Mobile barcode' }).check()
    await main.getByRole('textbox', { name: 'Mobile barcode' }).fill('/ZZZ9999')
    await main.getByRole('textbox', { name: 'Mobile barcode' }).blur()
    await expect(main.getByText('mobile barcode does not exist')).toBeVisible()
    await placeOrderButton(page, 'en').click()
    await expect(main.getByRole('textbox', { name: 'Mobile barcode' })).toBeFocused()
    expect(await currentOrders(request, token)).toEqual([])

    // shipping is an operator's command on the shop's database (npm run shop), which the embedded
    // database lets only one process open: the shipped order is arranged here from a real one
    const placed = await request.post('/api/v1/ec-order', {
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `e2e-${Date.now()}` },
      data: { lines: [{ product_id: product.id, variant_id: variant.id, quantity: 1 }], recipient: { name: '王小明', phone: '0912345678', zip_code: '106', county: '臺北市', district: '大安區', address: '復興南路一段 390 號' }, invoice: { mode: 'personal', carrier_type: 'none', email: member.email, name: '王小明' } },
    })
    expect(placed.status(), await placed.text()).toBe(201)
    const real = ((await placed.json()) as { data: Order }).data
    const trackingUrl = `https://www.t-cat.com.tw/Inquire/TraceDetail.aspx?BillID=123456789012`
    const delivered: Order = {
      ...real,
      order_status: 'COMPLETED',
      payment_status: 'SUCCESSED',
      shipment: { carrier: { code: 'tcat', name: 'T-Cat (Takkyubin)' }, tracking_no: '123456789012', tracking_url: trackingUrl, shipped_at: real.created_at, completed_at: real.created_at },
      payment: { ...real.payment, client_secret: null, pay_before: null, paid_at: real.created_at },
      actions: { pay: false, cancel: false, track: true },
    }
    await page.route('**/api/v1/ec-order/history?**', (route) => route.fulfill({ json: { data: [delivered], current_page: 1, per_page: 10, total: 1, last_page: 1 } }))
    await page.goto('/en/user/order?tab=history')
    const card = main.getByRole('article', { name: `Order ${real.no}` })
    await expect(card.getByText('Delivered', { exact: true })).toBeVisible()
    await expect(card.getByRole('link', { name: 'Check delivery status' })).toHaveAttribute('href', trackingUrl)
    await expect(card.getByText('T-Cat (Takkyubin) tracking number: 123456789012')).toBeVisible()
  })
})
