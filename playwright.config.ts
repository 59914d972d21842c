import { spawnSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chosenBuild, shopNodeArgs } from './scripts/lib/server-command'
import { HEADLESS_SHELL, shellMissing } from './tests/e2e/support/browsers'
import { lineEnv } from './tests/e2e/support/line-provider'

// E2E_PORT / E2E_OIDC_PORT let two runs share a machine
const PORT = Number(process.env.E2E_PORT ?? 8181)
/** the local OpenID provider standing in for Google (tests/e2e/support/oidc-provider.ts) */
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 8182)
process.env.E2E_OIDC_PORT = String(OIDC_PORT)
/** the local LINE Login stand-in (tests/e2e/support/line-provider.ts) */
const LINE_PORT = Number(process.env.E2E_LINE_PORT ?? OIDC_PORT + 10)
process.env.E2E_LINE_PORT = String(LINE_PORT)
/** a second shop whose build the update spec replaces (tests/e2e/support/release-shop.ts) */
const RELEASE_PORT = Number(process.env.E2E_RELEASE_PORT ?? PORT + 2)
process.env.E2E_RELEASE_PORT = String(RELEASE_PORT)
/** Set E2E_BASE_URL to run the specs against a server you started yourself (no webServer then). */
const externalBaseUrl = process.env.E2E_BASE_URL
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${PORT}`
// A fresh data directory per run: the server creates, migrates and seeds it on start. Workers load
// this file again, so the first evaluation's choice is handed down through the environment; the
// specs read mails from E2E_DATA_DIR/outbox.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `souvenir-shop-e2e-${Date.now()}`)
process.env.E2E_DATA_DIR = dataDir
process.env.E2E_RELEASE_PUBLIC_DIR = `${dataDir}-release-public`

/** the shop on Postgres (tests/e2e/support/postgres-shop.ts), for the journeys that also run there */
const POSTGRES_PORT = Number(process.env.E2E_POSTGRES_PORT ?? PORT + 3)
process.env.E2E_POSTGRES_PORT = String(POSTGRES_PORT)
/**
 * Whether the local Postgres answers (asked once, by the first evaluation of this file): as the API
 * suite does, the end-to-end journeys run on Postgres too where it does, and say so where it does not.
 */
if (process.env.E2E_POSTGRES === undefined) {
  const probe = spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./scripts/lib/postgres.ts').then(async ({ tryPostgresDatabase, localPostgresUrl }) => { const db = await tryPostgresDatabase(localPostgresUrl().toString(), 'shop_probe'); await db?.drop(); process.exit(db ? 0 : 1) })"], { timeout: 20_000 })
  process.env.E2E_POSTGRES = probe.status === 0 ? '1' : '0'
  if (probe.status !== 0 && !externalBaseUrl) process.stderr.write('[e2e] Postgres at TEST_DATABASE_URL (or 127.0.0.1:5432/test) does not answer: the journeys run on PGlite only\n')
}
const withPostgres = process.env.E2E_POSTGRES === '1' && !externalBaseUrl
const RELEASE_DATA_DIR = `${dataDir}-release`
const POSTGRES_DATA_DIR = `${dataDir}-postgres`
// each server's data folder (its outbox), by address: tests/e2e/kit.ts shopDataDir()
process.env.E2E_DATA_DIRS = JSON.stringify({
  [baseURL]: dataDir,
  [`http://127.0.0.1:${RELEASE_PORT}`]: RELEASE_DATA_DIR,
  [`http://127.0.0.1:${POSTGRES_PORT}`]: POSTGRES_DATA_DIR,
})

/**
 * Specs whose steps never depend on the width (a form in the same dialog, a redirect, an error
 * page, a mail's link, a page read offline, the catalogue pages' content) run at phone width only,
 * the width most shoppers use. At desktop width run the specs that exercise its own layout and
 * navigation (header, side panels, cart, checkout, member area, search, favourites) and the
 * accessibility checks. The suite has to fit the time a change may take to test on a 2-core machine.
 */
const ONE_WIDTH = [
  'account-journey',
  'auth-modal',
  'cookie-banner',
  'errors',
  'guards',
  'home',
  'line',
  'locale-routing',
  'offline',
  'password-recovery',
  'pickup',
  'product-detail',
  'product-list',
  'referral',
  'referral-coupons',
  'reviews',
  'server-pages',
  'social-sign-in',
  'store-map',
  'subscribe',
  'system-notifications',
  'web-manifest',
].map((name) => `${name}.spec.ts`)

/**
 * The journeys a returning shopper makes (every second visit, and the installed app): run again at
 * phone width with the service worker installed by a first visit and controlling every page.
 */
const RETURNING = ['account-journey', 'cart', 'checkout', 'notifications', 'offline', 'offline-cart', 'pickup', 'returning-shopper', 'search', 'subscribe'].map((name) => `${name}.spec.ts`)
/**
 * Of those specs, the journeys (browse and search, the cart in two tabs and after a reload, paying
 * and finding the order, a decline and pay again, convenience-store pick-up through the chain's map,
 * the snack box and its portal, a notification on
 * the open page, offline browsing and an offline cart change, sign-out, the update prompt), in
 * zh-TW, en and ja: the suite has to fit its time. (The offline specs allow the worker in every
 * project: their own first visit installs it.)
 */
const RETURNING_JOURNEYS = new RegExp(
  [
    'submits to /product/search',
    'an added product is in the header dropdown',
    'two open tabs show the same cart',
    'a member pays',
    'a declined card',
    'a shipped order is announced',
    'a shopper picks a store on the map, pays cash on pick-up .* \\(en\\)',
    'pages seen online open offline after a reload, with their pictures \\(en\\)',
    'a member’s cart changed offline reaches the server once',
    'sign out \\(en\\)',
    'a new release reaches a returning shopper',
  ].join('|'),
)

/**
 * The shops run what `npm start` runs, the compiled server, when dist-api/ holds a build of the
 * current sources (`npm test` builds it), else server/main.ts through tsx; SHOP_SERVER=source or
 * compiled decides (scripts/lib/server-command.ts). Chosen once and handed down, as the data folder.
 */
if (shellMissing && !process.env.E2E_SHELL_NOTED) {
  process.env.E2E_SHELL_NOTED = '1'
  process.stderr.write('[e2e] Debian package chromium-headless-shell is not installed (npm test installs it): every test runs in Chromium itself, more slowly\n')
}
if (!process.env.SHOP_SERVER) {
  process.env.SHOP_SERVER = chosenBuild()
  if (process.env.SHOP_SERVER === 'source') process.stderr.write('[e2e] dist-api/ is not built from the current sources (npm run build:api): the shops run server/main.ts through tsx\n')
}

/** A shop's environment on `port` with its own data folder: Google sign-in against the local provider, Facebook unconfigured (not offered). */
const shopEnv = (port: number, dataDir: string, more: Record<string, string> = {}) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  GOOGLE_CLIENT_ID: 'e2e',
  GOOGLE_CLIENT_SECRET: 'e2e',
  GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
  // every test signs in from 127.0.0.1: the per-address limit would trip long before a real shopper's
  AUTH_RATE_LIMIT: '1000',
  ...lineEnv({ url: `http://127.0.0.1:${LINE_PORT}`, issuer: `http://127.0.0.1:${LINE_PORT}` }),
  LINE_BOT_PROMPT: 'normal',
  ...more,
})

/** a phone's layout at 1 device pixel per CSS pixel: the Pixel 5's 2.75 made every frame 7.5 times the pixels to draw */
const PHONE = { ...devices['Pixel 5'], viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true }

export default defineConfig<{ returning: boolean }>({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // a failure is retried once, with a trace, everywhere `npm test` runs; a test that passes only on its
  // retry is counted as flaky in the closing line, so it stays visible
  retries: 1,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    // A service worker installs and precaches the whole shell in every new context; only the specs
    // about offline use, updates and installing need it (they allow it), the rest run without.
    serviceWorkers: 'block',
    // recording a trace costs every test CPU; a failure is retried once, with a trace
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Chromium's headless shell; the specs that show system notifications ask for Chromium itself
    launchOptions: HEADLESS_SHELL,
  },
  projects: [
    {
      name: 'phone',
      testIgnore: ['returning-shopper.spec.ts'],
      use: PHONE,
    },
    {
      name: 'returning',
      testMatch: RETURNING,
      grep: RETURNING_JOURNEYS,
      // the first visit (the worker installed, the shell precached) is part of each test
      timeout: 45_000,
      use: { ...PHONE, serviceWorkers: 'allow', returning: true },
    },
    ...(withPostgres
      ? [
          {
            // the payment journeys (checkout, a decline and pay again, a double click, the snack box) on Postgres, as a returning shopper
            name: 'postgres',
            testMatch: ['checkout.spec.ts', 'subscribe.spec.ts'],
            timeout: 45_000,
            grep: /a member pays|a declined card|a double click/,
            use: { ...PHONE, serviceWorkers: 'allow' as const, returning: true, baseURL: `http://127.0.0.1:${POSTGRES_PORT}` },
          },
        ]
      : []),
    {
      name: 'desktop',
      testIgnore: [...ONE_WIDTH, 'returning-shopper.spec.ts'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : [
        {
          command: 'node --import tsx tests/e2e/support/oidc-provider.ts',
          url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
          env: { OIDC_PORT: String(OIDC_PORT) },
          reuseExistingServer: false,
          timeout: 60_000,
          stdout: 'pipe',
          stderr: 'pipe',
        },
        {
          command: 'node --import tsx tests/e2e/support/line-provider.ts',
          // the authorization page answers 400 without a sign-in's parameters: it is up
          url: `http://127.0.0.1:${LINE_PORT}/oauth2/v2.1/authorize`,
          env: { LINE_PORT: String(LINE_PORT) },
          reuseExistingServer: false,
          timeout: 60_000,
          stdout: 'pipe',
          stderr: 'pipe',
        },
        {
          command: `node ${shopNodeArgs().join(' ')}`,
          url: `http://127.0.0.1:${PORT}/api/v1/health`,
          env: shopEnv(PORT, dataDir),
          reuseExistingServer: false,
          timeout: 120_000,
          stdout: 'pipe',
          stderr: 'pipe',
        },
        {
          command: 'node --import tsx tests/e2e/support/release-shop.ts',
          url: `http://127.0.0.1:${RELEASE_PORT}/api/v1/health`,
          env: shopEnv(RELEASE_PORT, RELEASE_DATA_DIR, { PUBLIC_DIR: `${dataDir}-release-public` }),
          reuseExistingServer: false,
          timeout: 120_000,
          stdout: 'pipe',
          stderr: 'pipe',
        },
        ...(withPostgres
          ? [
              {
                command: 'node --import tsx tests/e2e/support/postgres-shop.ts',
                url: `http://127.0.0.1:${POSTGRES_PORT}/api/v1/health`,
                env: shopEnv(POSTGRES_PORT, POSTGRES_DATA_DIR),
                reuseExistingServer: false,
                timeout: 120_000,
                // the wrapper drops its database once the shop has stopped
                gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 25_000 },
                stdout: 'pipe' as const,
                stderr: 'pipe' as const,
              },
            ]
          : []),
      ],
})
