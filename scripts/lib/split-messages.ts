import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
import { LATER_MESSAGES_HOOK } from '../../src/lib/later-messages-hook'

/**
 * Splits each language's compiled messages (`locales/<tag>/messages.ts`, all of them, about 15 KB
 * gzip) in the browser build into the ones the first download's code uses, loaded before the app
 * starts, and the rest, loaded by the first chunk that needs one of them (decision 70).
 *
 * Which messages a chunk needs is read from its modules: Lingui's macro leaves each message as its
 * id (`i18n._({ id: "vPmt6M" })`, `<Trans id=…>`, `msg` descriptors) in the module that wrote it.
 * The first download is the entry chunk and what it imports statically; its messages replace a
 * placeholder in the catalogue module, the others one in a second module the catalogue imports
 * lazily (`later`). Every other chunk using one of the later messages ends with a top-level
 * `await` of them, so neither it nor what imports it runs (or renders) before they are there. A
 * string that merely looks like an id puts a message in the first part for nothing, never leaves
 * one out. The development server and the server's build keep the whole catalogue.
 */

const CATALOG = /[\\/]locales[\\/]([\w-]+)[\\/]messages\.ts$/
const LATER_PREFIX = 'virtual:later-messages/'
const LATER_ID = '\0later-messages:'
const PLACEHOLDER = /(["'`])__SHOP_MESSAGES_(FIRST|LATER)__:([\w-]+)\1/g
const STRING = /"((?:[^"\\\n]|\\.){1,64})"|'((?:[^'\\\n]|\\.){1,64})'|`([^`\\$\n]{1,64})`/g

type Messages = Record<string, unknown>

/** The messages object of a catalogue `lingui compile --typescript` wrote. */
export function readCompiledCatalog(source: string): Messages {
  const match = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)
  if (!match) throw new Error('compiled catalogue without JSON.parse("…")')
  return JSON.parse(JSON.parse(match[1]!) as string) as Messages
}

/** The string literals of a module's code that name messages of the catalogue. */
export function messageIdsIn(code: string, known: ReadonlySet<string>): Set<string> {
  const ids = new Set<string>()
  for (const match of code.matchAll(STRING)) {
    const value = match[1] ?? match[2] ?? match[3]!
    if (known.has(value)) ids.add(value)
  }
  return ids
}

export function splitMessages(): Plugin {
  const catalogs = new Map<string, Messages>()
  /** module id → its string literals (compared with the catalogue's ids once every catalogue is read) */
  const literals = new Map<string, Set<string>>()
  let split: { initial: Set<string>; first: Set<string> } | undefined

  const allIds = () => new Set([...catalogs.values()].flatMap((messages) => Object.keys(messages)))

  /** The chunks the entry loads statically, and the ids their modules use, from the whole chunk graph. */
  function firstDownload(chunks: Record<string, { isEntry: boolean; imports: string[]; moduleIds: string[] }>) {
    const initial = new Set(Object.keys(chunks).filter((name) => chunks[name]!.isEntry))
    for (const name of initial) for (const imported of chunks[name]?.imports ?? []) initial.add(imported)
    const known = allIds()
    const first = new Set<string>()
    for (const name of initial) {
      for (const id of chunks[name]?.moduleIds ?? []) for (const value of literals.get(id) ?? []) if (known.has(value)) first.add(value)
    }
    return { initial, first }
  }

  const subset = (messages: Messages, keep: (id: string) => boolean) => Object.fromEntries(Object.entries(messages).filter(([id]) => keep(id)))

  return {
    name: 'split-messages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    buildStart() {
      catalogs.clear()
      literals.clear()
      split = undefined
    },
    resolveId(source) {
      return source.startsWith(LATER_PREFIX) ? LATER_ID + source.slice(LATER_PREFIX.length) : null
    },
    load(id) {
      if (id.startsWith(LATER_ID)) return `export const messages = JSON.parse("__SHOP_MESSAGES_LATER__:${id.slice(LATER_ID.length)}")`
      const tag = CATALOG.exec(id)?.[1]
      if (!tag) return null
      catalogs.set(tag, readCompiledCatalog(readFileSync(id, 'utf8')))
      return [
        `export const messages = JSON.parse("__SHOP_MESSAGES_FIRST__:${tag}")`,
        `export const later = () => import(${JSON.stringify(LATER_PREFIX + tag)})`,
      ].join('\n')
    },
    transform(code, id) {
      if (id.includes('node_modules') || CATALOG.test(id) || id.startsWith(LATER_ID)) return null
      const found = new Set<string>()
      for (const match of code.matchAll(STRING)) found.add(match[1] ?? match[2] ?? match[3]!)
      literals.set(id, found)
      return null
    },
    renderChunk(code, chunk, _options, meta) {
      split ??= firstDownload(meta.chunks)
      const { initial, first } = split
      if (code.includes('__SHOP_MESSAGES_')) {
        return code.replace(PLACEHOLDER, (_, _quote: string, part: 'FIRST' | 'LATER', tag: string) => {
          const messages = catalogs.get(tag)
          if (!messages) throw new Error(`split-messages: no catalogue read for ${tag}`)
          const chosen = subset(messages, (id) => first.has(id) === (part === 'FIRST'))
          return JSON.stringify(JSON.stringify(chosen))
        })
      }
      if (initial.has(chunk.fileName)) return null
      const known = allIds()
      const needsLater = chunk.moduleIds.some((id) => [...(literals.get(id) ?? [])].some((value) => known.has(value) && !first.has(value)))
      // at the end: the chunk's own code and source map stay as they are; its evaluation still ends only once they are loaded
      return needsLater ? `${code}\nawait globalThis.${LATER_MESSAGES_HOOK}?.();\n` : null
    },
  }
}
