import { apiToken, expect, expectAccessible, ntd, test, tr, type UiLocale } from './kit'
import { createMember, pathIn, signIn, trWith } from './support/accounts'
import { addToServerCart, pricedStock } from './support/checkout'
import { advanceParcel, newestNotification, shipPickupOrder } from './support/notifications'

/**
 * Convenience-store pick-up as a shopper in Taiwan meets it (decisions 75 and 76), at phone width:
 * at checkout the chain's map (the logistics sandbox's page) gives the store, the order is paid
 * in cash at the store; the operator ships it, the parcel arrives and is collected, and the
 * shopper sees each step on the order page and in the notifications.
 */
const JOURNEYS: { locale: UiLocale; chain: string; search: string; store: string; name: string }[] = [
  { locale: 'zh-TW', chain: '7-ELEVEN 統一超商', search: '信義', store: '信義門市', name: '林美玲' },
  { locale: 'en', chain: 'FamilyMart (全家)', search: '金門', store: '金湖店', name: 'LinMeiLing' },
]

for (const journey of JOURNEYS) {
  test(`a shopper picks a store on the map, pays cash on pick-up and follows the parcel until it is collected (${journey.locale})`, async ({ page, request }) => {
    test.slow()
    const L = journey.locale
    const T = (message: string) => tr(L, message)
    const member = await createMember(request, { locale: L })
    const token = await apiToken(request, member)
    const { product, variant } = await pricedStock(page, 200, L, undefined, 600)
    await addToServerCart(request, token, product, variant, 1)

    await page.goto(pathIn(L, '/'))
    await signIn(page, L, member)
    await page.goto(pathIn(L, '/payment'))
    const main = page.getByRole('main')
    await main.getByRole('radio', { name: new RegExp(`^${T('Convenience-store pick-up')}`) }).check()
    await main.getByRole('radio', { name: new RegExp(`^${T('Cash on pick-up')}`) }).check()
    await main.getByRole('radio', { name: journey.chain }).check()
    // the store is required: "Place order" says so at the map's button
    await main.getByRole('button', { name: new RegExp(`^${T('Place order')}`) }).click()
    await expect(main.getByText(T('Please choose the pick-up store.'))).toBeVisible()
    await expectAccessible(page, 'pick-up checkout')

    await main.getByRole('button', { name: T('Choose a store on the map') }).click()
    // the chain's map (the sandbox's page), then back to the payment page with the store
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.getByRole('searchbox').fill(journey.search)
    await page.getByRole('button', { name: /Search/ }).click()
    await page.getByRole('button', { name: new RegExp(`Choose ${journey.store}`) }).click()
    await expect(page).toHaveURL(new RegExp(`${pathIn(L, '/payment')}$`))
    await expect(main.getByText(journey.store)).toBeVisible()
    // the choices made before the map are kept
    await expect(main.getByRole('radio', { name: new RegExp(`^${T('Cash on pick-up')}`) })).toBeChecked()

    // who collects it: the chain's rules, said before the order is placed
    const name = main.getByRole('textbox', { name: T('Name of who collects it') })
    await name.fill('Lin 2')
    await main.getByRole('textbox', { name: T('Mobile number') }).fill('0912-345-678')
    await name.blur()
    await expect(main.getByText(T('Please enter the name on your ID: 2 to 5 Chinese characters or 4 to 10 letters, no digits or spaces'))).toBeVisible()
    await name.fill(journey.name)
    const quote = await (await request.post('/api/v1/checkout/quote', { data: { lines: [{ product_id: product.id, variant_id: variant.id, quantity: 1 }], shipment: 'cvs' }, headers: { authorization: `Bearer ${token}` } })).json()
    const amount = (quote as { data: { amount: number } }).data.amount
    await main.getByRole('button', { name: trWith(L, 'Place order · {amount}', { amount: ntd(amount) }) }).click()

    // no card step: the order page says what happens next
    await expect(page).toHaveURL(/\/purchase\/\d{6}-[0-9A-Z]{8}$/)
    const no = page.url().split('/purchase/')[1]!
    await expect(main.getByRole('heading', { level: 1, name: T('Thank you! Your order is placed.') })).toBeVisible()
    await expect(main.getByText(trWith(L, 'We are packing your order. You pay {amount} in cash when you collect it at the store.', { amount: ntd(amount) }))).toBeVisible()
    await expect(main.getByText(T('Cash on pick-up')).first()).toBeVisible()
    await expectAccessible(page, 'pick-up order')

    await shipPickupOrder(request, no)
    const shipped = await newestNotification(request, token, 'order_shipped', L === 'en' ? 'en' : 'zh_tw')
    expect(shipped.content).toContain(journey.store)
    await expect(main.getByText(T('Your parcel is on its way to the store. We will tell you when it arrives.'))).toBeVisible()

    await advanceParcel(request, no, 'shipped')
    await advanceParcel(request, no, 'arrived')
    const arrived = await newestNotification(request, token, 'parcel_arrived', L === 'en' ? 'en' : 'zh_tw')
    expect(arrived.content).toContain(ntd(amount))
    // the open page follows the parcel without a reload (the notification refreshes the order)
    await expect(main.getByText(new RegExp(T('Your parcel is at the store. Please collect it by {day} and pay {cash} in cash there.').replace('{day}', '.+').replace('{cash}', ntd(amount).replace('$', '\\$'))))).toBeVisible()
    await expect(page.getByRole('list', { name: T('Where the parcel is') }).getByRole('listitem').nth(2)).toHaveAttribute('aria-current', 'step')

    await advanceParcel(request, no, 'picked_up')
    await newestNotification(request, token, 'order_delivered', L === 'en' ? 'en' : 'zh_tw')
    await expect(main.getByRole('heading', { level: 1, name: T('Thank you! You collected your order.') })).toBeVisible()
    await expect(main.getByText(T('You collected your parcel at the store. Enjoy!'))).toBeVisible()
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  })
}

test('when the 7-ELEVEN store closes, the shopper chooses another on the map from the order page, and the parcel goes there (en)', async ({ page, request }) => {
  test.slow()
  const member = await createMember(request)
  const token = await apiToken(request, member)
  const auth = { authorization: `Bearer ${token}` }
  const { product, variant } = await pricedStock(page, 200, 'en', undefined, 600)
  // a store picked on the map through the API, as the checkout does, then the order
  const pick = ((await (await request.post('/api/v1/logistics/store-picks', { data: { chain: 'UNIMART', cash_on_pickup: true, locale: 'en' }, headers: auth })).json()) as { data: { trade_no: string; map: { action: string; fields: Record<string, string> } } }).data
  const reply = await request.post('/api/v1/logistics/map-reply', {
    form: { MerchantID: pick.map.fields.MerchantID!, MerchantTradeNo: pick.trade_no, LogisticsSubType: 'UNIMART', CVSStoreID: '131386', CVSStoreName: '測試門市', CVSAddress: '台北市中正區忠孝西路一段 1 號', CVSTelephone: '02-2311-0001', CVSOutSide: '0', ExtraData: '' },
    maxRedirects: 0,
  })
  expect(reply.status()).toBe(303)
  const placed = await request.post('/api/v1/ec-order', {
    data: { lines: [{ product_id: product.id, variant_id: variant.id, quantity: 1 }], shipment: 'cvs', payment_method: 'cod', pickup: { store_pick: pick.trade_no, name: 'LinMeiLing', phone: '0912345678' }, invoice: { mode: 'personal', carrier_type: 'none', email: member.email, name: 'Lin Mei Ling' } },
    headers: { ...auth, 'idempotency-key': `closed-${Date.now()}` },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const no = ((await placed.json()) as { data: { no: string } }).data.no
  await shipPickupOrder(request, no)
  await advanceParcel(request, no, 'store_closed')

  await page.goto('/en/product/list')
  await signIn(page, 'en', member)
  await page.goto(`/en/purchase/${no}`)
  const main = page.getByRole('main')
  await expect(main.getByText('This store has closed. Please choose another 7-ELEVEN for your parcel.')).toBeVisible()
  await main.getByRole('button', { name: 'Choose another store on the map' }).click()
  await page.getByRole('searchbox').fill('站前')
  await page.getByRole('button', { name: /Search/ }).click()
  await page.getByRole('button', { name: /Choose 站前門市/ }).click()
  // back on the order: the shop asked ECPay to send the parcel to the new store
  await expect(page).toHaveURL(new RegExp(`/en/purchase/${no}$`))
  await expect(main.getByText('站前門市')).toBeVisible()
  await expect(main.getByText('This store has closed. Please choose another 7-ELEVEN for your parcel.')).toBeHidden()
  await expect(page.getByRole('list', { name: 'Where the parcel is' }).getByText('On its way to the new store')).toBeVisible()
  await advanceParcel(request, no, 'arrived')
  const arrived = await newestNotification(request, token, 'parcel_arrived')
  expect(arrived.content).toContain('站前門市')
})
