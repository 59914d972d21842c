/**
 * What a page needs from where it runs. In the browser: `document.cookie` and `fetch`. On the server
 * (src/entry-server.tsx) each request brings its own cookies and a fetch that reaches the API
 * in-process, handed over through `provideServerEnvironment`, so one module graph serves many
 * requests at once without mixing them up.
 */
export interface ServerEnvironment {
  /** the request's Cookie header */
  cookie: string
  /** reaches the API (a path such as /api/v1/product) without a network hop */
  fetch: (url: string, init?: RequestInit) => Promise<Response>
  /** the origin the shop is reached at (PUBLIC_URL), for the absolute addresses a page's head gives */
  publicUrl: string
}

export const isServer = typeof window === 'undefined'

let current: (() => ServerEnvironment | undefined) | undefined

/** The server entry installs a lookup of the request being rendered (AsyncLocalStorage). */
export function provideServerEnvironment(lookup: () => ServerEnvironment | undefined): void {
  current = lookup
}

const serverEnvironment = (): ServerEnvironment | undefined => current?.()

export const cookieSource = (): string => (isServer ? (serverEnvironment()?.cookie ?? '') : document.cookie)

let publicOrigin: string | undefined

/** The deployment's public origin, as the server that drew the page said it (PUBLIC_URL). */
export const providePublicOrigin = (origin: string | undefined): void => {
  publicOrigin = origin
}

/**
 * The shop's public origin (PUBLIC_URL): on the server the deployment's, in the browser the one the
 * server handed over with the page, so that a page opened on another host (www, a platform's default
 * address) names the same canonical address as the server wrote; the browser's own in the shell.
 */
export function siteOrigin(): string {
  if (!isServer) return publicOrigin ?? window.location.origin
  const environment = serverEnvironment()
  if (!environment) throw new Error('No request is being rendered: the shop’s public address is unknown')
  return environment.publicUrl
}

export function environmentFetch(url: string, init?: RequestInit): Promise<Response> {
  if (!isServer) return fetch(url, init)
  const environment = serverEnvironment()
  if (!environment) return Promise.reject(new Error(`No request is being rendered: cannot fetch ${url}`))
  return environment.fetch(url, init)
}
