import path from 'node:path'
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { mailsTo, plainTextOf } from '../../../server/lib/outbox-files'
import { expect, header, LOCALE_PATH_PREFIX, shopDataDir, tr, type UiLocale } from '../kit'

/** Browsers log every 4xx answer as a console error; the account specs expect some on purpose. */
export const EXPECTED_API_ERRORS = [/Failed to load resource: the server responded with a status of (400|401|404|409|429)/]

const API_LOCALE: Record<UiLocale, string> = { 'zh-TW': 'zh_tw', en: 'en', ja: 'ja' }

let sequence = 0
/** A new address on every call, short enough for the 28-character sign-in field. */
export function uniqueEmail(tag = 'm'): string {
  sequence++
  return `${tag}${Date.now().toString(36)}${process.pid.toString(36)}${sequence}@ex.tw`.toLowerCase()
}

export interface Member {
  email: string
  password: string
  first_name: string
  last_name: string
}

/** A member created through the API (the register form has its own spec), verified unless asked not to be. */
export async function createMember(request: APIRequestContext, options: { verified?: boolean; locale?: UiLocale; overrides?: Partial<Member> } = {}): Promise<Member> {
  const member: Member = { email: uniqueEmail(), password: 'matcha-2026', first_name: '美玲', last_name: '林', ...options.overrides }
  const response = await request.post('/api/v1/register', {
    data: { ...member, password_confirmation: member.password, phone_number: '0912345678', birthday: '1990-05-17' },
    headers: { 'X-localization': API_LOCALE[options.locale ?? 'en'] },
  })
  expect(response.status(), await response.text()).toBe(201)
  if (options.verified !== false) {
    const link = await mailLink(member.email, /verify_email\/confirm/)
    const url = new URL(link)
    const confirm = await request.get(url.pathname + url.search, { maxRedirects: 0 })
    expect(confirm.status()).toBe(302)
  }
  return member
}

function outboxDir(): string {
  const dataDir = shopDataDir()
  return path.join(dataDir, 'outbox')
}

/**
 * The plain-text part of the newest mail to `address` (waiting for it to be written); with
 * `containing`, the newest whose text matches it (a coupon or order mail may follow a sign-up's).
 */
export async function newestMail(address: string, options: { after?: number; containing?: RegExp } = {}): Promise<string> {
  let found: string | undefined
  await expect
    .poll(
      async () => {
        for (const mail of await mailsTo(outboxDir(), address)) {
          // file names start with the time the mail was written; a second's leeway
          if (options.after !== undefined && !(mail.writtenAt >= options.after - 1000)) return undefined
          const text = plainTextOf(await mail.read())
          if (!options.containing || options.containing.test(text)) {
            found = text
            return mail.name
          }
        }
        return undefined
      },
      { message: `a mail to ${address}`, timeout: 10_000 },
    )
    .toBeTruthy()
  return found!
}

/** The link in the newest mail to `address` that matches `pattern`. */
export async function mailLink(address: string, pattern: RegExp, options: { after?: number } = {}): Promise<string> {
  const text = await newestMail(address, { ...options, containing: pattern })
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => pattern.test(url))
  if (!link) throw new Error(`No link matching ${pattern} in the mail to ${address}:\n${text}`)
  return link
}

/** The text of a Lingui plural message for `count`, read from the catalog (`#` replaced). */
export function trPlural(locale: UiLocale, message: string, count: number): string {
  const source = locale === 'en' ? message : tr(locale, message)
  const branch = (name: string) => source.match(new RegExp(`${name} \\{([^}]*)\\}`))?.[1]
  const text = (count === 1 ? branch('one') : undefined) ?? branch('other') ?? source
  return text.replace(/#/g, String(count))
}

/** `tr` with `{name}` placeholders filled in. */
export function trWith(locale: UiLocale, message: string, values: Record<string, string | number>): string {
  return tr(locale, message).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`))
}

export const pathIn = (locale: UiLocale, pathname: string): string => `${LOCALE_PATH_PREFIX[locale]}${pathname}` || '/'

/** The sign-in dialog (open). */
export const authDialog = (page: Page, locale: UiLocale, title = 'Log in') => page.getByRole('dialog', { name: tr(locale, title) })

export async function openAuthModal(page: Page, locale: UiLocale) {
  await header(page).getByRole('button', { name: tr(locale, 'Log in/Sign up') }).click()
  const dialog = authDialog(page, locale)
  await expect(dialog).toBeVisible()
  return dialog
}

/** Fills and submits the login view of an open sign-in dialog. */
export async function submitLogin(page: Page, locale: UiLocale, member: Pick<Member, 'email' | 'password'>) {
  const dialog = authDialog(page, locale)
  await dialog.getByLabel(tr(locale, 'E-mail'), { exact: true }).fill(member.email)
  await dialog.getByLabel(tr(locale, 'Password'), { exact: true }).fill(member.password)
  await dialog.getByRole('button', { name: tr(locale, 'Log in'), exact: true }).click()
}

/** Signs in through the header's 'Log in/Sign up' and waits until the member menu shows. */
export async function signIn(page: Page, locale: UiLocale, member: Pick<Member, 'email' | 'password'>) {
  await openAuthModal(page, locale)
  await submitLogin(page, locale, member)
  await expect(authDialog(page, locale)).toBeHidden()
  await expect(memberMenuButton(page, locale)).toBeVisible()
}

export const memberMenuButton = (page: Page, locale: UiLocale) => header(page).getByRole('button', { name: new RegExp(tr(locale, 'Member menu')) })

/** Opens the header's member menu and follows one of its entries. */
export async function chooseInMemberMenu(page: Page, locale: UiLocale, entry: string) {
  await memberMenuButton(page, locale).click()
  const item = header(page).getByRole(entry === 'Log out' ? 'button' : 'link', { name: tr(locale, entry), exact: true })
  await item.click()
}

/** Picks who signs in at the local OpenID provider (tests/e2e/support/oidc-provider.ts). */
export async function useGoogleProfile(context: BrowserContext, profile: Record<string, unknown>) {
  await context.addCookies([{ name: 'e2e_oidc_profile', value: encodeURIComponent(JSON.stringify(profile)), url: `http://127.0.0.1:${process.env.E2E_OIDC_PORT ?? 8182}` }])
}

/** Who signs in at the local LINE Login stand-in in this browser (tests/e2e/support/line-provider.ts). */
export async function useLineProfile(context: BrowserContext, profile: Record<string, unknown>) {
  await context.addCookies([{ name: 'e2e_line_profile', value: encodeURIComponent(JSON.stringify(profile)), url: `http://127.0.0.1:${process.env.E2E_LINE_PORT ?? 8192}` }])
}

/** Matches the home page of a language: http://host/ or http://host/en. */
export const homeUrl = (locale: UiLocale): RegExp => new RegExp(`^https?://[^/]+${LOCALE_PATH_PREFIX[locale]}/?$`)

/** Follows an entry of the member area's side menu, unfolding it first on phones. */
export async function chooseInSideMenu(page: Page, locale: UiLocale, entry: string) {
  const menu = page.getByRole('complementary', { name: tr(locale, 'Member area') })
  const toggle = menu.getByRole('button', { name: tr(locale, 'Member menu') })
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
  const nav = menu.getByRole('navigation', { name: tr(locale, 'Member menu') })
  await nav.getByRole(entry === 'Log out' ? 'button' : 'link', { name: tr(locale, entry), exact: true }).click()
}
