import { useLingui } from '@lingui/react/macro'
import { useRef, useState, type ReactNode } from 'react'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'
import { Picture } from './picture'
import './banner-carousel.css'

export interface BannerSlide {
  id: string
  image: string
  title: string
  text: string
  action: ReactNode
}

/** Scroll-snap slides with previous/next buttons and dots; no autoplay, so nothing moves unasked. */
export function BannerCarousel({ slides, label }: { slides: BannerSlide[]; label: string }) {
  const { t } = useLingui()
  const trackRef = useRef<HTMLDivElement>(null)
  const [index, setIndex] = useState(0)

  const go = (next: number) => {
    const track = trackRef.current
    if (!track) return
    const target = (next + slides.length) % slides.length
    track.scrollTo({ left: target * track.clientWidth, behavior: 'smooth' })
    setIndex(target)
  }

  return (
    <section className="banner" aria-roledescription={t`carousel`} aria-label={label}>
      <div
        ref={trackRef}
        className="banner__track"
        onScroll={(event) => {
          const track = event.currentTarget
          const current = Math.round(track.scrollLeft / Math.max(track.clientWidth, 1))
          if (current !== index) setIndex(current)
        }}
      >
        {slides.map((slide, i) => {
          const position = i + 1
          const total = slides.length
          return (
          <div
            key={slide.id}
            className="banner__slide"
            role="group"
            aria-roledescription={t`slide`}
            aria-label={t`${position} of ${total}`}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <Picture src={slide.image} alt="" preset="banner" sizes="100vw" className="banner__image" priority={i === 0} />
            <div className="banner__content container">
              <h2 className="banner__title">{slide.title}</h2>
              <p className="banner__text">{slide.text}</p>
              <div className="banner__action">{slide.action}</div>
            </div>
          </div>
          )
        })}
      </div>
      {slides.length > 1 ? (
        <div className="banner__controls container">
          <button type="button" className="banner__arrow" onClick={() => go(index - 1)} aria-label={t`Previous slide`}>
            <ChevronLeftIcon size={20} />
          </button>
          <div className="banner__dots">
            {slides.map((slide, i) => {
              const position = i + 1
              return (
                <button
                  key={slide.id}
                  type="button"
                  className="banner__dot"
                  aria-label={t`Show slide ${position}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              )
            })}
          </div>
          <button type="button" className="banner__arrow" onClick={() => go(index + 1)} aria-label={t`Next slide`}>
            <ChevronRightIcon size={20} />
          </button>
        </div>
      ) : null}
    </section>
  )
}
