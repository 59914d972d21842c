import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { isApiError } from '../lib/api-client'
import { failureOf } from '../lib/page-head'
import { isChunkLoadError, reloadForChunkError } from '../lib/chunk-reload'
import { useOnline } from '../lib/use-online'
import { ErrorView } from './error-view'

/** A route's error boundary: 404s look like the not-found page, anything else offers a retry. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()

  useEffect(() => {
    queryReset.reset()
  }, [queryReset])

  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError()
  }, [error])

  const unreachable = isApiError(error) && error.status === 0
  const online = useOnline()
  const wasOnline = useRef(online)
  // a page that failed for want of a network opens by itself when the network comes back
  useEffect(() => {
    if (unreachable && online && !wasOnline.current) void router.invalidate()
    wasOnline.current = online
  }, [unreachable, online, router])

  const failure = failureOf(error, online)
  if (failure === 'not-found') return <ErrorView status={404} />
  if (failure === 'offline') return <ErrorView status="offline" onRetry={() => void router.invalidate()} />
  const detail = unreachable ? error.message : undefined
  return <ErrorView status={500} detail={detail} onRetry={() => void router.invalidate()} />
}
