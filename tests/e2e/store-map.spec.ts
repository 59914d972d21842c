import { apiToken, expect, expectAccessible, test } from './kit'
import { createMember } from './support/accounts'

/**
 * The store map a shopper is sent to (the embedded ECPay-compatible sandbox's, decision 75), in a
 * real browser at phone width: the shop answers the form that opens it, the shopper searches and
 * picks a store, and the browser posts it back to the shop, which records it on the pick.
 */
test('a shopper searches the chain’s map, picks a store, and the shop records it for them', async ({ page, request }) => {
  const member = await createMember(request)
  const token = await apiToken(request, member)
  const opened = await request.post('/api/v1/logistics/store-picks', { data: { chain: 'UNIMART', cash_on_pickup: true, locale: 'en' }, headers: { authorization: `Bearer ${token}` } })
  expect(opened.status()).toBe(201)
  const pick = ((await opened.json()) as { data: { trade_no: string; map: { action: string; fields: Record<string, string> } } }).data

  // the browser posts the map's form, as the payment page does
  await page.goto('/robots.txt')
  await page.evaluate(({ action, fields }) => {
    const form = document.createElement('form')
    form.method = 'post'
    form.action = action
    for (const [name, value] of Object.entries(fields)) form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }))
    document.body.append(form)
    form.submit()
  }, pick.map)

  await expect(page.getByRole('heading', { level: 1, name: /7-ELEVEN/ })).toBeVisible()
  await expect(page.getByRole('note')).toContainText('Test mode')
  await expectAccessible(page, 'store map')
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  await page.getByRole('searchbox').fill('馬公')
  await page.getByRole('button', { name: /Search/ }).click()
  await expect(page.getByRole('status')).toContainText('1 stores')
  await expect(page.getByText('Outlying island')).toBeVisible()
  const replied = page.waitForResponse((response) => response.url().endsWith('/api/v1/logistics/map-reply'))
  await page.getByRole('button', { name: /Choose 馬公門市/ }).click()

  // the shop sends the shopper back to the payment page in their language, the pick in the address
  // (this browser is not signed in: the page asks them to sign in first, keeping where they were going)
  expect(new URL((await replied).headers().location!).pathname + new URL((await replied).headers().location!).search).toBe(`/en/payment?store_pick=${pick.trade_no}`)
  await expect(page).toHaveURL(new RegExp(`store_pick(=|%3D)${pick.trade_no}`))
  const read = await request.get(`/api/v1/logistics/store-picks/${pick.trade_no}`, { headers: { authorization: `Bearer ${token}` } })
  expect(((await read.json()) as { data: { store: unknown } }).data.store).toEqual({
    chain: 'UNIMART',
    id: '270572',
    name: '馬公門市',
    address: '澎湖縣馬公市中正路 15 號',
    telephone: '06-927-0010',
    outlying: true,
  })
})
