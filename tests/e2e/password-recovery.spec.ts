import type { Page } from '@playwright/test'
import { expect, header, test, tr, type UiLocale } from './kit'
import { authDialog, createMember, EXPECTED_API_ERRORS, homeUrl, mailLink, memberMenuButton, openAuthModal, pathIn, submitLogin } from './support/accounts'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

const LAST_SEND_KEY = 'forgot_password_last_send'

async function openForgot(page: Page, locale: UiLocale) {
  const dialog = await openAuthModal(page, locale)
  await dialog.getByRole('button', { name: tr(locale, 'Forgot password?') }).click()
  return authDialog(page, locale, 'Forgot password')
}

for (const locale of ['zh-TW', 'en'] as UiLocale[]) {
  const T = (message: string) => tr(locale, message)

  test(`forgot password: the mail's link sets a new password that then signs in (${locale})`, async ({ page, request }) => {
    test.slow()
    const member = await createMember(request, { locale })
    await page.goto(pathIn(locale, '/product/list'))
    const forgot = await openForgot(page, locale)
    const before = Date.now()
    await forgot.getByLabel(T('E-mail'), { exact: true }).fill(member.email)
    await forgot.getByRole('button', { name: T('Send'), exact: true }).click()
    await expect(forgot.getByText(T('We have sent a password reset e-mail to:'))).toBeVisible()
    await expect(forgot.getByText(member.email)).toBeVisible()
    await expect(page.getByText(T('The e-mail has been sent'), { exact: true })).toBeVisible()
    await forgot.getByRole('button', { name: T('Confirm') }).click()
    await expect(forgot).toBeHidden()

    const link = await mailLink(member.email, /auth\/reset_password/, { after: before })
    expect(new URL(link).pathname).toBe(pathIn(locale, '/auth/reset_password'))
    await page.goto(link)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: T('Reset password') })).toBeVisible()
    await expect(main.getByLabel(T('E-mail'), { exact: true })).toHaveValue(member.email)
    await main.getByLabel(T('New password'), { exact: true }).fill('genmaicha-99')
    await main.getByLabel(T('Confirm new password'), { exact: true }).fill('genmaicha-99')
    await main.getByRole('button', { name: T('Reset password') }).click()
    await expect(page.getByText(T('Password reset successfully'))).toBeVisible()
    await expect(page).toHaveURL(homeUrl(locale))
    const login = authDialog(page, locale)
    await expect(login.getByLabel(T('E-mail'), { exact: true })).toHaveValue(member.email)
    await login.getByRole('button', { name: T('Close') }).click()

    // the link works once
    await page.goto(link)
    await main.getByLabel(T('New password'), { exact: true }).fill('genmaicha-00')
    await main.getByLabel(T('Confirm new password'), { exact: true }).fill('genmaicha-00')
    await main.getByRole('button', { name: T('Reset password') }).click()
    await expect(main.getByRole('alert')).toHaveText(T('This password reset link is not valid. It may have been used already; please ask for a new one.'))
    await expect(page.getByText(T('Password setting failed'))).toBeVisible()

    await openAuthModal(page, locale)
    await submitLogin(page, locale, { email: member.email, password: 'genmaicha-99' })
    await expect(memberMenuButton(page, locale)).toBeVisible()
  })
}

test('an expired reset link says so and returns home after 5 seconds', async ({ page }) => {
  await page.route('**/api/v1/reset_password', (route) =>
    route.fulfill({ status: 400, json: { error: { code: 'RESET_LINK_EXPIRED', message: 'The password reset link has expired.', detail: {} } } }),
  )
  await page.goto('/en/auth/reset_password?token=expired-token&email=mei%40ex.tw')
  const main = page.getByRole('main')
  await main.getByLabel('New password', { exact: true }).fill('genmaicha-99')
  await main.getByLabel('Confirm new password', { exact: true }).fill('genmaicha-99')
  const sent = Date.now()
  await main.getByRole('button', { name: 'Reset password' }).click()
  await expect(main.getByRole('alert')).toHaveText('The password reset link has expired, and you will return to the homepage in 5 seconds')
  await expect(page).toHaveURL(homeUrl('en'), { timeout: 9_000 })
  expect(Date.now() - sent).toBeGreaterThanOrEqual(4_500)
})

test.describe('the 30-second cooldown between reset mails', () => {
  test('counts down, reminds, survives a reload and then resends with the resend message (zh-TW)', async ({ page, request }) => {
    test.setTimeout(120_000)
    const T = (message: string) => tr('zh-TW', message)
    const member = await createMember(request, { locale: 'zh-TW' })
    await page.goto('/product/list')
    let forgot = await openForgot(page, 'zh-TW')
    await forgot.getByLabel(T('E-mail'), { exact: true }).fill(member.email)
    await forgot.getByRole('button', { name: T('Send'), exact: true }).click()
    await expect(forgot.getByText(member.email)).toBeVisible()

    // the resend link is disabled while a countdown runs, ticking every second
    const resend = forgot.getByRole('button', { name: /重新寄送/ })
    await expect(resend).toBeDisabled()
    const seconds = async () => Number((await resend.textContent())?.match(/(\d+)/)?.[1])
    const first = await seconds()
    expect(first).toBeGreaterThanOrEqual(28)
    expect(first).toBeLessThanOrEqual(30)
    await expect.poll(seconds, { timeout: 4_000 }).toBeLessThanOrEqual(first - 2)

    // reopened within the cooldown: the dialog starts on login; the forgot view reminds and counts down
    await forgot.getByRole('button', { name: T('Confirm') }).click()
    forgot = await openForgot(page, 'zh-TW')
    const reminder = forgot.getByRole('alert')
    const submit = forgot.getByRole('button', { name: /送出/ })
    await expect(reminder).toHaveText(T('Please wait 30 seconds before asking for another e-mail.'))
    await expect(submit).toBeDisabled()
    await expect(submit).toHaveText(/送出（\d+ 秒）/)

    // a reload recomputes it from the stored time
    await page.reload()
    forgot = await openForgot(page, 'zh-TW')
    await expect(forgot.getByRole('alert')).toBeVisible()
    await expect(forgot.getByRole('button', { name: /送出/ })).toBeDisabled()

    // once 30 seconds have passed the form sends again
    await expect(forgot.getByRole('button', { name: T('Send'), exact: true })).toBeEnabled({ timeout: 35_000 })
    await forgot.getByLabel(T('E-mail'), { exact: true }).fill(member.email)
    await forgot.getByRole('button', { name: T('Send'), exact: true }).click()
    await expect(forgot.getByText(T('We have sent a password reset e-mail to:'))).toBeVisible()

    // and the resend link re-posts after the next 30 seconds, changing the message
    const again = forgot.getByRole('button', { name: T('Resend'), exact: true })
    await expect(again).toBeEnabled({ timeout: 35_000 })
    const before = Date.now()
    await again.click()
    await expect(forgot.getByText(T('We have sent the password reset e-mail again to:'))).toBeVisible()
    await expect(forgot.getByText(member.email)).toBeVisible()
    await expect(forgot.getByRole('button', { name: /重新寄送（\d+ 秒）/ })).toBeDisabled()
    await mailLink(member.email, /auth\/reset_password/, { after: before })
  })

  test('on opening, the reminder follows the stored send time: shown up to 32 s, sending allowed from 30 s', async ({ page }) => {
    // the page's clock stands still, so "31 s ago" is still 31 s ago when the form opens
    const now = Date.parse('2026-11-21T10:00:00Z')
    await page.clock.install({ time: now - 60_000 })
    await page.goto('/en/product/list')
    // timers stop with the clock: let the page finish loading first
    await expect(header(page).getByRole('button', { name: 'Log in/Sign up' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
    // the sign-in dialog's code loads when it first opens: open it once while timers still run
    const warm = await openAuthModal(page, 'en')
    await warm.getByRole('button', { name: 'Close' }).click()
    await expect(warm).toBeHidden()
    await page.clock.pauseAt(now)
    const lastSend = (msAgo: number) => page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [LAST_SEND_KEY, String(now - msAgo)])
    await lastSend(31_000)
    let forgot = await openForgot(page, 'en')
    await expect(forgot.getByRole('alert')).toHaveText('Please wait 30 seconds before asking for another e-mail.')
    await expect(forgot.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()
    await forgot.getByRole('button', { name: 'Close' }).click()

    await lastSend(33_000)
    forgot = await openForgot(page, 'en')
    await expect(forgot.getByLabel('E-mail', { exact: true })).toBeVisible()
    await expect(forgot.getByRole('alert')).toHaveCount(0)
    await expect(forgot.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()
    await forgot.getByRole('button', { name: 'Close' }).click()

    await lastSend(12_000)
    forgot = await openForgot(page, 'en')
    await expect(forgot.getByRole('alert')).toBeVisible()
    await expect(forgot.getByRole('button', { name: 'Send (18 s)' })).toBeDisabled()
    // the countdown ticks every second
    await page.clock.runFor(3_000)
    await expect(forgot.getByRole('button', { name: 'Send (15 s)' })).toBeDisabled()
    await page.clock.runFor(15_000)
    await expect(forgot.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()
    await expect(forgot.getByRole('alert')).toBeVisible()
    await page.clock.runFor(3_000)
    await expect(forgot.getByRole('alert')).toHaveCount(0)
  })

  test('submitting during the cooldown shows the reminder and the remaining seconds', async ({ page }) => {
    await page.goto('/en/product/list')
    // a mail was asked for 40 s ago in another visit: no reminder on opening...
    await page.evaluate(([key]) => localStorage.setItem(key!, String(Date.now() - 40_000)), [LAST_SEND_KEY])
    const forgot = await openForgot(page, 'en')
    await expect(forgot.getByRole('alert')).toHaveCount(0)
    // ...then another tab sends one: this one's submit is refused locally with a countdown
    await page.evaluate(([key]) => localStorage.setItem(key!, String(Date.now() - 10_000)), [LAST_SEND_KEY])
    await page.reload()
    const reopened = await openForgot(page, 'en')
    await expect(reopened.getByRole('button', { name: /Send \(\d+ s\)/ })).toBeDisabled()
    const remaining = Number((await reopened.getByRole('button', { name: /Send \(/ }).textContent())?.match(/\d+/)?.[0])
    expect(remaining).toBeGreaterThanOrEqual(18)
    expect(remaining).toBeLessThanOrEqual(20)
  })
})
