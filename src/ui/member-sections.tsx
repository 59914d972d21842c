import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '../lib/i18n'
import { GiftIcon, MailIcon, PinIcon, UserIcon } from './icons'
import { BellIcon, KeyIcon, StarIcon, UsersIcon } from './more-icons'

const FavouriteIcon = ({ size }: { size: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.9 3.7 4.5 7.1 4.5c2 0 3.7 1.1 4.9 2.8 1.2-1.7 2.9-2.8 4.9-2.8 3.4 0 5.5 3.4 4.3 6.7-1.7 4.7-9.2 9.3-9.2 9.3Z" />
  </svg>
)

const OrderIcon = ({ size }: { size: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3Z" />
    <path d="M9 8h6M9 12h6" />
  </svg>
)

const CouponIcon = ({ size }: { size: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2.5a2.5 2.5 0 0 0 0 5V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2.5a2.5 2.5 0 0 0 0-5V7Z" />
    <path d="M14 5v2M14 11v2M14 17v2" />
  </svg>
)

interface MemberSectionsProps {
  /** the class of each link */
  itemClassName: string
  iconSize: number
  /** after a section is chosen (close the menu, fold it on phones) */
  onNavigate: () => void
  /** the password change, for members who have a password (the member area's side menu) */
  passwordChange?: boolean
}

/**
 * The member area's sections as list items, in one order for the header's member menu and the
 * member area's side menu; each menu adds its own log-out item after them.
 */
export function MemberSections({ itemClassName, iconSize, onNavigate, passwordChange = false }: MemberSectionsProps) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const link = { params: { locale }, className: itemClassName, onClick: onNavigate }
  return (
    <>
      <li>
        <Link to="/{-$locale}/user/info" {...link}>
          <UserIcon size={iconSize} />
          {t`My info`}
        </Link>
      </li>
      <li>
        <Link to="/{-$locale}/user/address" {...link}>
          <PinIcon size={iconSize} />
          {t`Address book`}
        </Link>
      </li>
      <li>
        <Link to="/{-$locale}/user/favorite" {...link}>
          <FavouriteIcon size={iconSize} />
          {t`My favourites`}
        </Link>
      </li>
      <li>
        <Link to="/{-$locale}/user/order" {...link}>
          <OrderIcon size={iconSize} />
          {t`My orders`}
        </Link>
      </li>
      <li>
        <Link to="/{-$locale}/user/subscription" {...link}>
          <GiftIcon size={iconSize} />
          {t`My snack box`}
        </Link>
      </li>
      <li>
        <Link to="/{-$locale}/user/comment" {...link}>
          <StarIcon size={iconSize} />
          {t`Reviews`}
        </Link>
      </li>
      <li>
        <Link to="/{-$locale}/user/message" {...link}>
          <MailIcon size={iconSize} />
          {t`Messages`}
        </Link>
      </li>
      <li>
        <Link to="/{-$locale}/user/notification" {...link}>
          <BellIcon size={iconSize} />
          {t`Notification settings`}
        </Link>
      </li>
      {passwordChange ? (
        <li>
          <Link to="/{-$locale}/user/reset_password" {...link}>
            <KeyIcon size={iconSize} />
            {t`Change password`}
          </Link>
        </li>
      ) : null}
      <li>
        <Link to="/{-$locale}/user/coupon" {...link}>
          <CouponIcon size={iconSize} />
          {t`My coupons`}
        </Link>
      </li>
      <li>
        <Link to="/{-$locale}/user/referrer" {...link}>
          <UsersIcon size={iconSize} />
          {t`Referral`}
        </Link>
      </li>
    </>
  )
}
