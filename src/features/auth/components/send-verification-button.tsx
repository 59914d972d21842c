import { useLingui } from '@lingui/react/macro'
import { toast } from '@/lib/toast'
import { isApiError } from '@/lib/api-client'
import { useSendVerificationMail } from '../api/send-verification-mail'
import { refreshUser } from './use-session'

/** Mails the member a verification link; success or error toast (spec section 8). */
export function SendVerificationButton({ variant = 'button', onSent }: { variant?: 'button' | 'link'; onSent?: () => void }) {
  const { t } = useLingui()
  const mutation = useSendVerificationMail()
  const send = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        toast.success(t`Verification e-mail sent. Please check your inbox.`, { id: 'verify-sent' })
        onSent?.()
      },
      onError: (error) => {
        toast.error(t`The verification e-mail could not be sent`, { id: 'verify-failed', description: isApiError(error) ? error.message : undefined })
        if (isApiError(error) && error.code === 'EMAIL_ALREADY_VERIFIED') void refreshUser()
      },
    })
  return (
    <button type="button" className={variant === 'link' ? 'link-button' : 'button button-secondary'} disabled={mutation.isPending} onClick={send}>
      {t`Send verification e-mail`}
    </button>
  )
}
