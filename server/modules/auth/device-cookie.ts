import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { Config } from '../../config'
import { DEVICE_TRUST_DAYS } from './sign-in'

/** The device cookie: HttpOnly, sent only to the API, renewed by every sign-in on the device. */
export const DEVICE_COOKIE = 'shop_device'

export const readDeviceCookie = (c: Context) => getCookie(c, DEVICE_COOKIE)

export const writeDeviceCookie = (c: Context, config: Config, token: string) =>
  setCookie(c, DEVICE_COOKIE, token, {
    // the API's base path (server/app.ts API_BASE): pages and static files never carry it
    path: '/api/v1/',
    httpOnly: true,
    secure: config.publicUrl.startsWith('https:'),
    sameSite: 'Lax',
    maxAge: DEVICE_TRUST_DAYS * 86_400,
  })
