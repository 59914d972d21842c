import { expect, lookAt, test, tr } from './kit'
import { authDialog, createMember, EXPECTED_API_ERRORS, mailLink, openAuthModal, signIn, submitLogin, uniqueEmail } from './support/accounts'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

test('the referral section shares a link; a friend who signs up through it is listed (en)', async ({ page, request, browser, baseURL, isMobile }) => {
  test.slow()
  const member = await createMember(request, { locale: 'en' })
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/en')
  await signIn(page, 'en', member)
  await page.goto('/en/user/referrer')
  const main = page.getByRole('main')
  const code = (await main.getByText(/^[A-Z0-9]{6,}$/).first().textContent())!.trim()
  await expect(main.getByText('No one has joined with your code yet. Share your link to invite friends.')).toBeVisible()
  await main.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByText('Link copied')).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toBe(`${baseURL}/?referrer_code=${code}`)
  await expect(main.getByLabel('Invitation link')).toHaveValue(link)

  // a friend opens the link in their own browser and signs up: the code comes along
  const friend = await browser.newContext({ baseURL, isMobile, viewport: page.viewportSize() ?? undefined })
  await friend.addCookies([{ name: 'gdpr_accepted', value: '1', url: baseURL! }])
  const friendPage = await friend.newPage()
  await friendPage.goto(`/en/?referrer_code=${code}`)
  await expect.poll(async () => (await friend.cookies()).find((c) => c.name === 'referrer_code')?.value).toBe(code)
  const dialog = await openAuthModal(friendPage, 'en')
  await dialog.getByRole('button', { name: 'Create an account' }).click()
  const register = authDialog(friendPage, 'en', 'Sign up')
  await expect(register.getByLabel('Referral code (optional)')).toHaveValue(code)
  await register.getByLabel('First name', { exact: true }).fill('Ken')
  await register.getByLabel('Last name', { exact: true }).fill('Sato')
  await register.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('f'))
  await register.getByLabel('Password', { exact: true }).fill('sencha-2026')
  await register.getByLabel('Confirm password', { exact: true }).fill('sencha-2026')
  await register.getByRole('button', { name: 'Sign up', exact: true }).click()
  await expect(register.getByText('We have sent a verification e-mail to:')).toBeVisible()
  await friend.close()

  await page.reload()
  // names are masked for the referrer
  await expect(main.getByRole('list', { name: 'People who joined' }).getByRole('listitem').filter({ hasText: 'K***o' })).toContainText('Joined')
  await expect(main.getByText('1 person')).toBeVisible()
})

test('a member whose e-mail is not verified is reminded after signing in and can ask for a link (zh-TW)', async ({ page, request }) => {
  const T = (message: string) => tr('zh-TW', message)
  const member = await createMember(request, { verified: false, locale: 'zh-TW' })
  await page.goto('/')
  await openAuthModal(page, 'zh-TW')
  await submitLogin(page, 'zh-TW', member)
  const verify = page.getByRole('dialog', { name: T('Verify e-mail') })
  await expect(verify).toBeVisible()
  await verify.getByRole('link', { name: T('Verify it in my info') }).click()
  await expect(page).toHaveURL(/\/user\/info$/)
  await expect(verify).toBeHidden()
  const info = page.getByRole('main').getByRole('region', { name: T('My info') })
  await expect(info.getByText(T('E-mail not verified'))).toBeVisible()
  await info.getByRole('button', { name: T('Send verification e-mail') }).click()
  // the registration mail went out moments ago, so the server may ask to wait; either way the member hears back
  await expect(page.getByText(T('Verification e-mail sent. Please check your inbox.')).or(page.getByText(T('The verification e-mail could not be sent')))).toBeVisible()
})

test('the side menu collapses and its sections are reachable (en)', async ({ page, request, isMobile }) => {
  const member = await createMember(request, { locale: 'en' })
  await page.goto('/en')
  await signIn(page, 'en', member)
  await page.goto('/en/user/info')
  const menu = page.getByRole('complementary', { name: 'Member area' })
  const toggle = menu.getByRole('button', { name: 'Member menu' })
  const nav = menu.getByRole('navigation', { name: 'Member menu' })
  // open on desktops, folded on phones
  await expect(toggle).toHaveAttribute('aria-expanded', isMobile ? 'false' : 'true')
  if (isMobile) await toggle.click()
  await nav.getByRole('link', { name: 'Referral' }).click()
  await expect(page).toHaveURL(/\/en\/user\/referrer$/)
  if (isMobile) await toggle.click()
  await nav.getByRole('link', { name: 'Change password' }).click()
  await expect(page).toHaveURL(/\/en\/user\/reset_password$/)
  // phones fold the menu once a section is chosen
  if (!isMobile) await toggle.click()
  await expect(nav).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await nav.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/en$/)
  await expect(page.getByText('You have logged out')).toBeVisible()
})

/** The header's member menu: the member area's sections in the side menu's order, then log out. */
const MEMBER_MENU = ['My info', 'Address book', 'My favourites', 'My orders', 'My snack box', 'Reviews', 'Messages', 'Notification settings', 'My coupons', 'Referral', 'Log out']

for (const locale of ['zh-TW', 'en', 'ja'] as const) {
  const T = (message: string) => tr(locale, message)
  const prefix = locale === 'zh-TW' ? '' : `/${locale}`

  test(`the header member menu lists the address book and the coupon wallet and works with the keyboard (${locale})`, async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'keyboard use is a desktop concern; phones use the dock')
    const member = await createMember(request, { locale })
    await page.goto(prefix || '/')
    await signIn(page, locale, member)
    const banner = page.getByRole('banner')
    const button = banner.getByRole('button', { name: new RegExp(T('Member menu')) })
    await button.focus()
    await page.keyboard.press('ArrowDown')
    await expect(banner.getByRole('link', { name: T('My info') })).toBeFocused()
    await expect(banner.getByRole('listitem')).toHaveText(MEMBER_MENU.map(T))
    await lookAt(page, `member-menu-${locale}-1440`)
    await page.keyboard.press('ArrowDown')
    await expect(banner.getByRole('link', { name: T('Address book') })).toBeFocused()
    await page.keyboard.press('End')
    await expect(banner.getByRole('button', { name: T('Log out') })).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    await expect(banner.getByRole('link', { name: T('My coupons') })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${prefix}/user/coupon$`))
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    // on the page just opened: a key pressed while it mounts its header can be lost (seen on a
    // loaded machine), as a shopper's would be; like a shopper, press it again until the menu opens
    await expect(async () => {
      if ((await button.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape')
      await button.focus()
      await page.keyboard.press('ArrowDown')
      await expect(banner.getByRole('link', { name: T('My info') })).toBeFocused({ timeout: 2_000 })
    }).toPass({ timeout: 15_000 })
    // each key once the menu has answered the one before (a key pressed while the menu opens is lost)
    await page.keyboard.press('ArrowDown')
    await expect(banner.getByRole('link', { name: T('Address book') })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${prefix}/user/address$`))
    await button.focus()
    await page.keyboard.press('Enter')
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(button).toBeFocused()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Enter')
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Home')
    await expect(banner.getByRole('link', { name: T('My info') })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${prefix}/user/info$`))
    // a phone's header keeps the icon; the same menu opens from it
    await page.setViewportSize({ width: 390, height: 844 })
    await button.click()
    await expect(banner.getByRole('listitem')).toHaveText(MEMBER_MENU.map(T))
    await lookAt(page, `member-menu-${locale}-390`)
  })
}

test('the dock offers log in to visitors and the member area to members (phone)', async ({ page, request, isMobile }) => {
  test.skip(!isMobile, 'the dock is for phones and tablets')
  const member = await createMember(request, { locale: 'en' })
  await page.goto('/en/product/list')
  const dock = page.getByRole('navigation', { name: 'Quick navigation' })
  await dock.getByRole('button', { name: 'Log in' }).click()
  await submitLogin(page, 'en', member)
  await expect(authDialog(page, 'en')).toBeHidden()
  await dock.getByRole('link', { name: 'Member' }).click()
  await expect(page).toHaveURL(/\/en\/user\/info$/)
})

const SHOT_WIDTHS = [390, 1440]

for (const locale of ['zh-TW', 'en', 'ja'] as const) {
  const T = (message: string) => tr(locale, message)
  const prefix = locale === 'zh-TW' ? '' : `/${locale}`

  test(`the address book: empty, add, edit, make default, delete after a confirmation, by keyboard (${locale})`, async ({ page, request, isMobile }) => {
    test.slow()
    const member = await createMember(request, { locale })
    await page.goto(`${prefix}/product/list`)
    await signIn(page, locale, member)
    await page.goto(`${prefix}/user/info`)
    const menu = page.getByRole('complementary', { name: T('Member area') })
    if (isMobile) await menu.getByRole('button', { name: T('Member menu') }).click()
    await menu.getByRole('navigation', { name: T('Member menu') }).getByRole('link', { name: T('Address book') }).click()
    await expect(page).toHaveURL(new RegExp(`${prefix}/user/address$`))
    const book = page.getByRole('main').getByRole('region', { name: T('Address book') })
    await expect(book.getByText(T('No saved addresses yet'))).toBeVisible()
    await lookAt(page, `address-empty-${locale}`, { widths: SHOT_WIDTHS, fullPage: true })

    // add the first one: a wrong postal code is said in the shopper's language, then fixed
    await book.getByRole('button', { name: T('Add an address') }).click()
    const form = book.getByRole('form', { name: T('New address') })
    await expect(form.getByLabel(T('Name'), { exact: true })).toBeFocused()
    await form.getByRole('button', { name: T('Save'), exact: true }).click()
    await expect(form.getByLabel(T('Name'), { exact: true })).toHaveAccessibleDescription(T('is required'))
    await expect(form.getByLabel(T('Name'), { exact: true })).toBeFocused()
    await form.getByLabel(T('Name'), { exact: true }).fill('林美玲')
    await form.getByLabel(T('Phone'), { exact: true }).fill('0912-345-678')
    await form.getByLabel(T('County or city'), { exact: true }).selectOption('臺北市')
    await form.getByLabel(T('District'), { exact: true }).selectOption('大安區')
    await expect(form.getByLabel(T('Postal code'), { exact: true })).toHaveValue('106')
    await form.getByLabel(T('Address'), { exact: true }).fill('復興南路一段 100 號')
    await form.getByRole('button', { name: T('Save'), exact: true }).click()
    await expect(page.getByText(T('Address saved'))).toBeVisible()
    const list = book.getByRole('list', { name: T('Saved addresses') })
    const first = list.getByRole('article', { name: /林美玲/ })
    await expect(first).toContainText('0912345678')
    await expect(first).toContainText('106 臺北市大安區復興南路一段 100 號')
    await expect(first.getByText(T('Default'), { exact: true })).toBeVisible()

    // a second one, through the API as checkout would save it
    const token = (await (await request.post('/api/v1/login', { data: member })).json()).data.token as string
    const saved = await request.post('/api/v1/recipient', {
      data: { name: '王小明', phone: '0223456789', zip_code: '300', county: '新竹市', district: '東區', address: '光復路二段 101 號' },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(saved.status()).toBe(201)
    await page.reload()
    const second = list.getByRole('article', { name: /王小明/ })
    await expect(list.getByRole('article')).toHaveCount(2)

    // edit it with the keyboard
    await second.getByRole('button', { name: T('Edit'), exact: true }).focus()
    await page.keyboard.press('Enter')
    const edit = book.getByRole('form', { name: T('Edit address') })
    await expect(edit.getByLabel(T('Name'), { exact: true })).toBeFocused()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('王大明')
    await edit.getByLabel(T('Address'), { exact: true }).fill('光復路二段 202 號')
    await edit.getByLabel(T('Address'), { exact: true }).press('Enter')
    await expect(page.getByText(T('Address saved'))).toBeVisible()
    const renamed = list.getByRole('article', { name: /王大明/ })
    await expect(renamed).toContainText('300 新竹市東區光復路二段 202 號')
    await expect(renamed.getByRole('button', { name: T('Edit'), exact: true })).toBeFocused()

    // make it the default: it moves to the top
    await renamed.getByRole('button', { name: T('Make default') }).click()
    await expect(page.getByText(T('Default address changed'))).toBeVisible()
    await expect(list.getByRole('article').first()).toContainText('王大明')
    await expect(renamed.getByText(T('Default'), { exact: true })).toBeVisible()
    await lookAt(page, `address-list-${locale}`, { widths: SHOT_WIDTHS, fullPage: true })

    // delete asks first; "Keep it" (focused, and Escape) keeps it
    await renamed.getByRole('button', { name: T('Delete'), exact: true }).click()
    const confirm = page.getByRole('dialog', { name: T('Delete this address?') })
    await expect(confirm).toBeVisible()
    await expect(confirm.getByRole('button', { name: T('Keep it') })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(confirm).toBeHidden()
    await expect(list.getByRole('article')).toHaveCount(2)
    await renamed.getByRole('button', { name: T('Delete'), exact: true }).click()
    await confirm.getByRole('button', { name: T('Delete'), exact: true }).click()
    await expect(page.getByText(T('Address deleted'))).toBeVisible()
    await expect(list.getByRole('article')).toHaveCount(1)
    // the default passed to the one left, here and on the server
    await expect(first.getByText(T('Default'), { exact: true })).toBeVisible()
    const left = (await (await request.get('/api/v1/recipient', { headers: { authorization: `Bearer ${token}` } })).json()).data
    expect(left).toMatchObject([{ name: '林美玲', is_default: true }])
    await first.getByRole('button', { name: T('Delete'), exact: true }).click()
    await confirm.getByRole('button', { name: T('Delete'), exact: true }).click()
    await expect(book.getByText(T('No saved addresses yet'))).toBeVisible()
  })
}

test('gender shows as not specified until the member chooses, and can go back to it (en)', async ({ page, request }) => {
  const member = await createMember(request, { locale: 'en' })
  await page.goto('/en/product/list')
  await signIn(page, 'en', member)
  await page.goto('/en/user/info')
  const info = page.getByRole('main').getByRole('region', { name: 'My info' })
  const genderRow = info.locator('.details__row').filter({ has: page.getByText('Gender', { exact: true }) })
  await expect(genderRow).toContainText('Not specified')
  await info.getByRole('button', { name: 'Edit' }).click()
  const gender = info.getByLabel('Gender', { exact: true })
  await expect(gender).toHaveValue('')
  await expect(gender.locator('option:checked')).toHaveText('Not specified')
  await gender.selectOption('FEMALE')
  await info.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(genderRow).toContainText('Female')
  await info.getByRole('button', { name: 'Edit' }).click()
  await info.getByLabel('Gender', { exact: true }).selectOption('')
  await info.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(genderRow).toContainText('Not specified')
})

for (const locale of ['zh-TW', 'en', 'ja'] as const) {
  test(`a verification link followed twice says already verified; a made-up one says invalid (${locale})`, async ({ page, request }) => {
    const T = (message: string) => tr(locale, message)
    const prefix = locale === 'zh-TW' ? '' : `/${locale}`
    const member = await createMember(request, { verified: false, locale })
    const link = new URL(await mailLink(member.email, /verify_email\/confirm/))
    await page.goto(`${prefix}/product/list`)
    await signIn(page, locale, member)
    await page.getByRole('dialog', { name: T('Verify e-mail') }).getByRole('button', { name: T('Confirm'), exact: true }).click()
    await page.goto(link.pathname + link.search)
    await expect(page.getByText(T('Your e-mail has been verified'))).toBeVisible()
    await page.goto(link.pathname + link.search)
    await expect(page.getByText(T('Your e-mail is already verified'))).toBeVisible()
    await expect(page.getByText(T('The verification link is not valid.'))).toHaveCount(0)
    // a link that is no one's: the language the shopper chose in the language menu (its cookie), else zh-TW
    if (locale !== 'zh-TW') await page.context().addCookies([{ name: 'locale', value: locale, url: new URL(page.url()).origin }])
    await page.goto('/api/v1/user/verify_email/confirm?token=made-up-token')
    await expect(page.getByText(T('The verification link is not valid.'))).toBeVisible()
  })
}
