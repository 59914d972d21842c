import { DockAccount } from '../features/auth/components/dock-account'
import { HeaderAccount } from '../features/auth/components/header-account'

/** The account entries every layout with a header and dock shows (see SiteLayout). */
export const accountSlots = {
  account: (tone: 'light' | 'dark') => <HeaderAccount tone={tone} />,
  dockAccount: <DockAccount />,
}
