import { useLingui } from '@lingui/react/macro'
import { useRef, useState, type KeyboardEvent } from 'react'
import { ChevronLeftIcon, ChevronRightIcon } from '@/ui/icons'
import { Picture } from '@/ui/picture'
import './product-gallery.css'

/** How wide the main picture is drawn; the page's head preloads the first one with the same `sizes` (product-head.ts). */
export const GALLERY_SIZES = '(min-width: 1280px) 640px, (min-width: 992px) 52vw, 100vw'

export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useLingui()
  const [index, setIndex] = useState(0)
  const thumbsRef = useRef<HTMLDivElement>(null)
  const count = images.length
  const show = (next: number) => setIndex((next + count) % count)
  const current = images[index] ?? images[0]
  const position = index + 1

  const onThumbKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: count - 1 }
    const target = keys[event.key]
    if (target === undefined) return
    event.preventDefault()
    const next = (target + count) % count
    setIndex(next)
    thumbsRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus()
  }

  if (!current) return null
  return (
    <section className="gallery" aria-label={t`Product images`}>
      <div className="gallery__stage">
        <Picture key={current} src={current} alt={t`${name}, image ${position} of ${count}`} preset="product" sizes={GALLERY_SIZES} className="gallery__image" priority={index === 0} />
        {count > 1 ? (
          <>
            <button type="button" className="gallery__step gallery__step--prev" onClick={() => show(index - 1)} aria-label={t`Previous image`}>
              <ChevronLeftIcon size={20} />
            </button>
            <button type="button" className="gallery__step gallery__step--next" onClick={() => show(index + 1)} aria-label={t`Next image`}>
              <ChevronRightIcon size={20} />
            </button>
            <p className="gallery__counter" aria-live="polite">
              {position} / {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div ref={thumbsRef} className="gallery__thumbs" role="group" aria-label={t`Choose an image`} onKeyDown={onThumbKey}>
          {images.map((src, i) => {
            const n = i + 1
            return (
              <button
                key={src}
                type="button"
                className="gallery__thumb"
                aria-label={t`Show image ${n} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                tabIndex={i === index ? 0 : -1}
                onClick={() => setIndex(i)}
              >
                <Picture src={src} alt="" preset="product" sizes="(min-width: 992px) 76px, 64px" />
              </button>
            )
          })}
        </div>
      ) : null}
    </section>
  )
}
