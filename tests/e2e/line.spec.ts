import { expect, findProduct, test, tr, type UiLocale } from './kit'
import { authDialog, chooseInMemberMenu, createMember, EXPECTED_API_ERRORS, memberMenuButton, openAuthModal, pathIn, submitLogin, trWith, uniqueEmail, useLineProfile } from './support/accounts'

/**
 * LINE, as shoppers in Taiwan meet it (decision 77), at phone width: sign in with LINE against the
 * local LINE Login stand-in (a new member without an e-mail; an existing account linked after its
 * own sign-in), sharing a product to LINE in each language, and LINE's in-app browser, where
 * Google's sign-in does not work.
 */
test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

const lineUser = () => `U${Date.now().toString(16)}${Math.random().toString(16).slice(2, 10)}`.padEnd(33, '0').slice(0, 33)

test('a LINE account without an e-mail signs up with one, and the member area shows LINE (zh-TW)', async ({ page, context }) => {
  const T = (message: string) => tr('zh-TW', message)
  await useLineProfile(context, { sub: lineUser(), name: '小林' })
  await page.goto('/product/list')
  const dialog = await openAuthModal(page, 'zh-TW')
  await dialog.getByRole('button', { name: T('Sign in with LINE') }).click()
  await expect(page).toHaveURL(/\/auth\/social-register\?ticket=/)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: T('Complete your sign-up') })).toBeVisible()
  await main.getByLabel(T('Last name'), { exact: true }).fill('林')
  await main.getByLabel(T('First name'), { exact: true }).fill('小美')
  const email = uniqueEmail('line')
  await main.getByLabel(T('E-mail'), { exact: true }).fill(email)
  await main.getByRole('button', { name: T('Create my account') }).click()
  await expect(page.getByText(T('Registration complete'))).toBeVisible()
  await expect(page).toHaveURL(/\/product\/list$/)
  // the address came from the shopper, not LINE: the shop asks to verify it
  const verify = page.getByRole('dialog', { name: T('Verify e-mail') })
  await expect(verify).toContainText(email)
  await verify.getByRole('button', { name: T('Confirm') }).click()

  await page.goto('/user/info')
  const menu = page.getByRole('complementary', { name: T('Member area') })
  await expect(menu.getByText(trWith('zh-TW', '{providerName} verified', { providerName: 'LINE' }))).toBeVisible()
})

test('LINE with the address of an existing account links only after that account signs in, then signs in by itself (en)', async ({ page, context, request }) => {
  const member = await createMember(request)
  const sub = lineUser()
  await useLineProfile(context, { sub, name: 'Mei', email: member.email })
  await page.goto('/en')
  await (await openAuthModal(page, 'en')).getByRole('button', { name: 'Sign in with LINE' }).click()
  await expect(page).toHaveURL(/\/en\/auth\/social-callback\?link=/)
  await expect(page.getByRole('main').getByRole('status')).toContainText(`An account with ${member.email} already exists. Log in to it once to link your LINE account`)
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click()
  await submitLogin(page, 'en', member)
  await expect(page.getByText('LINE is now linked to your account. Next time, it signs you in.')).toBeVisible()
  await expect(memberMenuButton(page, 'en')).toBeVisible()

  // signed out, LINE alone signs the member in now
  await chooseInMemberMenu(page, 'en', 'Log out')
  await expect(memberMenuButton(page, 'en')).toHaveCount(0)
  await (await openAuthModal(page, 'en')).getByRole('button', { name: 'Sign in with LINE' }).click()
  await expect(page.getByText('Login successful')).toBeVisible()
  await expect(memberMenuButton(page, 'en')).toBeVisible()
})

test('a sign-in that LINE returns to another browser explains itself and offers to start again here (zh-TW, the shop’s language: the state that held the shopper’s is unknown)', async ({ page }) => {
  // the callback of a sign-in this browser never began (LINE opened the link in its own browser)
  await page.goto('/api/v1/auth/line/callback?code=from-elsewhere&state=a-state-of-another-browser')
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/auth\/social-callback\?error=unknown$/)
  const main = page.getByRole('main')
  await expect(main.getByRole('alert')).toHaveText(tr('zh-TW', 'This sign-in did not start in this browser (LINE may open links in a browser of its own), or it was already used. Please start it again here.'))
  await main.getByRole('button', { name: tr('zh-TW', 'Log in') }).click()
  await expect(authDialog(page, 'zh-TW')).toBeVisible()
})

for (const locale of ['zh-TW', 'en', 'ja'] as UiLocale[]) {
  test(`a product is shared to LINE with its name and address in the shopper’s language, or its link copied (${locale})`, async ({ page, context, request }) => {
    // a browser without the device's share sheet (as a computer's): the panel offers LINE and the link
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
    })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const product = await findProduct(request, () => true, locale)
    await page.goto(pathIn(locale, `/product/detail/${product.id}`))
    const main = page.getByRole('main')
    const share = main.getByRole('button', { name: tr(locale, 'Share'), exact: true })
    await expect(share).toHaveAttribute('aria-expanded', 'false')
    await share.click()
    await expect(share).toHaveAttribute('aria-expanded', 'true')
    const url = new URL(pathIn(locale, `/product/detail/${product.id}`), page.url()).href
    const href = new URL((await main.getByRole('link', { name: new RegExp(`^${tr(locale, 'Share on LINE')}`) }).getAttribute('href'))!)
    expect(`${href.origin}${href.pathname}`).toBe('https://line.me/R/share')
    expect(href.searchParams.get('text')).toBe(`${trWith(locale, '{productName}, from Japan', { productName: product.name })}\n${url}`)
    await main.getByRole('button', { name: tr(locale, 'Copy link') }).click()
    await expect(page.getByText(tr(locale, 'Link copied'))).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
  })
}

test.describe('inside LINE’s own browser', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 Line/14.3.0/IAB' })

  test('Google’s sign-in says it needs the phone’s browser, and offers to open the shop there; LINE’s own sign-in stays (en)', async ({ page }) => {
    await page.goto('/en/product/list')
    const dialog = await openAuthModal(page, 'en')
    await expect(dialog.getByText('Google does not allow signing in inside LINE.')).toBeVisible()
    const open = dialog.getByRole('link', { name: 'Open the shop in your browser' })
    expect(new URL((await open.getAttribute('href'))!).searchParams.get('openExternalBrowser')).toBe('1')
    await expect(dialog.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled()
    await expect(dialog.getByRole('button', { name: 'Sign in with LINE' })).toBeEnabled()
    await expect(authDialog(page, 'en')).toBeVisible()
  })
})
