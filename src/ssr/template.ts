import { manifestHref } from '../../sw/manifest'
/** Escapes text for an HTML attribute or element body. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * JSON inside `<script type="application/ld+json">`: `</script>` or `<!--` in a product's text
 * must not end the script, and U+2028/U+2029 must not break older parsers.
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

export interface TemplateParts {
  /** the `<html lang>` value */
  lang: string
  /** tags for the head; the template's own title and description are replaced by them */
  head: string
  /** the rendered app, inside #root */
  app: string
}

/**
 * Puts a rendered page into the built index.html (which keeps the hashed script and style tags
 * Vite wrote). The template's title and description are the shell's, for the offline app; a
 * rendered page brings its own.
 */
export function injectIntoTemplate(template: string, { lang, head, app }: TemplateParts): string {
  const withoutGeneric = template
    .replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(lang)}"`)
    // each language's pages link its own manifest (decision 58); the shell links the zh-TW one
    .replace(/<link rel="manifest" href="[^"]*"/, `<link rel="manifest" href="${manifestHref(lang === 'en' ? 'en' : lang === 'ja' ? 'ja' : 'zh_tw')}"`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
  const headAt = withoutGeneric.indexOf('</head>')
  const rootAt = withoutGeneric.indexOf('<div id="root"></div>')
  if (headAt === -1 || rootAt === -1) throw new Error('index.html has no </head> or no empty <div id="root">')
  return (
    withoutGeneric.slice(0, headAt) +
    head +
    withoutGeneric.slice(headAt, rootAt) +
    `<div id="root">${app}</div>` +
    withoutGeneric.slice(rootAt + '<div id="root"></div>'.length)
  )
}
