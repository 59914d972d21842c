import { expect, header, test, tr, type UiLocale } from './kit'
import {
  authDialog,
  chooseInMemberMenu,
  chooseInSideMenu,
  EXPECTED_API_ERRORS,
  homeUrl,
  mailLink,
  memberMenuButton,
  openAuthModal,
  pathIn,
  submitLogin,
  uniqueEmail,
} from './support/accounts'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

for (const locale of ['zh-TW', 'en'] as UiLocale[]) {
  test(`register, verify by mail, sign in, edit the profile, change the password, sign out (${locale})`, async ({ page }) => {
    test.slow()
    const email = uniqueEmail('j')
    const password = 'matcha-2026'
    const newPassword = 'hojicha-2027'
    const T = (message: string) => tr(locale, message)

    // ---- register ----
    await page.goto(pathIn(locale, '/'))
    const login = await openAuthModal(page, locale)
    await login.getByRole('button', { name: T('Create an account') }).click()
    const register = authDialog(page, locale, 'Sign up')
    await expect(register).toBeVisible()
    await register.getByLabel(T('Last name'), { exact: true }).fill('林')
    await register.getByLabel(T('First name'), { exact: true }).fill('美玲')
    await register.getByLabel(T('E-mail'), { exact: true }).fill(email)
    await register.getByLabel(T('Phone number'), { exact: true }).fill('0912345678')
    await register.getByLabel(T('Password'), { exact: true }).fill(password)
    await register.getByLabel(T('Confirm password'), { exact: true }).fill(password)
    await register.getByLabel(T('Gender'), { exact: true }).selectOption('FEMALE')
    await register.getByLabel(T('Birthday'), { exact: true }).fill('1990-05-17')
    await expect(register.getByLabel(T('Nationality'), { exact: true })).toHaveValue('Taiwan')
    await expect(register.getByRole('link', { name: T('Terms of use') })).toHaveAttribute('href', /^https?:\/\//)
    await expect(register.getByRole('link', { name: T('Privacy policy') })).toHaveAttribute('href', /^https?:\/\//)
    await register.getByRole('button', { name: T('Sign up'), exact: true }).click()
    await expect(page.getByText(T('Registration complete'))).toBeVisible()
    await expect(register.getByText(T('We have sent a verification e-mail to:'))).toBeVisible()
    await expect(register.getByText(email)).toBeVisible()
    await register.getByRole('button', { name: T('Confirm') }).click()
    await expect(register).toBeHidden()

    // ---- follow the mail's link: verified, then asked to sign in, then back on my info ----
    const link = await mailLink(email, /verify_email\/confirm/)
    await page.goto(link)
    await expect(page).toHaveURL(new RegExp(`${escape(pathIn(locale, '/login'))}\\?redirect=`))
    await expect(authDialog(page, locale)).toBeVisible()
    await submitLogin(page, locale, { email, password })
    await expect(page).toHaveURL(new RegExp(`${escape(pathIn(locale, '/user/info'))}$`))
    await expect(page.getByText(T('Login successful'))).toBeVisible()
    await expect(page.getByText(T('Your e-mail has been verified'))).toBeVisible()
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: T('My info') })).toBeVisible()
    await expect(main.getByText(email)).toBeVisible()
    await expect(main.getByRole('region', { name: T('My info') }).getByText(T('E-mail verified'))).toBeVisible()

    // ---- edit the profile ----
    await main.getByRole('button', { name: T('Edit') }).click()
    await main.getByLabel(T('First name'), { exact: true }).fill('美美')
    await main.getByLabel(T('Phone number'), { exact: true }).fill('0987654321')
    await main.getByRole('button', { name: T('Save'), exact: true }).click()
    await expect(page.getByText(T('Save successfully'))).toBeVisible()
    const details = main.getByRole('region', { name: T('My info') })
    await expect(details.getByText('0987654321')).toBeVisible()
    await expect(details.getByText('林美美')).toBeVisible()

    // ---- change the password (a mismatch first) ----
    await chooseInSideMenu(page, locale, 'Change password')
    await expect(page).toHaveURL(new RegExp(`${escape(pathIn(locale, '/user/reset_password'))}$`))
    await main.getByLabel(T('Current password'), { exact: true }).fill(password)
    await main.getByLabel(T('New password'), { exact: true }).fill(newPassword)
    await main.getByLabel(T('Confirm new password'), { exact: true }).fill('something-else')
    await main.getByRole('button', { name: T('Change password') }).click()
    await expect(main.getByText(T('new password is entered incorrectly'))).toBeVisible()
    await main.getByLabel(T('Confirm new password'), { exact: true }).fill(newPassword)
    await main.getByRole('button', { name: T('Change password') }).click()
    await expect(page.getByText(T('Password changed successfully'))).toBeVisible()
    // the new token was stored: a reload keeps the member signed in
    await page.reload()
    await expect(main.getByRole('heading', { name: T('Change password') })).toBeVisible()
    await expect(memberMenuButton(page, locale)).toBeVisible()

    // ---- sign out, then only the new password works ----
    await chooseInMemberMenu(page, locale, 'Log out')
    await expect(page).toHaveURL(homeUrl(locale))
    await expect(header(page).getByRole('button', { name: T('Log in/Sign up') })).toBeVisible()
    await page.goto(pathIn(locale, '/user/info'))
    await expect(page).toHaveURL(/\/login\?redirect=/)
    await submitLogin(page, locale, { email, password })
    await expect(authDialog(page, locale).getByRole('alert')).toBeVisible()
    await submitLogin(page, locale, { email, password: newPassword })
    await expect(page).toHaveURL(new RegExp(`${escape(pathIn(locale, '/user/info'))}$`))
  })
}
