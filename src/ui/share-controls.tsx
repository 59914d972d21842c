import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { toast } from '../lib/toast'
import { CheckIcon } from './icons'
import { CopyIcon, LineIcon, ShareIcon } from './more-icons'
import './share-controls.css'

/**
 * LINE's share page (https://line.me/R/share): the message is the text and the link on a line of
 * its own, as a chat shows them; LINE opens it in the app on a phone, or in its web share page.
 */
export const lineShareUrl = (text: string, url: string): string => `https://line.me/R/share?text=${encodeURIComponent(`${text}\n${url}`)}`

const canShare = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function'

interface ShareControlsProps {
  /** the address to share, absolute */
  url: string
  /** the title of what is shared, in the shopper's language */
  title: string
  /** the message that goes with the link */
  text: string
}

/**
 * "Share": the device's own share sheet where it has one (the Web Share API, which lists LINE on a
 * phone with LINE); elsewhere a small panel with "Share on LINE" and "Copy link". One button on the
 * server and in the browser alike, so the page does not shift once it runs.
 */
export function ShareControls({ url, title, text }: ShareControlsProps) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const [copied, setCopied] = useState(false)
  const panel = useId()

  const share = async () => {
    if (!canShare()) {
      setOpen((was) => !was)
      return
    }
    try {
      await navigator.share({ title, text, url })
    } catch (error) {
      // closed without sharing
      if (error instanceof DOMException && error.name === 'AbortError') return
      setOpen(true)
    }
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      toast.success(t`Link copied`, { id: 'share-copied' })
    } catch {
      toast.error(t`The link could not be copied. Please copy it by hand.`, { id: 'share-copy-failed' })
    }
  }

  return (
    <div className="share">
      <button type="button" className="button button-secondary share__button" aria-expanded={open} aria-controls={panel} onClick={() => void share()}>
        <ShareIcon size={18} />
        {t`Share`}
      </button>
      <div id={panel} className="share__panel" hidden={!open}>
        <a className="button button-secondary share__line" href={lineShareUrl(text, url)} target="_blank" rel="noopener noreferrer">
          <LineIcon size={18} />
          {t`Share on LINE`}
          <span className="visually-hidden">{t`(opens in a new tab)`}</span>
        </a>
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
          {t`Copy link`}
        </button>
      </div>
    </div>
  )
}
