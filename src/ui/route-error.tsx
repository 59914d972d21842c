import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isApiError } from '../lib/api-client'
import { isChunkLoadError, reloadForChunkError } from '../lib/chunk-reload'
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

  if (isApiError(error) && error.isNotFound) return <ErrorView status={404} />
  const detail = isApiError(error) && error.status === 0 ? error.message : undefined
  return <ErrorView status={500} detail={detail} onRetry={() => void router.invalidate()} />
}
