import type { StoreChain as LogisticsSubType } from '../../contract/logistics'

/**
 * What happens to a parcel, step by step, and the status codes (RtnCode) each chain reports for
 * it, in the order ECPay's status-flow workbook lists them for B2C shipments
 * (ECPay/SDK_PHP example/Logistics/logistics_history.xlsx, sheet B2C-貨態流程; the messages from
 * logistics_status.xlsx).
 */
export const PARCEL_STEPS = ['uploaded', 'shipped', 'arrived', 'picked_up', 'not_picked_up', 'store_closed', 'store_changed'] as const
export type ParcelStep = (typeof PARCEL_STEPS)[number]

export const STATUS_CODES: Record<LogisticsSubType, Record<ParcelStep, readonly number[]>> = {
  UNIMART: { uploaded: [310], shipped: [2024, 2030], arrived: [2063], picked_up: [2067], not_picked_up: [2065, 2076], store_closed: [2037], store_changed: [2000] },
  FAMI: { uploaded: [310], shipped: [3024], arrived: [3018], picked_up: [3022], not_picked_up: [3020, 3023], store_closed: [7011], store_changed: [2105] },
  HILIFE: { uploaded: [2001], shipped: [3024], arrived: [3018], picked_up: [3022], not_picked_up: [3020, 3023], store_closed: [7011], store_changed: [2105] },
}

export const STATUS_MESSAGES: Record<number, string> = {
  300: '訂單處理中(已收到訂單資料)',
  310: '上傳電子訂單檔處理中',
  2000: '已申請門市變更',
  2001: '檔案傳送成功',
  2024: '包裹已至物流中心',
  2030: '物流中心驗收成功',
  2037: '取件門市關轉，請重選門市',
  2063: '門市配達',
  2065: '買家未取包裹，將退回物流中心',
  2067: '消費者成功取件',
  2076: '買家未取包裹，已退回物流中心',
  2105: '已申請門市變更',
  3018: '到店尚未取貨，簡訊通知取件',
  3020: '買家未取包裹，將退回物流中心',
  3022: '買家已到店取貨',
  3023: '賣家已取退回包裹',
  3024: '物流中心驗收成功',
  7011: '取件門市關轉，請重選門市',
}

/** Which step may follow which: a parcel moves forward only, and a closed store must be changed before it goes on. */
export const NEXT_STEPS: Record<ParcelStep | 'created', readonly ParcelStep[]> = {
  created: ['uploaded'],
  uploaded: ['shipped', 'store_closed'],
  shipped: ['arrived', 'store_closed'],
  arrived: ['picked_up', 'not_picked_up'],
  // 7-ELEVEN's parcel goes to another store (UpdateShipmentInfo); the others' go back to the merchant
  store_closed: ['store_changed', 'not_picked_up'],
  store_changed: ['shipped', 'arrived'],
  picked_up: [],
  not_picked_up: [],
}

/** The step a chain's status code stands for, if it is one of those above. */
export function stepOf(chain: LogisticsSubType, code: number): ParcelStep | undefined {
  for (const step of PARCEL_STEPS) if (STATUS_CODES[chain][step].includes(code)) return step
  return undefined
}
