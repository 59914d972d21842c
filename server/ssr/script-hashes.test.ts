import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes } from './script-hashes'

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('inlineScriptHashes', () => {
  it('hashes each inline script the browser runs, once, in page order', () => {
    const html =
      '<head><script type="module">import("/a.js")</script><script type="application/ld+json">{"a":1}</script></head>' +
      '<body><script>self.$_TSR={}</script><SCRIPT data-x="1">b()</SCRIPT ><script>self.$_TSR={}</script>' +
      '<script src="/app.js"></script><script type="text/javascript">c()</script><script type="importmap">{}</script></body>'
    expect(inlineScriptHashes(html)).toEqual([hash('import("/a.js")'), hash('self.$_TSR={}'), hash('b()'), hash('c()'), hash('{}')])
  })

  it('leaves out data blocks and scripts with a src', () => {
    expect(inlineScriptHashes('<script type="application/ld+json">{}</script><script type=application/json>[]</script><script src=x.js>ignored</script>')).toEqual([])
  })

  it('hashes the text the parser keeps: CR LF and lone CR become LF', () => {
    expect(inlineScriptHashes('<script>a()\r\nb()\rc()</script>')).toEqual([hash('a()\nb()\nc()')])
  })

  it('ends a script where the parser does, at its first </script', () => {
    expect(inlineScriptHashes('<script>x = "</script><script>y()</script>')).toEqual([hash('x = "'), hash('y()')])
  })
})
