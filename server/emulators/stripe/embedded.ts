import type { Hono } from 'hono'
import type { Logger } from '../../lib/logger'
import { WebhookDeliverer } from './deliveries'
import { sandboxCheckoutPages } from './checkout-pages'
import { stripeSandboxRoutes } from './routes'
import { StripeSandbox, type SandboxKeys } from './sandbox'
import { SandboxStore } from './store'

export interface EmbeddedStripe {
  /** Stripe's `/v1` API, to mount at `/v1` */
  routes: Hono
  /** the pages Stripe hosts (Checkout, the customer portal), to mount at `/sandbox-checkout` */
  pages: Hono
  /** opens the journal (if not yet) and starts delivering webhooks */
  start(): Promise<void>
  stop(): Promise<void>
  /** resolves when no webhook is waiting or in flight */
  idle(timeoutMs?: number): Promise<void>
  /** how many objects the sandbox keeps, by kind (a refused call adds none) */
  state(): Promise<{ intents: number; billing: number }>
}

/**
 * The Stripe-compatible sandbox as the shop embeds it: state under `stateDir` (opened on first
 * use, so an app that never takes a payment never touches the disk) and webhooks to `webhookUrl`
 * once started (after the server listens, like the search indexer).
 */
export function embeddedStripe(options: {
  keys: SandboxKeys
  stateDir: string
  webhookUrl: string
  /** the shop's public origin, where hosted pages are linked */
  publicUrl: string
  logger: Logger
  /** browser origins allowed by CORS; none: same-origin pages only */
  allowedOrigins?: readonly string[]
}): EmbeddedStripe {
  let opened: Promise<{ sandbox: StripeSandbox; deliverer: WebhookDeliverer }> | undefined
  const open = () =>
    (opened ??= SandboxStore.open(options.stateDir).then((store) => ({
      sandbox: new StripeSandbox(store, options.keys, options.webhookUrl, options.publicUrl.replace(/\/$/, '')),
      deliverer: new WebhookDeliverer(store, options.webhookUrl, options.keys.webhookSecret, options.logger),
    })))
  let nudge = () => undefined as void
  const routes = stripeSandboxRoutes(async () => (await open()).sandbox, options.logger, () => nudge(), options.allowedOrigins)
  const pages = sandboxCheckoutPages(async () => (await open()).sandbox, () => nudge())
  return {
    routes,
    pages,
    async start() {
      const { deliverer } = await open()
      nudge = () => deliverer.nudge()
      deliverer.start()
    },
    async stop() {
      if (!opened) return
      const { deliverer, sandbox } = await opened
      await deliverer.stop()
      await sandbox.store.close()
    },
    async state() {
      const { store } = (await open()).sandbox
      return { intents: store.intents.size, billing: store.billing.size }
    },
    async idle(timeoutMs) {
      if (opened) await (await opened).deliverer.idle(timeoutMs)
    },
  }
}
