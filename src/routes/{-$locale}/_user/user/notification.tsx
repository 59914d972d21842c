import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings-form'
import { useShopConfig } from '@/features/shop/api/get-shop-config'
import { useDocumentTitle } from '@/ui/use-document-title'
import { vapidKeyOf } from '@/app/notification-slots'

/** How the member's notifications reach them (issue 11): per kind, quiet hours, push on this device. */
export const Route = createFileRoute('/{-$locale}/_user/user/notification')({
  component: NotificationSettingsPage,
})

function NotificationSettingsPage() {
  const { t } = useLingui()
  const { data: config } = useShopConfig()
  useDocumentTitle(t`Notification settings`)
  return <NotificationSettingsForm vapidPublicKey={vapidKeyOf(config)} />
}
