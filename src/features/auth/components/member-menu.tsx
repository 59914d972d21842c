import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '../../../lib/i18n'
import { fullName, initialsOf } from '../../../lib/member-options'
import { ChevronDownIcon, GiftIcon, MailIcon, PinIcon, UserIcon } from '../../../ui/icons'
import { BellIcon, LogoutIcon, StarIcon, UsersIcon } from '../../../ui/more-icons'
import { menuKeys, useDisclosure } from '../../../ui/use-disclosure'
import { useSession, useSignOut } from './use-session'

const FavouriteIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.9 3.7 4.5 7.1 4.5c2 0 3.7 1.1 4.9 2.8 1.2-1.7 2.9-2.8 4.9-2.8 3.4 0 5.5 3.4 4.3 6.7-1.7 4.7-9.2 9.3-9.2 9.3Z" />
  </svg>
)

const OrderIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3Z" />
    <path d="M9 8h6M9 12h6" />
  </svg>
)

const CouponIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2.5a2.5 2.5 0 0 0 0 5V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2.5a2.5 2.5 0 0 0 0-5V7Z" />
    <path d="M14 5v2M14 11v2M14 17v2" />
  </svg>
)

/**
 * A disclosure of links, keyboard operable like the language menu (arrows, Home/End, Escape). The
 * member area's sections in the side menu's order (user-side-menu.tsx; its password change stays
 * there), then log out.
 */
export function MemberMenu({ tone }: { tone: 'light' | 'dark' }) {
  const { t } = useLingui()
  const { user } = useSession()
  const locale = useLocalePrefix()
  const signOut = useSignOut()
  const disclosure = useDisclosure()
  const { open, setOpen, rootRef, buttonRef, panelId: listId } = disclosure

  if (!user) return null
  const { onKeyDown, onBlur } = menuKeys(disclosure, '.member-menu__item')
  const close = () => setOpen(false)
  const name = fullName(user)

  return (
    <div
      ref={rootRef}
      className={`member-menu header-account--${tone}`}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button ref={buttonRef} type="button" className="member-menu__button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
        <span className="member-menu__avatar" aria-hidden="true">
          {user.avatar_url ? <img src={user.avatar_url} alt="" width={28} height={28} referrerPolicy="no-referrer" /> : initialsOf(user)}
        </span>
        <span className="visually-hidden">{t`Member menu`}: </span>
        <span className="member-menu__name">{name}</span>
        <ChevronDownIcon size={16} className="member-menu__chevron" />
      </button>
      <ul id={listId} className="member-menu__list" hidden={!open}>
        <li>
          <Link to="/{-$locale}/user/info" params={{ locale }} className="member-menu__item" onClick={close}>
            <UserIcon size={18} />
            {t`My info`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/user/address" params={{ locale }} className="member-menu__item" onClick={close}>
            <PinIcon size={18} />
            {t`Address book`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/user/favorite" params={{ locale }} className="member-menu__item" onClick={close}>
            <FavouriteIcon />
            {t`My favourites`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/user/order" params={{ locale }} className="member-menu__item" onClick={close}>
            <OrderIcon />
            {t`My orders`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/user/subscription" params={{ locale }} className="member-menu__item" onClick={close}>
            <GiftIcon size={18} />
            {t`My snack box`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/user/comment" params={{ locale }} className="member-menu__item" onClick={close}>
            <StarIcon size={18} />
            {t`Reviews`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/user/message" params={{ locale }} className="member-menu__item" onClick={close}>
            <MailIcon size={18} />
            {t`Messages`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/user/notification" params={{ locale }} className="member-menu__item" onClick={close}>
            <BellIcon size={18} />
            {t`Notification settings`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/user/coupon" params={{ locale }} className="member-menu__item" onClick={close}>
            <CouponIcon />
            {t`My coupons`}
          </Link>
        </li>
        <li>
          <Link to="/{-$locale}/user/referrer" params={{ locale }} className="member-menu__item" onClick={close}>
            <UsersIcon size={18} />
            {t`Referral`}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="member-menu__item"
            onClick={() => {
              close()
              void signOut()
            }}
          >
            <LogoutIcon size={18} />
            {t`Log out`}
          </button>
        </li>
      </ul>
    </div>
  )
}
