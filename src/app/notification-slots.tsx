import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ReactNode } from 'react'
import type { Notification } from '../../contract/notification'
import { ORDER_NOTIFICATION_TYPES } from '../../contract/notification-kinds'
import type { PublicConfig } from '../../contract/shop'
import { ORDERS_KEY } from '../features/orders/api/orders-keys'
import { useSession } from '../features/auth/components/use-session'
import { useShopConfig } from '../features/shop/api/get-shop-config'
import { HeaderMessagesSlot } from '../ui/header'
import { DockMessagesSlot } from '../ui/mobile-dock'

// Members only: visitors download none of it, and laravel-echo comes later still (src/lib/realtime.ts).
const NotificationRuntime = lazy(() => import('../features/notifications/components/notification-runtime').then((m) => ({ default: m.NotificationRuntime })))
const HeaderMessages = lazy(() => import('../features/notifications/components/header-messages').then((m) => ({ default: m.HeaderMessages })))
const DockMessages = lazy(() => import('../features/notifications/components/dock-messages').then((m) => ({ default: m.DockMessages })))

/** The VAPID key web push subscribes with, once GET /config has it. */
export const vapidKeyOf = (config: PublicConfig | undefined): string | undefined => config?.push?.vapid_public_key || undefined

function MembersOnly({ children }: { children: ReactNode }) {
  const { signedIn } = useSession()
  return signedIn ? <Suspense fallback={null}>{children}</Suspense> : null
}

const renderHeaderMessages = (tone: 'light' | 'dark') => (
  <MembersOnly>
    <HeaderMessages tone={tone} />
  </MembersOnly>
)
const dockMessages = (
  <MembersOnly>
    <DockMessages />
  </MembersOnly>
)

/** Starts the member's notifications once signed in (one connection for the whole app, whatever the layout). */
function Runtime() {
  const { signedIn, user } = useSession()
  const { data: config } = useShopConfig()
  const queryClient = useQueryClient()
  if (!signedIn || !user) return null
  // an order paid, shipped, delivered or failed: its page and the order lists show the new state at once
  const onNotification = (notification: Notification) => {
    if (ORDER_NOTIFICATION_TYPES.includes(notification.type)) void queryClient.invalidateQueries({ queryKey: ORDERS_KEY })
  }
  return (
    <Suspense fallback={null}>
      <NotificationRuntime userId={user.id} realtime={config?.realtime} onNotification={onNotification} />
    </Suspense>
  )
}

/** The messages entries of the header and the dock, and the real-time runtime, around every page. */
export function NotificationSlots({ children }: { children: ReactNode }) {
  return (
    <HeaderMessagesSlot.Provider value={renderHeaderMessages}>
      <DockMessagesSlot.Provider value={dockMessages}>
        {children}
        <Runtime />
      </DockMessagesSlot.Provider>
    </HeaderMessagesSlot.Provider>
  )
}
