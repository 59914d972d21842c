import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build, type OutputChunk } from 'rolldown'
import { afterAll, describe, expect, it } from 'vitest'
import { LATER_MESSAGES_HOOK } from '../../src/lib/later-messages-hook'
import { messageIdsIn, readCompiledCatalog, splitMessages } from './split-messages'

const catalog = (messages: Record<string, string[]>) => `/*eslint-disable*/export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))});`

describe('readCompiledCatalog and messageIdsIn', () => {
  it('reads the messages lingui compile wrote, and finds only their ids among a module’s strings', () => {
    const messages = readCompiledCatalog(catalog({ 'vPmt6M': ['略過 "主內容"'], '+0Yy2U': ['搜尋商品'] }))
    expect(messages).toEqual({ vPmt6M: ['略過 "主內容"'], '+0Yy2U': ['搜尋商品'] })
    const known = new Set(Object.keys(messages))
    expect(messageIdsIn('i18n._({ id: "vPmt6M" }); const x = `+0Yy2U`; const y = "other1"', known)).toEqual(new Set(['vPmt6M', '+0Yy2U']))
  })
})

describe('splitMessages', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'split-messages-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('gives the first download the messages its modules use, the rest a chunk every other chunk that needs them awaits', async () => {
    mkdirSync(path.join(dir, 'locales/xx'), { recursive: true })
    writeFileSync(path.join(dir, 'locales/xx/messages.ts'), catalog({ AAAAAA: ['first-screen text'], BBBBBB: ['dialog text'], CCCCCC: ['unused text'] }))
    writeFileSync(path.join(dir, 'a.ts'), `export const a = { id: "AAAAAA" }\n`)
    writeFileSync(path.join(dir, 'b.ts'), `export const b = { id: "BBBBBB" }\n`)
    writeFileSync(path.join(dir, 'c.ts'), `export const c = { id: "AAAAAA" }\n`)
    writeFileSync(
      path.join(dir, 'entry.ts'),
      `import { a } from './a'\nexport const start = () => import('./locales/xx/messages.ts')\nexport const dialog = () => import('./b')\nexport const other = () => import('./c')\nconsole.log(a)\n`,
    )
    const { output } = await build({ cwd: dir, input: path.join(dir, 'entry.ts'), plugins: [splitMessages()], write: false, output: { format: 'es' } })
    const chunks = output.filter((file): file is OutputChunk => file.type === 'chunk')
    const holding = (id: string) => chunks.filter((chunk) => chunk.code.includes(id)).map((chunk) => chunk.fileName)
    expect(holding('first-screen text')).toHaveLength(1)
    expect(holding('dialog text')).toHaveLength(1)
    const first = chunks.find((chunk) => chunk.code.includes('first-screen text'))!
    const later = chunks.find((chunk) => chunk.code.includes('dialog text'))!
    expect(later).not.toBe(first)
    expect(later.code).toContain('unused text')
    expect(first.code).toContain(later.fileName)
    // the dialog's chunk waits for the later messages; one using only the first screen's does not
    const dialog = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('b.ts')))!
    const other = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('c.ts')))!
    expect(dialog.code.trimEnd().endsWith(`await globalThis.${LATER_MESSAGES_HOOK}?.();`)).toBe(true)
    expect(other.code).not.toContain(LATER_MESSAGES_HOOK)
    expect(holding(LATER_MESSAGES_HOOK)).toEqual([dialog.fileName])
  })
})
