import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

/**
 * The browsers the end-to-end tests run in, both from Debian's packages (`npm test` installs them).
 *
 * Most tests run in Chromium's headless shell (package `chromium-headless-shell`): the same engine
 * without the browser's window machinery, whose browser process cost a third of the suite's CPU on
 * a 2-core machine. What the shell lacks, system notifications shown by a service worker, runs in
 * Chromium itself: the specs that need it ask for `FULL_CHROMIUM` with `test.use({ launchOptions })`.
 */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

/** Debian's binary itself: its /usr/bin/chromium wrapper adds flags for desktop use (GPU rasterization in software, extensions) that cost every page CPU. */
export const FULL_CHROMIUM: LaunchOptions = { executablePath: '/usr/lib/chromium/chromium', args: ['--headless', ...ARGS] }

const SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell'

/** The headless shell where it is installed, else Chromium (a run started without `npm test`'s install step). */
export const HEADLESS_SHELL: LaunchOptions = existsSync(SHELL_PATH) ? { executablePath: SHELL_PATH, args: ARGS } : FULL_CHROMIUM

export const shellMissing = HEADLESS_SHELL === FULL_CHROMIUM
