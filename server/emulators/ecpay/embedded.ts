import type { Hono } from 'hono'
import type { Logger } from '../../lib/logger'
import { CallbackSender } from './callbacks'
import { ecpaySandboxRoutes } from './routes'
import { LogisticsSandbox, type LogisticsKeys } from './sandbox'

export type { LogisticsKeys }

export interface EmbeddedEcpay {
  /** ECPay's logistics API and store map, to mount at the base address the shop is given */
  routes: Hono
  /** opens the journal (if not yet) and starts reporting statuses */
  start(): Promise<void>
  stop(): Promise<void>
  /** resolves when no status report is waiting or in flight */
  idle(timeoutMs?: number): Promise<void>
  /** how many shipments the sandbox keeps (a refused call adds none) */
  state(): Promise<{ shipments: number }>
}

/**
 * The ECPay-compatible logistics sandbox as the shop embeds it: state under `stateDir` (opened on
 * first use) and status reports to each shipment's ServerReplyURL once started.
 */
export function embeddedEcpay(options: { keys: LogisticsKeys; stateDir: string; logger: Logger }): EmbeddedEcpay {
  let opened: Promise<{ sandbox: LogisticsSandbox; sender: CallbackSender }> | undefined
  const open = () =>
    (opened ??= LogisticsSandbox.open(options.keys, options.stateDir).then((sandbox) => ({ sandbox, sender: new CallbackSender(sandbox, options.logger) })))
  let nudge = () => undefined as void
  return {
    routes: ecpaySandboxRoutes(async () => (await open()).sandbox, () => nudge()),
    async start() {
      const { sender } = await open()
      nudge = () => sender.nudge()
      sender.start()
    },
    async stop() {
      if (!opened) return
      const { sender, sandbox } = await opened
      await sender.stop()
      await sandbox.close()
    },
    async state() {
      return { shipments: (await open()).sandbox.shipments.size }
    },
    async idle(timeoutMs) {
      if (opened) await (await opened).sender.idle(timeoutMs)
    },
  }
}
