import { randomInt } from 'node:crypto'
import { PICKUP_NAME, PICKUP_PHONE } from '../../../contract/logistics'
import { checkMacValue, ecpayDate, formatReply, hasValidMac, type MacKeys } from '../../lib/check-mac-value'
import { Journal, type JournalState } from '../../lib/journal'
import { NEXT_STEPS, STATUS_CODES, STATUS_MESSAGES, type ParcelStep } from '../../lib/ecpay-statuses'
import { B2C_SUBTYPES, storeOf, type LogisticsSubType } from './stores'

export interface LogisticsKeys extends MacKeys {
  merchantId: string
}

/** A shipment as the sandbox keeps it (ECPay's logistics order). */
export interface Shipment {
  /** AllPayLogisticsID */
  id: string
  merchant_trade_no: string
  sub_type: LogisticsSubType
  goods_amount: number
  is_collection: 'Y' | 'N'
  collection_amount: number
  goods_name: string
  receiver_name: string
  receiver_cell_phone: string
  receiver_email: string
  store_id: string
  server_reply_url: string
  /** CVSPaymentNo / ShipmentNo */
  payment_no: string
  validation_no: string
  trade_date: string
  step: ParcelStep | 'created'
  status: number
  updated: string
}

/** A status report on its way to the shipment's ServerReplyURL. */
export interface Callback {
  id: string
  /** the order the statuses came in: a parcel's reports go in this order */
  seq: number
  url: string
  fields: Record<string, string>
  attempts: number
  /** epoch ms of the next attempt */
  next_attempt_at: number
  last_error: string | null
  /** epoch ms it was first due: ECPay gives up after three days */
  created_at: number
}

export type Op = { k: 's'; v: Shipment } | { k: 'cb'; v: Callback } | { k: 'cb-done'; id: string }

/** Refused input, answered `0|message` as ECPay answers it. */
export class LogisticsError extends Error {}
const refuse = (message: string): never => {
  throw new LogisticsError(message)
}

/** What a goods name may not hold (ECPay's documentation of Create). */
export const GOODS_NAME_FORBIDDEN = /[\^'`!@#%&*+\\"<>|_[\]]/
const TRADE_DATE = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/
const WHOLE = /^\d{1,5}$/

const CREATE_FIELDS = [
  'MerchantID', 'MerchantTradeNo', 'MerchantTradeDate', 'LogisticsType', 'LogisticsSubType', 'GoodsAmount', 'CollectionAmount', 'IsCollection',
  'GoodsName', 'SenderName', 'SenderPhone', 'SenderCellPhone', 'ReceiverName', 'ReceiverPhone', 'ReceiverCellPhone', 'ReceiverEmail', 'TradeDesc',
  'ServerReplyURL', 'ClientReplyURL', 'Remark', 'PlatformID', 'ReceiverStoreID', 'ReturnStoreID', 'CheckMacValue',
]

const amountOf = (value: string | undefined, name: string) => {
  if (value === undefined || !WHOLE.test(value) || Number(value) < 1 || Number(value) > 20_000) refuse(`${name} must be a whole amount from 1 to 20000`)
  return Number(value)
}

export const isReplyUrl = (value: string | undefined): value is string => typeof value === 'string' && value.length <= 200 && /^https?:\/\/[^\s]+$/.test(value)

/**
 * The logistics side of ECPay as the sandbox plays it, for B2C convenience-store pick-up: shipments
 * created and queried as ECPay's API answers them (signed with the merchant's keys), their status
 * reported to the merchant's ServerReplyURL, and an operator's control that moves a parcel on.
 */
export class LogisticsSandbox implements JournalState<Op> {
  readonly shipments = new Map<string, Shipment>()
  readonly callbacks = new Map<string, Callback>()
  private nextSeq = 1
  private journal!: Journal<Op>

  private constructor(
    readonly keys: LogisticsKeys,
    private readonly now: () => Date,
  ) {}

  static async open(keys: LogisticsKeys, stateDir: string | undefined, now: () => Date = () => new Date()) {
    const sandbox = new LogisticsSandbox(keys, now)
    sandbox.journal = await Journal.open(stateDir, sandbox)
    return sandbox
  }

  put(op: Op) {
    if (op.k === 's') this.shipments.set(op.v.id, op.v)
    else if (op.k === 'cb') {
      this.callbacks.set(op.v.id, op.v)
      this.nextSeq = Math.max(this.nextSeq, op.v.seq + 1)
    }
    else this.callbacks.delete(op.id)
  }

  snapshot(): Op[] {
    return [...[...this.shipments.values()].map((v) => ({ k: 's' as const, v })), ...[...this.callbacks.values()].map((v) => ({ k: 'cb' as const, v }))]
  }

  size() {
    return this.shipments.size + this.callbacks.size
  }

  apply(ops: Op[]) {
    this.journal.apply(ops)
  }

  commit() {
    return this.journal.commit()
  }

  close() {
    return this.journal.close()
  }

  /** Signed by the merchant's keys, from the merchant: or refused as ECPay refuses it. */
  private authenticate(fields: Record<string, string>) {
    if (!hasValidMac(fields, this.keys)) refuse('CheckMacValue Error')
    if (fields.MerchantID !== this.keys.merchantId) refuse('MerchantID Error')
  }

  private byNumber(fields: Record<string, string>): Shipment {
    const found = fields.AllPayLogisticsID ? this.shipments.get(fields.AllPayLogisticsID) : [...this.shipments.values()].find((s) => s.merchant_trade_no === fields.MerchantTradeNo)
    return found ?? refuse('找不到訂單資料')
  }

  /** `/Express/Create`: a shipment to a store of the chain; answered `1|…` signed. */
  async create(fields: Record<string, string>): Promise<string> {
    for (const name of Object.keys(fields)) if (!CREATE_FIELDS.includes(name)) refuse(`${name} is not a parameter of this API`)
    this.authenticate(fields)
    const tradeNo = fields.MerchantTradeNo ?? ''
    if (!/^[A-Za-z0-9]{1,20}$/.test(tradeNo)) refuse('MerchantTradeNo must be 1 to 20 letters or digits')
    if ([...this.shipments.values()].some((s) => s.merchant_trade_no === tradeNo)) refuse('MerchantTradeNo is duplicated')
    if (!TRADE_DATE.test(fields.MerchantTradeDate ?? '')) refuse('MerchantTradeDate must be yyyy/MM/dd HH:mm:ss')
    if (fields.LogisticsType !== 'CVS') refuse('LogisticsType must be CVS')
    const subType = fields.LogisticsSubType as LogisticsSubType
    if (!B2C_SUBTYPES.includes(subType)) refuse('LogisticsSubType Error')
    const goodsAmount = amountOf(fields.GoodsAmount, 'GoodsAmount')
    const collect = fields.IsCollection ?? 'N'
    if (collect !== 'Y' && collect !== 'N') return refuse('IsCollection must be Y or N')
    const collectionAmount = collect === 'Y' ? amountOf(fields.CollectionAmount, 'CollectionAmount') : 0
    const goodsName = fields.GoodsName ?? ''
    if ([...goodsName].length > 50 || GOODS_NAME_FORBIDDEN.test(goodsName)) refuse('GoodsName may hold 50 characters, none of ^\'`!@#%&*+\\"<>|_[]')
    if (!PICKUP_NAME.test(fields.SenderName ?? '')) refuse('SenderName must be 2 to 5 Chinese characters or 4 to 10 letters')
    if (!PICKUP_NAME.test(fields.ReceiverName ?? '')) refuse('ReceiverName must be 2 to 5 Chinese characters or 4 to 10 letters')
    if (!PICKUP_PHONE.test(fields.ReceiverCellPhone ?? '')) refuse('ReceiverCellPhone must be 09 and 8 digits')
    if ((fields.ReceiverEmail ?? '').length > 50) refuse('ReceiverEmail may hold 50 characters')
    if (!isReplyUrl(fields.ServerReplyURL)) refuse('ServerReplyURL must be an http(s) address of 200 characters at most')
    if (fields.ReturnStoreID) refuse('ReturnStoreID must be empty for B2C')
    const storeId = fields.ReceiverStoreID ?? ''
    if (!/^[A-Za-z0-9]{1,6}$/.test(storeId) || !storeOf(subType, storeId)) refuse('ReceiverStoreID Error')
    const now = this.now()
    let id: string
    do id = String(randomInt(100_000, 99_999_999))
    while (this.shipments.has(id))
    const shipment: Shipment = {
      id,
      merchant_trade_no: tradeNo,
      sub_type: subType,
      goods_amount: goodsAmount,
      is_collection: collect,
      collection_amount: collectionAmount,
      goods_name: goodsName,
      receiver_name: fields.ReceiverName!,
      receiver_cell_phone: fields.ReceiverCellPhone!,
      receiver_email: fields.ReceiverEmail ?? '',
      store_id: storeId,
      server_reply_url: fields.ServerReplyURL!,
      payment_no: subType === 'UNIMART' ? `F${randomInt(10_000_000, 99_999_999)}` : String(randomInt(10_000_000_000, 99_999_999_999)),
      validation_no: '',
      trade_date: ecpayDate(now),
      step: 'created',
      status: 300,
      updated: ecpayDate(now),
    }
    this.apply([{ k: 's', v: shipment }])
    // the parcel's data goes on to the chain at once
    this.move(shipment, 'uploaded')
    await this.commit()
    return formatReply(this.signed({ ...this.report(shipment), RtnCode: '300', RtnMsg: STATUS_MESSAGES[300]! }))
  }

  /** `/Helper/QueryLogisticsTradeInfo/V2`: the shipment as it is now, by its AllPayLogisticsID (or MerchantTradeNo, as later versions take it). */
  query(fields: Record<string, string>): string {
    this.authenticate(fields)
    const stamp = Number(fields.TimeStamp)
    if (!/^\d{10}$/.test(fields.TimeStamp ?? '') || Math.abs(this.now().getTime() / 1000 - stamp) > 180) refuse('TimeStamp Error')
    const s = this.byNumber(fields)
    const answer = this.signed({
      MerchantID: this.keys.merchantId,
      MerchantTradeNo: s.merchant_trade_no,
      AllPayLogisticsID: s.id,
      GoodsAmount: String(s.goods_amount),
      CollectionAmount: String(s.collection_amount),
      LogisticsType: `CVS_${s.sub_type}`,
      HandlingCharge: '60',
      TradeDate: s.trade_date,
      LogisticsStatus: String(s.status),
      GoodsName: s.goods_name,
      ShipmentNo: s.payment_no,
      BookingNote: '',
    })
    return Object.entries(answer)
      .map(([name, value]) => `${name}=${value}`)
      .join('&')
  }

  /** `/Helper/UpdateShipmentInfo`: another store of the chain for a parcel whose store closed; answered `1|OK`. */
  async changeStore(fields: Record<string, string>): Promise<string> {
    this.authenticate(fields)
    const s = this.byNumber(fields)
    if (s.step !== 'store_closed') refuse('The store can be changed only after the store closed')
    const storeId = fields.ReceiverStoreID ?? ''
    if (!storeOf(s.sub_type, storeId)) refuse('ReceiverStoreID Error')
    this.move({ ...s, store_id: storeId }, 'store_changed')
    await this.commit()
    return '1|OK'
  }

  /** The sandbox's operator control: the parcel moves on one step, and each status it passes through is reported. */
  async advance(fields: Record<string, string>): Promise<string> {
    this.authenticate(fields)
    const s = this.byNumber(fields)
    const step = fields.Step as ParcelStep
    if (!NEXT_STEPS[s.step].includes(step)) refuse(`A parcel at ${s.step} cannot go to ${String(fields.Step)}: next is ${NEXT_STEPS[s.step].join(' or ') || 'nothing'}`)
    this.move(s, step)
    await this.commit()
    return '1|OK'
  }

  /** Moves a shipment to `step`, reporting each of the chain's status codes for it. */
  private move(shipment: Shipment, step: ParcelStep) {
    const codes = STATUS_CODES[shipment.sub_type][step]
    const now = this.now()
    const moved: Shipment = { ...shipment, step, status: codes.at(-1)!, updated: ecpayDate(now) }
    const ops: Op[] = [{ k: 's', v: moved }]
    codes.forEach((code) => {
      const fields = this.signed({ ...this.report(moved), RtnCode: String(code), RtnMsg: STATUS_MESSAGES[code] ?? '' })
      const seq = this.nextSeq++
      ops.push({ k: 'cb', v: { id: `${moved.id}-${seq}`, seq, url: moved.server_reply_url, fields, attempts: 0, next_attempt_at: now.getTime(), last_error: null, created_at: now.getTime() } })
    })
    this.apply(ops)
  }

  /** What ECPay reports of a shipment, in its answers and its status reports. */
  private report(s: Shipment): Record<string, string> {
    return {
      MerchantID: this.keys.merchantId,
      MerchantTradeNo: s.merchant_trade_no,
      AllPayLogisticsID: s.id,
      LogisticsType: 'CVS',
      LogisticsSubType: s.sub_type,
      GoodsAmount: String(s.goods_amount),
      UpdateStatusDate: s.updated,
      ReceiverName: s.receiver_name,
      ReceiverPhone: '',
      ReceiverCellPhone: s.receiver_cell_phone,
      ReceiverEmail: s.receiver_email,
      ReceiverAddress: '',
      CVSPaymentNo: s.payment_no,
      CVSValidationNo: s.validation_no,
      BookingNote: '',
    }
  }

  private signed(fields: Record<string, string>): Record<string, string> {
    return { ...fields, CheckMacValue: checkMacValue(fields, this.keys) }
  }
}
