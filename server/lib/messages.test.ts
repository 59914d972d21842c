import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/auth'
import { knownMessages, translate } from './messages'

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : []))

describe('server messages', () => {
  it('translates every message the contract schemas give', () => {
    for (const message of Object.values(MESSAGES)) {
      expect(knownMessages(), message).toContain(message)
      expect(translate('ja', message)).not.toBe(message)
      expect(translate('zh_tw', message)).not.toBe(message)
    }
  })

  it('translates every message an AppError is thrown with', () => {
    const sources = [...files('server'), ...files('contract')].map((f) => readFileSync(f, 'utf8')).join('\n')
    const thrown = [...sources.matchAll(/new AppError\('[A-Z_]+', \d{3}, '([^']+)'/g), ...sources.matchAll(/(?:notFound|unauthenticated)\('([^']+)'\)/g)].map((m) => m[1]!)
    expect(thrown.length).toBeGreaterThan(8)
    for (const message of thrown) expect(knownMessages(), message).toContain(message)
  })
})
