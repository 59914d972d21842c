import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-client'
import { createQueryClient } from './query-client'
import { toast } from './toast'

vi.mock('./toast', () => ({ toast: { error: vi.fn() } }))

const unreachable = () => Promise.reject(new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the shop. Check your connection and try again.'))

describe('failed background refetches', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.mocked(toast.error).mockClear()
  })

  it('are toasted online, where nothing else says the shop cannot be reached', async () => {
    const client = createQueryClient()
    client.setQueryData(['x'], 1)
    await client.fetchQuery({ queryKey: ['x'], queryFn: unreachable, retry: false, staleTime: 0 }).catch(() => undefined)
    expect(toast.error).toHaveBeenCalledTimes(1)
  })

  it('are not toasted offline: the offline banner says it once', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const client = createQueryClient()
    client.setQueryData(['x'], 1)
    await client.fetchQuery({ queryKey: ['x'], queryFn: unreachable, retry: false, staleTime: 0, networkMode: 'always' }).catch(() => undefined)
    expect(toast.error).not.toHaveBeenCalled()
  })
})
