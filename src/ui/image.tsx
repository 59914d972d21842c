import { useState, type ImgHTMLAttributes } from 'react'
import './image.css'

type ImageProps = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }

/** An image that turns into a soft branded tile instead of a broken icon when the file is missing. */
export function Image({ className = '', onError, ...rest }: ImageProps) {
  const [failed, setFailed] = useState(false)
  if (failed) return <span className={`image-fallback ${className}`} role={rest.alt ? 'img' : undefined} aria-label={rest.alt || undefined} />
  return (
    <img
      className={className}
      decoding="async"
      {...rest}
      onError={(event) => {
        setFailed(true)
        onError?.(event)
      }}
    />
  )
}
