import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { kanaReadings } from '../../db/schema'
import { JAPANESE, japaneseReadings, toKatakana, type Reading } from './readings'

const CHUNK = 500

/**
 * The readings of these texts as the database keeps them (table kana_readings); those it does not
 * have yet are worked out with the dictionary (readings.ts) and stored, so that they are worked out
 * once per text for good. The catalogue import calls this for every name it writes; an index build
 * then finds them all and never loads the dictionary (decision 0069).
 */
export async function storedReadings(db: DbOrTx, texts: Iterable<string>): Promise<Map<string, Reading>> {
  const wanted = [...new Set([...texts].filter((text) => JAPANESE.test(text)))]
  const out = new Map<string, Reading>()
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await db.select().from(kanaReadings).where(inArray(kanaReadings.text, wanted.slice(i, i + CHUNK)))
    for (const row of rows) out.set(row.text, { hiragana: row.hiragana, katakana: toKatakana(row.hiragana) })
  }
  const missing = wanted.filter((text) => !out.has(text))
  if (missing.length === 0) return out
  const made = await japaneseReadings(missing)
  await storeReadings(db, Object.fromEntries([...made].map(([text, reading]) => [text, reading.hiragana])))
  for (const [text, reading] of made) out.set(text, reading)
  return out
}

/**
 * Readings given ahead (the seed catalogue's, worked out when it was built) or just worked out,
 * stored unless known: another import (or another server's index build) may have stored the same
 * text meanwhile, with the same reading.
 */
export async function storeReadings(db: DbOrTx, readings: Record<string, string>) {
  const rows = Object.entries(readings)
    .filter(([text, hiragana]) => JAPANESE.test(text) && hiragana.length > 0)
    .map(([text, hiragana]) => ({ text, hiragana }))
  for (let i = 0; i < rows.length; i += CHUNK) await db.insert(kanaReadings).values(rows.slice(i, i + CHUNK)).onConflictDoNothing()
  return rows.length
}
