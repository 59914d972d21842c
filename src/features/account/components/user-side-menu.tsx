import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { AuthUser, SocialProvider } from '../../../../contract/auth'
import { useLocalePrefix } from '../../../lib/i18n'
import { fullName, initialsOf } from '../../../lib/member-options'
import { ChevronDownIcon, GiftIcon, MailIcon, PinIcon, ShieldCheckIcon, UserIcon } from '../../../ui/icons'
import { AlertIcon, BellIcon, KeyIcon, LogoutIcon, StarIcon, UsersIcon } from '../../../ui/more-icons'
import './user-side-menu.css'

interface UserSideMenuProps {
  user: AuthUser
  onLogout: () => void
}

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' }

const FavouriteIcon = () => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.9 3.7 4.5 7.1 4.5c2 0 3.7 1.1 4.9 2.8 1.2-1.7 2.9-2.8 4.9-2.8 3.4 0 5.5 3.4 4.3 6.7-1.7 4.7-9.2 9.3-9.2 9.3Z" />
  </svg>
)

const OrderIcon = () => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3Z" />
    <path d="M9 8h6M9 12h6" />
  </svg>
)

const CouponIcon = () => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2.5a2.5 2.5 0 0 0 0 5V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2.5a2.5 2.5 0 0 0 0-5V7Z" />
    <path d="M14 5v2M14 11v2M14 17v2" />
  </svg>
)

const wide = () => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 992px)').matches

/**
 * The member area's menu: who is signed in and how, then the member's sections.
 */
export function UserSideMenu({ user, onLogout }: UserSideMenuProps) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const [expanded, setExpanded] = useState(wide)
  const navId = useId()
  const verified = user.email_verified_at !== null
  // on phones the section is below the menu: fold it once a section is chosen
  const foldOnPhones = () => {
    if (!wide()) setExpanded(false)
  }

  return (
    <aside className={`user-menu${expanded ? ' is-expanded' : ''}`} aria-label={t`Member area`}>
      <div className="user-menu__profile">
        <span className="user-menu__avatar" aria-hidden="true">
          {user.avatar_url ? <img src={user.avatar_url} alt="" width={56} height={56} referrerPolicy="no-referrer" /> : initialsOf(user)}
        </span>
        <div className="user-menu__who">
          <p className="user-menu__name">{fullName(user)}</p>
          <ul className="user-menu__badges">
            {user.social.map(({ provider }) => {
              const providerName = PROVIDER_NAMES[provider]
              return (
                <li key={provider} className="badge badge--ok">
                  <ShieldCheckIcon size={14} />
                  {t`${providerName} verified`}
                </li>
              )
            })}
            <li className={`badge ${verified ? 'badge--ok' : 'badge--warn'}`}>
              {verified ? <ShieldCheckIcon size={14} /> : <AlertIcon size={14} />}
              {verified ? t`E-mail verified` : t`E-mail not verified`}
            </li>
          </ul>
        </div>
        <button type="button" className="icon-button user-menu__toggle" aria-expanded={expanded} aria-controls={navId} onClick={() => setExpanded((v) => !v)}>
          <span className="visually-hidden">{t`Member menu`}</span>
          <ChevronDownIcon size={20} />
        </button>
      </div>
      <nav id={navId} className="user-menu__nav" aria-label={t`Member menu`} hidden={!expanded}>
        <ul>
          <li>
            <Link to="/{-$locale}/user/info" params={{ locale }} className="user-menu__link" onClick={foldOnPhones}>
              <UserIcon size={20} />
              {t`My info`}
            </Link>
          </li>
          <li>
            <Link to="/{-$locale}/user/address" params={{ locale }} className="user-menu__link" onClick={foldOnPhones}>
              <PinIcon size={20} />
              {t`Address book`}
            </Link>
          </li>
          <li>
            <Link to="/{-$locale}/user/favorite" params={{ locale }} className="user-menu__link" onClick={foldOnPhones}>
              <FavouriteIcon />
              {t`My favourites`}
            </Link>
          </li>
          <li>
            <Link to="/{-$locale}/user/order" params={{ locale }} className="user-menu__link" onClick={foldOnPhones}>
              <OrderIcon />
              {t`My orders`}
            </Link>
          </li>
          <li>
            <Link to="/{-$locale}/user/subscription" params={{ locale }} className="user-menu__link" onClick={foldOnPhones}>
              <GiftIcon size={20} />
              {t`My snack box`}
            </Link>
          </li>
          <li>
            <Link to="/{-$locale}/user/comment" params={{ locale }} className="user-menu__link" onClick={foldOnPhones}>
              <StarIcon size={20} />
              {t`Reviews`}
            </Link>
          </li>
          <li>
            <Link to="/{-$locale}/user/message" params={{ locale }} className="user-menu__link" onClick={foldOnPhones}>
              <MailIcon size={20} />
              {t`Messages`}
            </Link>
          </li>
          <li>
            <Link to="/{-$locale}/user/notification" params={{ locale }} className="user-menu__link" onClick={foldOnPhones}>
              <BellIcon size={20} />
              {t`Notification settings`}
            </Link>
          </li>
          {user.has_password ? (
            <li>
              <Link to="/{-$locale}/user/reset_password" params={{ locale }} className="user-menu__link" onClick={foldOnPhones}>
                <KeyIcon size={20} />
                {t`Change password`}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/{-$locale}/user/coupon" params={{ locale }} className="user-menu__link" onClick={foldOnPhones}>
              <CouponIcon />
              {t`My coupons`}
            </Link>
          </li>
          <li>
            <Link to="/{-$locale}/user/referrer" params={{ locale }} className="user-menu__link" onClick={foldOnPhones}>
              <UsersIcon size={20} />
              {t`Referral`}
            </Link>
          </li>
          <li>
            <button type="button" className="user-menu__link" onClick={onLogout}>
              <LogoutIcon size={20} />
              {t`Log out`}
            </button>
          </li>
        </ul>
      </nav>
    </aside>
  )
}
