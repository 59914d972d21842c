import type { Locale } from '../../../../contract/constants'
import type { CarrierCheck } from '../../../../contract/invoice'
import { apiPost } from '@/lib/api-client'

/** Asks the Ministry of Finance (through the shop) whether a mobile barcode exists: 400 CARRIER_NOT_FOUND when it does not. */
export const checkCarrier = (carrierCode: string, locale: Locale, signal?: AbortSignal): Promise<CarrierCheck> =>
  apiPost<{ data: CarrierCheck }>('/invoice/check-carrier', { carrier_code: carrierCode }, { locale, signal }).then((r) => r.data)
