import { useLingui } from '@lingui/react/macro'
import { fullName, initialsOf } from '@/lib/member-options'
import { ChevronDownIcon } from '@/ui/icons'
import { MemberSections } from '@/ui/member-sections'
import { LogoutIcon } from '@/ui/more-icons'
import { menuKeys, useDisclosure } from '@/ui/use-disclosure'
import { useSession, useSignOut } from './use-session'

/**
 * A disclosure of links, keyboard operable like the language menu (arrows, Home/End, Escape). The
 * member area's sections (ui/member-sections.tsx, as the side menu shows them, but the password
 * change), then log out.
 */
export function MemberMenu({ tone }: { tone: 'light' | 'dark' }) {
  const { t } = useLingui()
  const { user } = useSession()
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
        <MemberSections itemClassName="member-menu__item" iconSize={18} onNavigate={close} />
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
