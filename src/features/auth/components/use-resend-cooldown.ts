import { useEffect, useState } from 'react'
import { cooldownAt, readLastSend, storeLastSend } from '../cooldown'

/**
 * The 30-second wait between two reset mails, recomputed from the stored send time (so a reload
 * keeps it) and ticking every second while it, or its reminder, lasts.
 */
export function useResendCooldown() {
  const [lastSend, setLastSend] = useState(readLastSend)
  const [now, setNow] = useState(() => Date.now())
  const cooldown = cooldownAt(lastSend, now)
  const ticking = lastSend !== null && cooldown.reminder

  useEffect(() => {
    if (!ticking) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [ticking])

  /** records a send (now, or the moment the server's retry_after implies) */
  const record = (at: number = Date.now()) => {
    storeLastSend(at)
    setLastSend(at)
    setNow(Date.now())
  }

  return { ...cooldown, record }
}
