import { expect, header, lookAt, test, tr, type UiLocale } from './kit'
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
      // no maxlength: the fields never cut what is typed or pasted (decision 54)
      await expect(dialog.getByLabel(T('E-mail'), { exact: true })).not.toHaveAttribute('maxlength')
      await expect(dialog.getByLabel(T('Password'), { exact: true })).not.toHaveAttribute('maxlength')
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
      await expect(email).not.toHaveAttribute('maxlength')
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
      await email.fill('a@b')
      await register.getByRole('button', { name: T('Sign up'), exact: true }).click()
      await expect(email).toHaveAttribute('aria-invalid', 'true')
      await expect(email).toHaveAccessibleDescription(T('must be a valid e-mail address'))

      await email.fill(taken.email)
      await register.getByLabel(T('Last name'), { exact: true }).fill('王')
      await register.getByLabel(T('First name'), { exact: true }).fill('小明')
      const password = register.getByLabel(T('Password'), { exact: true })
      await password.fill('matcha-2026')
      await register.getByLabel(T('Confirm password'), { exact: true }).fill('matcha-2027')
      await register.getByRole('button', { name: T('Sign up'), exact: true }).click()
      // a confirmation that does not match is reported under the password, by the form itself
      await expect(password).toHaveAccessibleDescription(new RegExp(T('new password is entered incorrectly')))
      await expect(email).not.toHaveAttribute('aria-invalid', 'true')

      await register.getByLabel(T('Confirm password'), { exact: true }).fill('matcha-2026')
      await register.getByRole('button', { name: T('Sign up'), exact: true }).click()
      await expect(page.getByText(T('Error'), { exact: true })).toBeVisible()
      await expect(email).toHaveAccessibleDescription(T('this e-mail is already registered'))
      // the server's answer takes the focus to the field it refused
      await expect(email).toBeFocused()
      await expect(password).not.toHaveAttribute('aria-invalid', 'true')
    })
  })
}

const FIRST_FIELD: Record<UiLocale, string> = { en: 'First name', 'zh-TW': 'Last name', ja: 'Last name' }

for (const locale of ['zh-TW', 'en', 'ja'] as UiLocale[]) {
  const T = (message: string) => tr(locale, message)

  test(`an empty sign-up marks every field at once with its own message and focuses the first (${locale})`, async ({ page }) => {
    await page.goto(pathIn(locale, '/'))
    const login = await openAuthModal(page, locale)
    await login.getByRole('button', { name: T('Create an account') }).click()
    const register = authDialog(page, locale, 'Sign up')
    const field = (label: string) => register.getByLabel(T(label), { exact: true })
    // a 3-character password is flagged together with the empty fields
    await field('Password').fill('abc')
    const submit = register.getByRole('button', { name: T('Sign up'), exact: true })
    await submit.click()
    const expected: [string, string][] = [
      ['Last name', 'is required'],
      ['First name', 'is required'],
      ['E-mail', 'is required'],
      ['Password', 'must be at least 8 characters'],
      ['Confirm password', 'is required'],
    ]
    for (const [label, message] of expected) {
      await expect(field(label)).toHaveAttribute('aria-invalid', 'true')
      await expect(field(label)).toHaveAccessibleDescription(new RegExp(`^${T(message)}`))
    }
    await expect(field('Phone number')).not.toHaveAttribute('aria-invalid', 'true')
    // the first invalid field in the form's order takes the focus, in sight (not the button)
    const first = field(FIRST_FIELD[locale])
    await expect(first).toBeFocused()
    await expect(first).toBeInViewport()
    await expect(register.getByText(T('is required')).first()).toBeInViewport()
    await lookAt(page, `register-errors-${locale}`, { widths: [390, 1440] })

    // fixing a field and submitting again moves the focus to the next one still wrong
    await field('Last name').fill('Chen')
    await field('First name').fill('Christopher')
    await submit.click()
    await expect(field('E-mail')).toBeFocused()
    await expect(field('First name')).not.toHaveAttribute('aria-invalid', 'true')
  })
}

test.describe('real names and addresses', () => {
  test('a 31-character address and Christopher are typed whole and the account is made with them (en)', async ({ page, request }) => {
    const local = `alexandra.chen.taipei${Date.now().toString(36).slice(-4)}`
    const address = `${local}@gmail.com`
    expect(address.length).toBeGreaterThanOrEqual(31)
    await page.goto('/en/product/list')
    const login = await openAuthModal(page, 'en')
    await login.getByRole('button', { name: 'Create an account' }).click()
    const register = authDialog(page, 'en', 'Sign up')
    const field = (label: string) => register.getByLabel(label, { exact: true })
    await field('First name').pressSequentially('Christopher')
    await field('Last name').pressSequentially('Chen')
    await field('E-mail').pressSequentially(address)
    await expect(field('First name')).toHaveValue('Christopher')
    await expect(field('E-mail')).toHaveValue(address)
    await expect(field('E-mail')).not.toHaveAttribute('aria-invalid', 'true')

    // past the standard's 254 characters the field says its limit as it happens, and keeps the text
    const tooLong = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`
    await field('E-mail').fill(tooLong)
    await expect(field('E-mail')).toHaveValue(tooLong)
    await expect(field('E-mail')).toHaveAccessibleDescription('may be at most 254 characters')
    await field('E-mail').fill(address)
    await expect(field('E-mail')).not.toHaveAttribute('aria-invalid', 'true')

    await field('Password').fill('oolong-2026')
    await field('Confirm password').fill('oolong-2026')
    await register.getByRole('button', { name: 'Sign up', exact: true }).click()
    await expect(register.getByText('We have sent a verification e-mail to:')).toBeVisible()
    await expect(register.getByText(address, { exact: true })).toBeVisible()
    await register.getByRole('button', { name: 'Confirm' }).click()

    // and the same address signs in through the dialog
    await openAuthModal(page, 'en')
    await submitLogin(page, 'en', { email: address, password: 'oolong-2026' })
    await expect(page.getByText('Login successful')).toBeVisible()
    const token = await request.post('/api/v1/login', { data: { email: address, password: 'oolong-2026' } })
    expect((await token.json()).data.user).toMatchObject({ first_name: 'Christopher', email: address, gender: null })
  })
})

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
