import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useLocalePrefix } from '@/lib/i18n'
import { Modal } from '@/ui/modal'
import { closeVerifyEmailModal, verifyEmailModal } from '../stores/auth-modal-store'
import { SendVerificationButton } from './send-verification-button'
import { useSession } from './use-session'

/** Reminds a member whose e-mail is not verified, with the two ways to verify it. */
export function VerifyEmailModal() {
  const { t } = useLingui()
  const { open } = useSnapshot(verifyEmailModal)
  const { user } = useSession()
  const locale = useLocalePrefix()
  const email = user?.email ?? ''
  return (
    <Modal open={open && user !== null && !user.email_verified_at} onClose={closeVerifyEmailModal} title={t`Verify e-mail`} size="sm">
      <div className="auth-view">
        <p>{t`Your e-mail ${email} has not been verified yet.`}</p>
        <p className="auth-view__note">
          <Link to="/{-$locale}/user/info" params={{ locale }} onClick={closeVerifyEmailModal} className="link-button">
            {t`Verify it in my info`}
          </Link>{' '}
          {t`or`} <SendVerificationButton variant="link" onSent={closeVerifyEmailModal} />
        </p>
        <button type="button" className="button button-primary button-block" onClick={closeVerifyEmailModal} data-autofocus="">
          {t`Confirm`}
        </button>
      </div>
    </Modal>
  )
}
