import { expect, test, tr, type UiLocale } from './kit'
import { authDialog, chooseInMemberMenu, createMember, EXPECTED_API_ERRORS, homeUrl, pathIn, signIn, submitLogin } from './support/accounts'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

for (const locale of ['zh-TW', 'en'] as UiLocale[]) {
  test(`a visitor sent away from a member page signs in and comes back to it (${locale})`, async ({ page, request }) => {
    const member = await createMember(request, { locale })
    for (const section of ['/user/info', '/user/referrer']) {
      await page.goto(pathIn(locale, section))
      await expect(page).toHaveURL(`${pathIn(locale, '/login')}?redirect=${encodeURIComponent(pathIn(locale, section))}`)
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Log in') })).toBeVisible()
      await expect(authDialog(page, locale)).toBeVisible()
      if (section === '/user/info') {
        await submitLogin(page, locale, member)
        await expect(page).toHaveURL(pathIn(locale, section))
        await expect(page.getByRole('main').getByRole('heading', { name: tr(locale, 'My info') })).toBeVisible()
        await chooseInMemberMenu(page, locale, 'Log out')
        await expect(page).toHaveURL(homeUrl(locale))
      }
    }
  })
}

test('members are sent home from guest-only pages, and /user shows the info section', async ({ page, request }) => {
  const member = await createMember(request, { locale: 'en' })
  await page.goto('/en')
  await signIn(page, 'en', member)
  for (const path of ['/en/auth/reset_password?token=abc&email=a%40b.tw', '/en/auth/social-register?ticket=abc', '/en/login']) {
    await page.goto(path)
    await expect(page).toHaveURL(homeUrl('en'))
  }
  await page.goto('/en/login?redirect=%2Fen%2Fuser%2Freferrer')
  await expect(page).toHaveURL(/\/en\/user\/referrer$/)
  await page.goto('/en/user')
  await expect(page).toHaveURL(/\/en\/user\/info$/)
  await page.goto('/user')
  await expect(page).toHaveURL(/\/user\/info$/)
})

test('a redirect to another site is ignored', async ({ page, request }) => {
  const member = await createMember(request)
  await page.goto('/en/login?redirect=%2F%2Fevil.example%2Fphish')
  await submitLogin(page, 'en', member)
  await expect(page).toHaveURL(homeUrl('en'))
})
