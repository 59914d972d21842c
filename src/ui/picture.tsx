import { useState } from 'react'
import { IMAGE_CONTENT_TYPES, pictureSources, type ImagePresetName } from '../../contract/images'
import './image.css'
import './picture.css'

export interface PictureProps {
  /** the picture's site path as the catalogue gives it (`/images/...`); an https URL is shown as it is */
  src: string
  alt: string
  preset: ImagePresetName
  /** how wide the picture is drawn, as for `<img sizes>`: lets the browser pick the smallest file that is sharp enough */
  sizes: string
  /** the page's main picture (LCP): fetched first and at once */
  priority?: boolean
  /** fetched at once but at normal priority: pictures above the fold that are not the main one */
  eager?: boolean
  className?: string
  /** the most device pixels it is ever drawn across: no larger file is listed (a card, a thumbnail) */
  largest?: number
}

/**
 * A catalogue picture: a photo as AVIF, then WebP, then JPEG at the widths of its preset
 * (contract/images.ts), an SVG as it is (sharp at any width, and smaller; decision 65), both with
 * width and height at the preset's ratio so the page does not move when it arrives. The markup
 * depends on the props alone, so the server's HTML and the first client render are the same. Like
 * `<Image>`, a picture that fails to load turns into a soft branded tile.
 */
export function Picture({ src, alt, preset, sizes, priority = false, eager = false, className = '', largest }: PictureProps) {
  const [failed, setFailed] = useState(false)
  if (failed) return <span className={`image-fallback ${className}`} role={alt ? 'img' : undefined} aria-label={alt || undefined} />
  const sources = pictureSources(src, preset, largest)
  return (
    <picture className="picture">
      {sources.avif ? <source type={IMAGE_CONTENT_TYPES.avif} srcSet={sources.avif} sizes={sizes} /> : null}
      {sources.webp ? <source type={IMAGE_CONTENT_TYPES.webp} srcSet={sources.webp} sizes={sizes} /> : null}
      {/* srcSet and sizes before src: a browser that sees src first may start fetching it */}
      <img
        srcSet={sources.jpeg}
        sizes={sources.jpeg ? sizes : undefined}
        src={sources.fallback}
        width={sources.width}
        height={sources.height}
        alt={alt}
        className={className || undefined}
        loading={priority || eager ? 'eager' : 'lazy'}
        decoding={priority ? 'auto' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        onError={() => setFailed(true)}
      />
    </picture>
  )
}
