import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings-form'
import { useShopConfig } from '@/features/shop/api/get-shop-config'
import { vapidKeyOf } from '@/app/notification-slots'
import { routeHead } from '@/lib/page-head'

/** How the member's notifications reach them (issue 11): per kind, quiet hours, push on this device. */
export const Route = createFileRoute('/{-$locale}/_user/user/notification')({
  head: routeHead(({ t }) => ({ title: t(msg`Notification settings`) })),
  component: NotificationSettingsPage,
})

function NotificationSettingsPage() {
  const { data: config } = useShopConfig()
  return <NotificationSettingsForm vapidPublicKey={vapidKeyOf(config)} />
}
