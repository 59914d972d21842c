import { expect, header, test, tr, type UiLocale } from './kit'
import { authDialog, chooseInMemberMenu, createMember, EXPECTED_API_ERRORS, openAuthModal, pathIn, signIn, submitLogin, trPlural } from './support/accounts'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

const LOCK_MESSAGE =
  '{minutes, plural, one {Wrong account or password too many times, please try again after # minute} other {Wrong account or password too many times, please try again after # minutes}}'
/** the server's own message for a wrong e-mail or password, in each language (server/lib/messages.ts) */
const WRONG_PASSWORD: Record<UiLocale, string> = { en: 'Wrong e-mail or password.', 'zh-TW': '電子郵件或密碼錯誤。', ja: 'メールアドレスまたはパスワードが正しくありません。' }

for (const locale of ['zh-TW', 'en'] as UiLocale[]) {
  const T = (message: string) => tr(locale, message)

  test.describe(`the sign-in dialog (${locale})`, () => {
    test('switches between login, register and forgot password, and opens on login every time', async ({ page }) => {
      await page.goto(pathIn(locale, '/product/list'))
      let dialog = await openAuthModal(page, locale)
      await expect(dialog.getByLabel(T('E-mail'), { exact: true })).toHaveAttribute('maxlength', '28')
      await expect(dialog.getByLabel(T('Password'), { exact: true })).toHaveAttribute('maxlength', '28')
      await expect(dialog.getByRole('button', { name: T('Back to log in') })).toHaveCount(0)

      await dialog.getByRole('button', { name: T('Create an account') }).click()
      const register = authDialog(page, locale, 'Sign up')
      await expect(register.getByLabel(T('Birthday'), { exact: true })).toHaveAttribute('type', 'date')
      await register.getByRole('button', { name: T('Back to log in') }).click()
      await expect(authDialog(page, locale).getByRole('button', { name: T('Forgot password?') })).toBeVisible()

      await authDialog(page, locale).getByRole('button', { name: T('Forgot password?') }).click()
      const forgot = authDialog(page, locale, 'Forgot password')
      const email = forgot.getByLabel(T('E-mail'), { exact: true })
      await expect(email).toHaveAttribute('type', 'email')
      await expect(email).toHaveAttribute('maxlength', '28')
      await expect(email).toBeFocused()
      await expect(forgot.getByRole('button', { name: T('Send'), exact: true })).toBeEnabled()
      await expect(forgot.getByText(T('or'), { exact: true })).toBeVisible()
      await expect(forgot.getByRole('button', { name: T('Sign in with Google') })).toBeVisible()
      // Facebook is not configured in this shop, so it is not offered
      await expect(forgot.getByRole('button', { name: T('Sign in with Facebook') })).toHaveCount(0)

      await forgot.getByRole('button', { name: T('Close') }).click()
      await expect(forgot).toBeHidden()
      dialog = await openAuthModal(page, locale)
      await expect(dialog.getByRole('button', { name: T('Log in'), exact: true })).toBeVisible()

      await dialog.getByRole('button', { name: T('Create an account') }).click()
      await page.keyboard.press('Escape')
      await expect(authDialog(page, locale, 'Sign up')).toBeHidden()
      await expect(await openAuthModal(page, locale)).toBeVisible()
    })

    test('a click or tap on the backdrop does not close it', async ({ page, isMobile }) => {
      await page.goto(pathIn(locale, '/product/list'))
      const dialog = await openAuthModal(page, locale)
      const box = await dialog.boundingBox()
      expect(box).not.toBeNull()
      // a point left of the dialog, on the backdrop
      const point = { x: Math.max(2, box!.x / 2), y: box!.y + box!.height / 2 }
      if (isMobile) await page.touchscreen.tap(point.x, point.y)
      await page.mouse.click(point.x, point.y)
      await page.mouse.click(3, 3)
      await expect(dialog).toBeVisible()
    })

    test('a wrong password shows the server message above the form; the third locks the account', async ({ page, request }) => {
      const member = await createMember(request, { locale })
      await page.goto(pathIn(locale, '/'))
      await openAuthModal(page, locale)
      const dialog = authDialog(page, locale)
      const alert = dialog.getByRole('alert')
      await submitLogin(page, locale, { email: member.email, password: 'not-my-password' })
      await expect(alert).toHaveText(WRONG_PASSWORD[locale])
      await expect(page.getByText(T('Sign-in failed'))).toBeVisible()
      // the message sits above the form's first field
      const alertBox = await alert.boundingBox()
      const fieldBox = await dialog.getByLabel(T('E-mail'), { exact: true }).boundingBox()
      expect(alertBox!.y).toBeLessThan(fieldBox!.y)

      await submitLogin(page, locale, { email: member.email, password: 'still-wrong' })
      await expect(alert).toHaveText(WRONG_PASSWORD[locale])
      await submitLogin(page, locale, { email: member.email, password: 'wrong-again' })
      await expect(alert).toHaveText(trPlural(locale, LOCK_MESSAGE, 15))
      // locked: even the right password is refused for now
      await submitLogin(page, locale, member)
      await expect(alert).toHaveText(trPlural(locale, LOCK_MESSAGE, 15))
    })

    test('field errors appear under their fields, from the form and from the server', async ({ page, request }) => {
      const taken = await createMember(request)
      await page.goto(pathIn(locale, '/'))
      const login = await openAuthModal(page, locale)
      await login.getByRole('button', { name: T('Create an account') }).click()
      const register = authDialog(page, locale, 'Sign up')
      const email = register.getByLabel(T('E-mail'), { exact: true })
      await email.fill('a@b.c')
      await register.getByRole('button', { name: T('Sign up'), exact: true }).click()
      await expect(email).toHaveAttribute('aria-invalid', 'true')
      await expect(email).toHaveAccessibleDescription(T('must be at least 6 characters'))

      await email.fill(taken.email)
      await register.getByLabel(T('Last name'), { exact: true }).fill('王')
      await register.getByLabel(T('First name'), { exact: true }).fill('小明')
      const password = register.getByLabel(T('Password'), { exact: true })
      await password.fill('matcha-2026')
      await register.getByLabel(T('Confirm password'), { exact: true }).fill('matcha-2027')
      await register.getByRole('button', { name: T('Sign up'), exact: true }).click()
      await expect(page.getByText(T('Error'), { exact: true })).toBeVisible()
      // a confirmation that does not match is reported under the password
      await expect(password).toHaveAccessibleDescription(new RegExp(T('new password is entered incorrectly')))
      await expect(email).not.toHaveAttribute('aria-invalid', 'true')

      await register.getByLabel(T('Confirm password'), { exact: true }).fill('matcha-2026')
      await register.getByRole('button', { name: T('Sign up'), exact: true }).click()
      await expect(email).toHaveAccessibleDescription(T('this e-mail is already registered'))
      await expect(password).not.toHaveAttribute('aria-invalid', 'true')
    })
  })
}

test.describe('opening the dialog from the address', () => {
  test('?modal=sign opens it for visitors, not for members', async ({ page, request }) => {
    await page.goto('/en/product/list?modal=sign')
    await expect(authDialog(page, 'en')).toBeVisible()
    await expect(page).toHaveURL(/\/en\/product\/list$/)
    const member = await createMember(request)
    await submitLogin(page, 'en', member)
    await expect(authDialog(page, 'en')).toBeHidden()
    await page.goto('/en/product/list?modal=sign')
    await expect(header(page).getByRole('button', { name: /Member menu/ })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('signing in from the dialog stays on the page; only the /login page goes home', async ({ page, request }) => {
    const member = await createMember(request, { locale: 'zh-TW' })
    await page.goto('/product/list?page=2')
    await signIn(page, 'zh-TW', member)
    await expect(page.getByText(tr('zh-TW', 'Login successful'))).toBeVisible()
    await expect(page).toHaveURL(/\/product\/list\?page=2$/)

    await chooseInMemberMenu(page, 'zh-TW', 'Log out')
    await page.goto('/login')
    await submitLogin(page, 'zh-TW', member)
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/)
  })
})
