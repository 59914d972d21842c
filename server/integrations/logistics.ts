/**
 * Convenience-store pick-up through ECPay's logistics API (綠界物流, B2C): the store map the
 * shopper's browser is sent to, shipments created and queried server to server, and the status
 * reports ECPay posts back, all signed with the merchant's CheckMacValue (MD5). ECPay publishes
 * no Node SDK: this file speaks its documented protocol, the same to ECPay (ECPAY_* set) and to
 * the embedded sandbox (unset), which it mounts under /ecpay-sandbox with keys kept in DATA_DIR.
 */
import path from 'node:path'
import type { Hono } from 'hono'
import type { StoreChain } from '../../contract/logistics'
import type { Config } from '../config'
import { embeddedEcpay, type EmbeddedEcpay, type LogisticsKeys } from '../emulators/ecpay/embedded'
import { checkMacValue, ecpayDate, hasValidMac, parseReply } from '../lib/check-mac-value'
import { AppError } from '../lib/errors'
import { keptSecrets } from '../lib/kept-secrets'
import type { Logger } from '../lib/logger'
import { randomAlphanumeric } from '../lib/secrets'
import { ownHost, type Listening } from './own-address'

export type { LogisticsKeys }

export const SANDBOX_PATH = '/ecpay-sandbox'
/** Where ECPay posts each shipment's status (the shop's own route). */
export const STATUS_REPORT_PATH = '/api/v1/logistics/ecpay/status'

/** ECPay's staging B2C merchant id; the sandbox's keys are its own, made once per DATA_DIR. */
const SANDBOX_MERCHANT_ID = '2000132'
export const freshLogisticsKeys = (): LogisticsKeys => ({ merchantId: SANDBOX_MERCHANT_ID, hashKey: randomAlphanumeric(16), hashIv: randomAlphanumeric(16) })
export const logisticsSandboxKeys = (dataDir: string): Promise<LogisticsKeys> => keptSecrets(dataDir, 'ecpay-sandbox-keys.json', freshLogisticsKeys)

export interface LogisticsSettings {
  keys: LogisticsKeys
  /** where this server calls ECPay (or the sandbox) */
  apiUrl: string
  /** where the shopper's browser opens the store map */
  mapUrl: string
  /** where ECPay (or the sandbox) reports each shipment's status */
  statusUrl: string
  senderName: string
  sandbox: boolean
}

export function logisticsSettings(config: Config, listening: Listening, keys?: LogisticsKeys): LogisticsSettings {
  if (config.ecpay) {
    const { logisticsUrl, ...own } = config.ecpay
    const base = logisticsUrl.replace(/\/$/, '')
    return { keys: own, apiUrl: base, mapUrl: `${base}/Express/map`, statusUrl: `${config.publicUrl}${STATUS_REPORT_PATH}`, senderName: config.ecpaySenderName, sandbox: false }
  }
  const own = `http://${ownHost(listening)}:${listening.port}`
  return {
    keys: keys ?? freshLogisticsKeys(),
    apiUrl: `${own}${SANDBOX_PATH}`,
    mapUrl: `${config.publicUrl}${SANDBOX_PATH}/Express/map`,
    statusUrl: `${own}${STATUS_REPORT_PATH}`,
    senderName: config.ecpaySenderName,
    sandbox: true,
  }
}

/** ECPay checks a call's TimeStamp against its own clock (within 3 minutes): the machine's time, whatever the shop's clock says. */
const ecpayTimeStamp = () => String(Math.floor(Date.now() / 1000))

const unavailable = () => new AppError('LOGISTICS_PROVIDER_UNAVAILABLE', 503, 'The convenience-store delivery service is not answering; please try again in a moment.')

/** ECPay refused a call (`0|message`): the message is ECPay's, for the operator. */
export class LogisticsRefusal extends Error {}

export interface Shipment {
  /** ECPay's AllPayLogisticsID */
  logisticsId: string
  /** the number the store and the shopper know the parcel by (CVSPaymentNo) */
  paymentNo: string
  validationNo: string
  status: number
}

export interface ShipmentInput {
  /** the shop's MerchantTradeNo: letters and digits, 20 at most, once per shipment */
  tradeNo: string
  chain: StoreChain
  storeId: string
  goodsAmount: number
  /** cash to collect at the store (0: paid already) */
  collect: number
  goodsName: string
  receiverName: string
  receiverCellPhone: string
  receiverEmail?: string
  at: Date
}

/** The shop's side of ECPay's logistics protocol. */
export class LogisticsClient {
  constructor(
    readonly settings: LogisticsSettings,
    private readonly logger: Logger,
  ) {}

  /** The form the shopper's browser posts to open the store map; the store picked comes back to `replyUrl`. */
  mapForm(input: { tradeNo: string; chain: StoreChain; collect: boolean; replyUrl: string; extra?: string; phone?: boolean }): { action: string; fields: Record<string, string> } {
    return {
      action: this.settings.mapUrl,
      fields: {
        MerchantID: this.settings.keys.merchantId,
        MerchantTradeNo: input.tradeNo,
        LogisticsType: 'CVS',
        LogisticsSubType: input.chain,
        IsCollection: input.collect ? 'Y' : 'N',
        ServerReplyURL: input.replyUrl,
        ExtraData: input.extra ?? '',
        // left out unless known: 7-ELEVEN's map then tells a phone from a computer itself
        ...(input.phone === undefined ? {} : { Device: input.phone ? '1' : '0' }),
      },
    }
  }

  private async call(path: string, fields: Record<string, string>): Promise<string> {
    const signed = { ...fields, CheckMacValue: checkMacValue(fields, this.settings.keys) }
    let response: Response
    try {
      response = await fetch(`${this.settings.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signed).toString(),
        signal: AbortSignal.timeout(10_000),
      })
    } catch (error) {
      this.logger.warn(`ecpay: ${path} failed`, { error: (error as Error).message })
      throw unavailable()
    }
    if (response.status >= 500 || response.status === 403 || response.status === 429) {
      this.logger.warn(`ecpay: ${path} answered ${response.status}`)
      throw unavailable()
    }
    return (await response.text()).trim()
  }

  /** `/Express/Create`: the shipment to the store, as ECPay recorded it (its answer's signature checked). */
  async createShipment(input: ShipmentInput): Promise<Shipment> {
    const answer = parseReply(
      await this.call('/Express/Create', {
        MerchantID: this.settings.keys.merchantId,
        MerchantTradeNo: input.tradeNo,
        MerchantTradeDate: ecpayDate(input.at),
        LogisticsType: 'CVS',
        LogisticsSubType: input.chain,
        GoodsAmount: String(input.goodsAmount),
        IsCollection: input.collect > 0 ? 'Y' : 'N',
        ...(input.collect > 0 ? { CollectionAmount: String(input.collect) } : {}),
        GoodsName: input.goodsName,
        SenderName: this.settings.senderName,
        ReceiverName: input.receiverName,
        ReceiverCellPhone: input.receiverCellPhone,
        ReceiverEmail: input.receiverEmail ?? '',
        ServerReplyURL: this.settings.statusUrl,
        ReceiverStoreID: input.storeId,
      }),
    )
    if (!answer.ok) throw new LogisticsRefusal(answer.message)
    if (!this.isSigned(answer.fields)) throw new LogisticsRefusal('the answer to Create is not signed with the merchant’s keys')
    return { logisticsId: answer.fields.AllPayLogisticsID!, paymentNo: answer.fields.CVSPaymentNo ?? '', validationNo: answer.fields.CVSValidationNo ?? '', status: Number(answer.fields.RtnCode) }
  }

  /**
   * `/Helper/QueryLogisticsTradeInfo/V2`: the shipment's status now (to reconcile when reports
   * stall), by its AllPayLogisticsID, or by the shop's MerchantTradeNo (a shipment created while
   * the shop's own record of it was lost).
   */
  async query(ref: { logisticsId: string } | { tradeNo: string }): Promise<{ status: number; fields: Record<string, string> }> {
    const by: Record<string, string> = 'logisticsId' in ref ? { AllPayLogisticsID: ref.logisticsId } : { MerchantTradeNo: ref.tradeNo }
    const text = await this.call('/Helper/QueryLogisticsTradeInfo/V2', { MerchantID: this.settings.keys.merchantId, ...by, TimeStamp: ecpayTimeStamp() })
    if (text.startsWith('0|')) throw new LogisticsRefusal(text.slice(2))
    const fields = Object.fromEntries(new URLSearchParams(text.replaceAll('+', '%2B')))
    if (!this.isSigned(fields)) throw new LogisticsRefusal('the answer to the query is not signed with the merchant’s keys')
    return { status: Number(fields.LogisticsStatus), fields }
  }

  /** `/Helper/UpdateShipmentInfo`: another store of the chain for a parcel whose store closed. */
  async changeStore(logisticsId: string, storeId: string): Promise<void> {
    const text = await this.call('/Helper/UpdateShipmentInfo', { MerchantID: this.settings.keys.merchantId, AllPayLogisticsID: logisticsId, ReceiverStoreID: storeId })
    if (text !== '1|OK') throw new LogisticsRefusal(text.replace(/^0\|/, ''))
  }

  /** The sandbox's operator control: the parcel moves on (shipped, arrived, picked_up, not_picked_up, store_closed). */
  async advance(logisticsId: string, step: string): Promise<void> {
    if (!this.settings.sandbox) throw new LogisticsRefusal('only the sandbox moves parcels on its own; ECPay reports what the stores do')
    const text = await this.call('/Sandbox/Advance', { MerchantID: this.settings.keys.merchantId, AllPayLogisticsID: logisticsId, Step: step, TimeStamp: ecpayTimeStamp() })
    if (text !== '1|OK') throw new LogisticsRefusal(text.replace(/^0\|/, ''))
  }

  /** A status report or an answer from ECPay: signed with the merchant's keys, for the merchant. */
  isSigned(fields: Record<string, string>): boolean {
    return hasValidMac(fields, this.settings.keys) && fields.MerchantID === this.settings.keys.merchantId
  }
}

export interface LogisticsIntegration {
  client: LogisticsClient
  /** the sandbox's routes, to mount at SANDBOX_PATH; none with ECPay */
  routes?: { path: string; routes: Hono }
  sandbox?: EmbeddedEcpay
}

export function logisticsIntegration(config: Config, listening: Listening, options: { keys?: LogisticsKeys; logger: Logger }): LogisticsIntegration {
  const settings = logisticsSettings(config, listening, options.keys)
  const client = new LogisticsClient(settings, options.logger)
  if (!settings.sandbox) return { client }
  const sandbox = embeddedEcpay({ keys: settings.keys, stateDir: path.join(config.dataDir, 'ecpay-sandbox'), logger: options.logger })
  return { client, sandbox, routes: { path: SANDBOX_PATH, routes: sandbox.routes } }
}
