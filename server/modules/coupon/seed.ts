import { count } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { coupons } from '../../db/schema'
import type { Logger } from '../../lib/logger'
import { insertMissing, type NewCoupon } from './repo'

/** The shop's opening coupons; one has ended, so the expired answer can be seen too. */
export const SEED_COUPONS: NewCoupon[] = [
  {
    code: 'WELCOME100',
    title: { zh_tw: '新會員首購折 NT$100（滿 NT$800）', en: 'NT$100 off your first order of NT$800 or more', ja: '初回購入 NT$800 以上で NT$100 オフ' },
    kind: 'fixed',
    value: 100,
    min_spend: 800,
    per_member_limit: 1,
  },
  {
    code: 'MATCHA10',
    title: { zh_tw: '抹茶季全館 9 折（最高折 NT$300）', en: 'Matcha season: 10% off (up to NT$300)', ja: '抹茶フェア：全品10%オフ（最大 NT$300）' },
    kind: 'percent',
    value: 10,
    max_discount: 300,
    per_member_limit: 3,
  },
  {
    code: 'FREESHIP',
    title: { zh_tw: '免運費（滿 NT$500）', en: 'Free delivery on orders of NT$500 or more', ja: 'NT$500 以上で送料無料' },
    kind: 'free_shipping',
    value: 0,
    min_spend: 500,
    total_limit: 1000,
  },
  {
    code: 'SAKURA2026',
    title: { zh_tw: '櫻花季折 NT$150（已結束）', en: 'Cherry-blossom season: NT$150 off (ended)', ja: '桜フェア：NT$150 オフ（終了）' },
    kind: 'fixed',
    value: 150,
    min_spend: 1000,
    starts_at: new Date('2026-03-01T00:00:00+08:00'),
    ends_at: new Date('2026-04-30T00:00:00+08:00'),
  },
]

/** Loads the opening coupons into a shop that has none yet; later starts leave the owner's coupons alone. */
export async function seedCouponsIfEmpty(db: Db, logger: Logger) {
  const [row] = await db.select({ n: count() }).from(coupons)
  if ((row?.n ?? 0) > 0) return 0
  const added = await insertMissing(db, SEED_COUPONS)
  logger.info('seeded the coupons', { added })
  return added
}
