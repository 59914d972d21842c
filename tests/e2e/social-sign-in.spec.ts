import { expect, test, tr } from './kit'
import { authDialog, createMember, EXPECTED_API_ERRORS, memberMenuButton, openAuthModal, uniqueEmail, useGoogleProfile } from './support/accounts'

/**
 * Google sign-in against the local OpenID provider started by playwright.config.ts: the provider
 * answers /authorize at once, so the browser runs the whole code flow (shop -> provider -> API
 * callback -> /auth/social-callback or /auth/social-register) without a login form.
 */
test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

const subject = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

test('a verified Google account signs in, and comes back to the page it was sent from (en)', async ({ page, context }) => {
  const email = uniqueEmail('g')
  await useGoogleProfile(context, { sub: subject(), email, email_verified: true, given_name: 'Mei', family_name: 'Lin' })
  await page.goto('/en/user/referrer')
  await expect(page).toHaveURL(/\/en\/login\?redirect=/)
  await authDialog(page, 'en').getByRole('button', { name: 'Sign in with Google' }).click()
  await expect(page).toHaveURL(/\/en\/user\/referrer$/)
  await expect(page.getByText('Login successful')).toBeVisible()
  await expect(page.getByRole('main').getByRole('heading', { name: 'Invite friends' })).toBeVisible()

  // the member area shows the Google badge and no password change (the account has no password)
  await page.goto('/en/user/info')
  const menu = page.getByRole('complementary', { name: 'Member area' })
  await expect(menu.getByText('Google verified')).toBeVisible()
  await expect(menu.getByText('E-mail verified')).toBeVisible()
  await expect(menu.getByText('Mei Lin')).toBeVisible()
  const toggle = menu.getByRole('button', { name: 'Member menu' })
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
  await expect(menu.getByRole('link', { name: 'Referral' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Change password' })).toHaveCount(0)
  await page.goto('/en/user/reset_password')
  await expect(page).toHaveURL(/\/en\/user\/info$/)
})

test('a Google account without an e-mail completes the sign-up first (zh-TW)', async ({ page, context }) => {
  const T = (message: string) => tr('zh-TW', message)
  await useGoogleProfile(context, { sub: subject(), given_name: '優希', family_name: '田中' })
  await page.goto('/product/list')
  const dialog = await openAuthModal(page, 'zh-TW')
  await dialog.getByRole('button', { name: T('Sign in with Google') }).click()
  await expect(page).toHaveURL(/\/auth\/social-register\?ticket=/)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: T('Complete your sign-up') })).toBeVisible()
  await expect(main.getByLabel(T('Last name'), { exact: true })).toHaveValue('田中')
  await expect(main.getByLabel(T('First name'), { exact: true })).toHaveValue('優希')
  const email = uniqueEmail('s')
  await main.getByLabel(T('E-mail'), { exact: true }).fill(email)
  await main.getByRole('button', { name: T('Create my account') }).click()
  await expect(page.getByText(T('Registration complete'))).toBeVisible()
  // signed up from the dialog over the product list: back on that list
  await expect(page).toHaveURL(/\/product\/list$/)

  // the address is not vouched for by Google: the verify-e-mail dialog says so
  const verify = page.getByRole('dialog', { name: T('Verify e-mail') })
  await expect(verify).toBeVisible()
  await expect(verify).toContainText(email)
  await expect(verify.getByRole('link', { name: T('Verify it in my info') })).toHaveAttribute('href', '/user/info')
  await verify.getByRole('button', { name: T('Confirm') }).click()
  await expect(verify).toBeHidden()
  await expect(memberMenuButton(page, 'zh-TW')).toBeVisible()
})

test('an address registered but not verified cannot be taken over through Google: the link waits for the account’s own sign-in (en)', async ({ page, context, request }) => {
  const member = await createMember(request, { verified: false })
  await useGoogleProfile(context, { sub: subject(), email: member.email, email_verified: true, given_name: 'Mallory', family_name: 'X' })
  await page.goto('/en')
  const dialog = await openAuthModal(page, 'en')
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click()
  await expect(page).toHaveURL(/\/en\/auth\/social-callback\?link=/)
  await expect(page.getByRole('main').getByRole('status')).toContainText(`An account with ${member.email} already exists. Log in to it once to link your Google account`)
  // nobody is signed in by the provider alone
  await expect(memberMenuButton(page, 'en')).toHaveCount(0)
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click()
  await expect(authDialog(page, 'en')).toBeVisible()
})

test('a callback with a bad or used code explains and offers to sign in (en)', async ({ page }) => {
  await page.goto('/en/auth/social-callback?code=not-a-real-code&source=ec')
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible()
  await expect(page.getByText('Sign-in failed')).toBeVisible()
  await page.goto('/en/auth/social-callback?error=cancelled')
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('The sign-in was cancelled.')
})
