import { createHash } from 'node:crypto'

/**
 * `<script …>text</script>` as the HTML parser reads it: a script's text runs to the first
 * `</script` followed by whitespace, `/` or `>`, whatever it contains.
 */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i
const SRC = /(?:^|\s)src\s*=/i

/** Types a browser runs (HTML §4.12.1.1): none, a JavaScript MIME type, module, importmap; any other is a data block. */
const RUN = /^(?:|module|importmap|speculationrules|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/(?:javascript1\.[0-5]|jscript|livescript))$/

function runs(attributes: string): boolean {
  if (SRC.test(attributes)) return false
  const type = TYPE.exec(attributes)
  const value = type ? (type[1] ?? type[2] ?? type[3] ?? '') : ''
  return RUN.test(value.trim().toLowerCase())
}

/**
 * The Content-Security-Policy hash sources (`'sha256-…'`) of every inline script of a page the
 * browser would run, in page order without repeats. JSON-LD and other data blocks are never run and
 * need none. The parser turns CR LF and lone CR into LF before a script's text is hashed (CSP3
 * §6.7.3.3 hashes the text the element holds), so the hash is of that text.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (!runs(attributes)) continue
    const digest = createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')
    hashes.add(`'sha256-${digest}'`)
  }
  return [...hashes]
}
