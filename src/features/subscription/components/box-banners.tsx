import { useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { SUBSCRIPTION_BANNERS } from '../../../../contract/subscription'
import { ChevronLeftIcon, ChevronRightIcon } from '@/ui/icons'
import { Picture } from '@/ui/picture'

/**
 * The snack-box pictures as a strip that scrolls sideways (swipe, scroll, arrow keys once focused,
 * or the previous/next buttons); nothing moves unasked.
 */
export function BoxBanners() {
  const { t } = useLingui()
  const stripRef = useRef<HTMLUListElement>(null)
  const [index, setIndex] = useState(0)
  const total = SUBSCRIPTION_BANNERS.length
  const position = index + 1
  // what each picture shows (scripts/generate-images.ts draws them in this order)
  const scenes = [
    t`An open snack box filled with Japanese drinks, snacks and ramen`,
    t`Japan-limited sodas and teas in a snack box`,
    t`Limited-edition crisps and sweets around a snack box`,
    t`Wrapped regional gift boxes beside a snack box`,
    t`Cup ramen and dried noodles in a snack box`,
  ]

  const go = (step: number) => {
    const strip = stripRef.current
    if (!strip) return
    const target = Math.min(total - 1, Math.max(0, index + step))
    const slide = strip.children[target] as HTMLElement | undefined
    strip.scrollTo({ left: slide?.offsetLeft ?? 0, behavior: 'smooth' })
    setIndex(target)
  }

  return (
    <section className="box-banners" aria-label={t`Snack box pictures`}>
      <ul
        ref={stripRef}
        className="box-banners__strip"
        // a scrolling region is reachable by keyboard, so its arrow keys scroll it
        tabIndex={0}
        aria-label={t`Snack box pictures`}
        onScroll={(event) => {
          const strip = event.currentTarget
          const width = (strip.firstElementChild as HTMLElement | null)?.offsetWidth ?? strip.clientWidth
          const current = Math.round(strip.scrollLeft / Math.max(width, 1))
          if (current !== index) setIndex(Math.min(total - 1, current))
        }}
      >
        {SUBSCRIPTION_BANNERS.map((src, i) => {
          const number = i + 1
          return (
            <li key={src} className="box-banners__slide">
              <Picture
                src={src}
                alt={scenes[i] ?? t`Snack box picture ${number} of ${total}`}
                preset="subscribe"
                sizes="(min-width: 1280px) 1216px, 100vw"
                className="box-banners__image"
                priority={i === 0}
              />
            </li>
          )
        })}
      </ul>
      <div className="box-banners__controls">
        <button type="button" className="icon-button box-banners__button" onClick={() => go(-1)} disabled={index === 0} aria-label={t`Previous picture`}>
          <ChevronLeftIcon size={20} />
        </button>
        <p className="box-banners__position" aria-live="polite">
          {t`${position} of ${total}`}
        </p>
        <button type="button" className="icon-button box-banners__button" onClick={() => go(1)} disabled={index === total - 1} aria-label={t`Next picture`}>
          <ChevronRightIcon size={20} />
        </button>
      </div>
    </section>
  )
}
