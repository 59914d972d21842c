/**
 * What the server's page renderer exports (src/entry-server.tsx, built into SSR_DIR) and
 * server/ssr/pages.ts loads: one shape on both sides of the build.
 */

/** What the server knows about the deployment. */
export interface SiteFacts {
  /** absolute origin the shop is reached at, no trailing slash (PUBLIC_URL) */
  publicUrl: string
}

export interface RenderOptions {
  /** dist/index.html: the shell with the built scripts and styles */
  template: string
  site: SiteFacts
  /** reaches the API in process */
  fetch: (url: string, init?: RequestInit) => Promise<Response>
}

export interface RenderedPage {
  status: number
  headers: Headers
  body: string
}

export interface EntryServer {
  /** settles once every language's messages are loaded */
  ready: Promise<void>
  /** the page as HTML with its status, or a Response (a redirect) */
  renderPage(request: Request, options: RenderOptions): Promise<RenderedPage | Response>
}
