import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'

/**
 * The API answers browsers on the shop's own origin (PUBLIC_URL) and on CORS_ORIGINS only. A
 * request from any other origin gets no `Access-Control-Allow-Origin`, so its page cannot read the
 * answer; same-origin requests (the PWA itself) are not affected by CORS at all.
 */
export const apiCors = (origins: string[]): MiddlewareHandler =>
  cors({
    origin: (origin) => (origins.includes(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['authorization', 'content-type', 'x-localization', 'currency', 'idempotency-key'],
    maxAge: 600,
  })
