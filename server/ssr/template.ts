/**
 * The page template: the built PWA's index.html made into the frame of a drawn page. The drawn page
 * shows without its scripts, so they wait for it: the app's code is run once the page has loaded
 * (its pictures painted), not in front of them. It is fetched meanwhile, behind the pictures: the
 * few chunks of the first screen (decision 67: the framework, the app with the server-drawn pages)
 * are preloaded at low priority, so the app starts from the cache when the page has loaded instead
 * of beginning its downloads then. The shell itself keeps them urgent (preloaded, run at once): it
 * shows nothing without them.
 */
export function pageTemplate(shell: string, { templateFile, nonceSlot }: { templateFile: string; nonceSlot: string }): string {
  const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/
  // a build that writes its entry otherwise must be noticed, not served with the scripts in front again
  if (!entryScript.test(shell)) throw new Error(`${templateFile} has no <script type="module" crossorigin src> to start the app with`)
  return shell
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"')
    .replace(
      entryScript,
      (_, src: string) =>
        `<link rel="modulepreload" fetchpriority="low" crossorigin href="${src}">` +
        `<script type="module" nonce="${nonceSlot}">const start = () => requestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(src)})));` +
        `document.readyState === 'complete' ? start() : addEventListener('load', start, { once: true })</script>`,
    )
}
