import { useLingui } from '@lingui/react/macro'
import { useCallback, useRef, useState } from 'react'
import { MOBILE_BARCODE_PATTERN, normalizeCarrierCode } from '../../../../contract/invoice'
import { isApiError } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { translateValidationMessage } from '@/lib/validation-messages'
import { checkCarrier } from '../api/check-carrier'

export type CarrierCheckState =
  | { code: string; status: 'checking' | 'exists' | 'unavailable' }
  /** `message`: 'mobile barcode does not exist', in the shopper's language */
  | { code: string; status: 'missing'; message: string }

/**
 * The Ministry of Finance's check of a mobile barcode, through the shop, when this deployment has
 * it configured: a well-formed code is checked once; an unreachable Ministry lets the order go on.
 */
export function useCarrierCheck(enabled: boolean) {
  const { t } = useLingui()
  const locale = useLocale()
  const [state, setState] = useState<CarrierCheckState | null>(null)
  const running = useRef(new Map<string, Promise<CarrierCheckState>>())

  const check = useCallback(
    (raw: string): Promise<CarrierCheckState | null> => {
      const code = normalizeCarrierCode(raw)
      if (!enabled || !MOBILE_BARCODE_PATTERN.test(code)) return Promise.resolve(null)
      let pending = running.current.get(code)
      if (!pending) {
        setState({ code, status: 'checking' })
        pending = checkCarrier(code, locale).then(
          (): CarrierCheckState => ({ code, status: 'exists' }),
          (error: unknown): CarrierCheckState =>
            isApiError(error) && error.code === 'CARRIER_NOT_FOUND'
              ? { code, status: 'missing', message: error.fieldMessage('carrier_code') ?? translateValidationMessage(error.message) }
              : { code, status: 'unavailable' },
        )
        running.current.set(code, pending)
        // a failure to reach the Ministry may pass: that code is asked again next time
        void pending.then((result) => {
          if (result.status === 'unavailable') running.current.delete(code)
          setState((current) => (current === null || current.code === code ? result : current))
        })
      }
      return pending
    },
    [enabled, locale],
  )

  /** The order was refused with this code (CARRIER_NOT_FOUND): the Ministry answered the order's check, if not the page's. */
  const refused = useCallback((raw: string, message: string) => {
    const result: CarrierCheckState = { code: normalizeCarrierCode(raw), status: 'missing', message }
    running.current.set(result.code, Promise.resolve(result))
    setState(result)
  }, [])

  /** The check's word on the code as typed now, if it has one. */
  const noteFor = (raw: string) => {
    const code = normalizeCarrierCode(raw)
    if (!state || state.code !== code) return { error: undefined, note: undefined }
    if (state.status === 'missing') return { error: state.message, note: undefined }
    if (state.status === 'checking') return { error: undefined, note: t`Checking the barcode…` }
    if (state.status === 'exists') return { error: undefined, note: t`Barcode found.` }
    return { error: undefined, note: t`The barcode cannot be checked right now; its format is correct.` }
  }

  return { check, refused, noteFor }
}
