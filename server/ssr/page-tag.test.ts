import { describe, expect, it } from 'vitest'
import { cutVolatile, heldPage, pageTag, writeOut } from './page-tag'

const T = 1_795_794_309_223
const drawn = (at: number, took = 9) =>
  `<p>Price 1280, id 1795794309223999, 12345678901</p><script>$R={u:${at},dataUpdatedAt:${at + 4},dehydratedAt:${at + 6},processingTimeMS:${took},old:1600000000000}</script>`
const window = (at: number) => ({ from: at - 1_000, to: at + 1_000 })

describe('page tags', () => {
  it('cuts only the drawing’s moments and search timings, and writes the page out as it was', () => {
    const page = cutVolatile(drawn(T), window(T))
    expect(page.values).toEqual([T, T + 4, T + 6, 9])
    expect(writeOut(page)).toBe(drawn(T))
  })

  it('gives the same content hash to the same page drawn later, and another to a changed one', () => {
    const first = pageTag(cutVolatile(drawn(T), window(T)))
    const later = pageTag(cutVolatile(drawn(T + 5_000, 14), window(T + 5_000)))
    const changed = pageTag(cutVolatile(drawn(T).replace('1280', '1290'), window(T)))
    expect(first).toMatch(/^W\/"[\w-]{27}:[0-9a-z.-]+"$/)
    expect(later.split(':')[0]).toBe(first.split(':')[0])
    expect(later).not.toBe(first)
    expect(changed.split(':')[0]).not.toBe(first.split(':')[0])
  })

  it('writes out the page the client holds from a new drawing and the tag it presents', () => {
    const tag = pageTag(cutVolatile(drawn(T), window(T)))
    const now = cutVolatile(drawn(T + 60_000, 3), window(T + 60_000))
    const held = heldPage(`"other", ${tag}`, now)
    expect(held?.tag).toBe(tag)
    expect(writeOut(held!.page)).toBe(drawn(T))
  })

  it('recognises no tag of other content, a forged one, or one with another count of numbers', () => {
    const now = cutVolatile(drawn(T), window(T))
    const tag = pageTag(now)
    expect(heldPage(pageTag(cutVolatile(drawn(T).replace('1280', '1'), window(T))), now)).toBeUndefined()
    expect(heldPage(tag.replace(/:[^"]+/, ':1.2'), now)).toBeUndefined()
    expect(heldPage(tag.replace(/:[^"]+/, ':zzzzzzzzzzz.0.0.0'), now)).toBeUndefined()
    expect(heldPage('W/"nonsense"', now)).toBeUndefined()
    expect(heldPage(undefined, now)).toBeUndefined()
    expect(heldPage('*', now)?.tag).toBe(tag)
  })
})
