import { useMutation } from '@tanstack/react-query'
import type { CartLineInput } from '../../../../contract/cart'
import type { Locale } from '../../../../contract/constants'
import type { CouponCheck } from '../../../../contract/coupon'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

/** Checks a coupon code against these lines: 'Promo code successful', or 400 COUPON_INVALID 'Coupon error' with the reason. */
export const checkCoupon = (code: string, lines: CartLineInput[], locale: Locale): Promise<CouponCheck> =>
  apiPost<{ data: CouponCheck }>('/coupon/check', { code, lines }, { locale }).then((r) => r.data)

export function useCheckCoupon() {
  const locale = useLocale()
  return useMutation({ mutationFn: ({ code, lines }: { code: string; lines: CartLineInput[] }) => checkCoupon(code, lines, locale) })
}
