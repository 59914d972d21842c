import { useLingui } from '@lingui/react/macro'
import { useLocation, useRouter } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { loadCatalog, useLocale } from '../lib/i18n'
import { htmlLang, LOCALE_NATIVE_NAMES, LOCALES, localizePathname, storeLocaleCookie, type Locale } from '../lib/locale'
import { CheckIcon, ChevronDownIcon, GlobeIcon } from './icons'
import './language-menu.css'
import { menuKeys, useDisclosure } from './use-disclosure'

interface LanguageMenuProps {
  placement?: 'down' | 'up'
  tone?: 'dark' | 'light'
  /** on phones show only the globe */
  compact?: boolean
}

/** A disclosure listing every language as a link to the same page in that language. */
export function LanguageMenu({ placement = 'down', tone = 'dark', compact = false }: LanguageMenuProps) {
  const { t } = useLingui()
  const current = useLocale()
  const location = useLocation()
  const router = useRouter()
  const disclosure = useDisclosure()
  const { open, setOpen, rootRef, buttonRef, panelId: listId } = disclosure
  const { onKeyDown, onBlur } = menuKeys(disclosure, 'a')

  const hrefFor = (locale: Locale) => `${localizePathname(location.pathname, locale)}${location.searchStr ?? ''}${location.hash ? `#${location.hash}` : ''}`

  // The spec skips this prefetch on 2G connections and when the user asked to save data.
  const preload = (locale: Locale) => {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection
    if (locale === current || connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return
    loadCatalog(locale).catch(() => undefined)
  }

  const choose = (event: MouseEvent<HTMLAnchorElement>, locale: Locale) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    storeLocaleCookie(locale)
    setOpen(false)
    void router.navigate({ href: hrefFor(locale) })
  }

  return (
    <div
      ref={rootRef}
      className={`language-menu language-menu--${placement} language-menu--${tone}${compact ? ' language-menu--compact' : ''}`}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="language-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <GlobeIcon size={18} />
        <span className="visually-hidden">{t`Language`}: </span>
        <span className="language-menu__current">{LOCALE_NATIVE_NAMES[current]}</span>
        <ChevronDownIcon size={16} className="language-menu__chevron" />
      </button>
      <ul id={listId} className="language-menu__list" hidden={!open}>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={hrefFor(locale)}
              lang={htmlLang(locale)}
              hrefLang={htmlLang(locale)}
              aria-current={locale === current ? 'true' : undefined}
              className="language-menu__link"
              onClick={(event) => choose(event, locale)}
              onPointerEnter={() => preload(locale)}
              onFocus={() => preload(locale)}
            >
              <span>{LOCALE_NATIVE_NAMES[locale]}</span>
              {locale === current ? <CheckIcon size={16} /> : null}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
