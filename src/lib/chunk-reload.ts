import { CHUNK_RELOAD_GUARD_MS } from '../../contract/constants'

const STORAGE_KEY = 'chunk-reload-at'

type Store = Pick<Storage, 'getItem' | 'setItem'>

/** True (and remembered) when no reload for a failed chunk happened in the last 60 seconds. */
export function claimChunkReload(now: number = Date.now(), store: Store = sessionStorage): boolean {
  const last = Number(store.getItem(STORAGE_KEY))
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS && now >= last) return false
  store.setItem(STORAGE_KEY, String(now))
  return true
}

const CHUNK_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message))

/** Reloads the page for a chunk that failed to load (a new deploy removed it), at most once a minute. */
export function reloadForChunkError(reload: () => void = () => location.reload()): boolean {
  let allowed: boolean
  try {
    allowed = claimChunkReload()
  } catch {
    allowed = false
  }
  if (allowed) reload()
  return allowed
}

export function installChunkReloadGuard(): void {
  // Vite dispatches this when a dynamic import's preload fails.
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault()
  })
}
