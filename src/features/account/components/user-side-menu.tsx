import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { SOCIAL_PROVIDER_NAMES, type AuthUser } from '../../../../contract/auth'
import { fullName, initialsOf } from '@/lib/member-options'
import { ChevronDownIcon, ShieldCheckIcon } from '@/ui/icons'
import { MemberSections } from '@/ui/member-sections'
import { AlertIcon, LogoutIcon } from '@/ui/more-icons'
import './user-side-menu.css'

interface UserSideMenuProps {
  user: AuthUser
  onLogout: () => void
}


const wide = () => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 992px)').matches

/**
 * The member area's menu: who is signed in and how, then the member's sections.
 */
export function UserSideMenu({ user, onLogout }: UserSideMenuProps) {
  const { t } = useLingui()
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
              const providerName = SOCIAL_PROVIDER_NAMES[provider]
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
          <MemberSections itemClassName="user-menu__link" iconSize={20} onNavigate={foldOnPhones} passwordChange={user.has_password} />
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
