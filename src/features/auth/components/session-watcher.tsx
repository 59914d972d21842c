import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { toast } from '@/lib/toast'
import { useSnapshot } from 'valtio'
import { MEMBER_QUERY_ROOT } from '@/lib/query-client'
import { auth } from '../stores/auth-store'

/**
 * When the server stops accepting the token (it expired, or the password was changed on another
 * device) the member's cached data goes and guarded pages re-run their guards.
 */
export function SessionWatcher() {
  const { t } = useLingui()
  const { expired } = useSnapshot(auth.status)
  const seen = useRef(expired)
  const router = useRouter()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (expired === seen.current) return
    seen.current = expired
    queryClient.removeQueries({ queryKey: [MEMBER_QUERY_ROOT] })
    toast.error(t`Your session has ended. Please log in again.`, { id: 'session-ended' })
    void router.invalidate()
  }, [expired, queryClient, router, t])
  return null
}
