/**
 * Draws every catalogue picture as a small, deterministic flat-illustration SVG under public/images/.
 *
 *   node --import tsx scripts/generate-images.ts [CATALOGUE.json]
 *
 * Reads the catalogue (default: the seed catalogue) and writes
 *   products/{sku}.svg       a "package shot": package shape by pack kind and keywords, palette by flavour
 *   products/{sku}-2.svg     a "contents / serving" view matching the category
 *   cities/{slug}.svg        800x600 landmark illustration with the Japanese and English name
 *   trend-groups/{slug}.svg  800x400 themed illustration
 *   categories/{slug}.svg    300x300 round icon
 *   banners/banner-{1..3}.svg 1600x600 home banners (left ~45% kept calm for overlaid text)
 *   subscribe/box-{1..5}.svg  1600x600 snack-box scenes for the subscribe page (contract/subscription.ts)
 *   share/site.jpg           1200x630 JPEG of banner 1: the site's og:image (/img/share/site.jpg)
 *
 * No downloads, no external fonts or images; the same catalogue always gives byte-identical files.
 * ONLY=<regex> limits the run to matching product SKUs (and skips the other pictures).
 * Product pictures are written to the paths the product lists (first = package, second = serving)
 * when they are local /images/...svg paths, else to /images/products/{sku lower-case}[-2].svg.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { CatalogueFileSchema, type CatalogueFile, type CatalogueProduct } from '../contract/catalogue-file'
import { SITE_SHARE_SOURCE } from '../server/modules/images/plan'
import { renderShare } from '../server/modules/images/render'
import { PACKS } from './lib/packs'

const FONT = `'Noto Sans CJK TC','Noto Sans CJK JP','Noto Sans',sans-serif`
const BRAND = '#e8384f'

// ───────────────────────────── small helpers ─────────────────────────────

type Rand = () => number
const n = (x: number) => String(Math.round(x * 10) / 10)
function hash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}
function rng(seed: string): Rand {
  let a = hash(seed)
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T
const between = (r: Rand, lo: number, hi: number) => lo + r() * (hi - lo)
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

// colours
const rgbOf = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
const hexOf = (r: number, g: number, b: number) => `#${[r, g, b].map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, '0')).join('')}`
function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a)
  const y = rgbOf(b)
  return hexOf(x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t)
}
const tint = (c: string, t: number) => mix(c, '#ffffff', t)
const shade = (c: string, t: number) => mix(c, '#1d1416', t)
function hsl(h: number, s: number, l: number): string {
  h = ((h % 360) + 360) % 360
  const c = (1 - Math.abs(2 * l - 1)) * s
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1))
  const m = l - c / 2
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x]
  return hexOf((r + m) * 255, (g + m) * 255, (b + m) * 255)
}
function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = rgbOf(hex).map((c) => c / 255) as [number, number, number]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  if (max === min) return [0, 0, l]
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  const h = max === r ? ((g - b) / d + (g < b ? 6 : 0)) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60
  return [h, s, l]
}
function nudge(hex: string, dh: number, dl: number): string {
  const [h, s, l] = toHsl(hex)
  return hsl(h + dh, s, Math.max(0.05, Math.min(0.95, l + dl)))
}
const luma = (hex: string) => {
  const [r, g, b] = rgbOf(hex)
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255
}

// svg primitives (extra: raw attributes such as ` opacity=".5"`)
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect${x ? ` x="${n(x)}"` : ''}${y ? ` y="${n(y)}"` : ''} width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ''} fill="${fill}"${extra}/>`
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') => `<circle${cx ? ` cx="${n(cx)}"` : ''}${cy ? ` cy="${n(cy)}"` : ''} r="${n(r)}" fill="${fill}"${extra}/>`
/** Many line segments [x1, y1, x2, y2] as one path. */
const segs = (list: number[][], col: string, w: number, extra = '') => path(list.map(([x1 = 0, y1 = 0, x2 = 0, y2 = 0]) => `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`).join(''), 'none', stroke(col, w) + extra)
/** Many same-coloured dots [x, y, r] as one path. */
const dotsPath = (list: number[][], col: string, extra = '') =>
  path(list.map(([x = 0, y = 0, r = 1]) => `M${n(x - r)} ${n(y)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0`).join(''), col, extra)
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`
const poly = (pts: number[], fill: string, extra = '') => `<polygon points="${pts.map(n).join(' ')}" fill="${fill}"${extra}/>`
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, w: number, extra = '') =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(w)}"${extra}/>`
const stroke = (c: string, w: number) => ` stroke="${c}" stroke-width="${n(w)}"`
const op = (o: number) => ` opacity="${o}"`
const grp = (body: string, transform = '', extra = '') => `<g${transform ? ` transform="${transform}"` : ''}${extra}>${body}</g>`
const at = (x: number, y: number, s = 1, rot = 0) => `translate(${n(x)} ${n(y)})${rot ? ` rotate(${n(rot)})` : ''}${s !== 1 ? ` scale(${Math.round(s * 1000) / 1000})` : ''}`
const text = (x: number, y: number, s: string, fs: number, fill: string, extra = '') =>
  `<text x="${n(x)}" y="${n(y)}" font-size="${n(fs)}" fill="${fill}" text-anchor="middle" dominant-baseline="central"${extra}>${esc(s)}</text>`
const svgDoc = (w: number, h: number, body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" font-family="${FONT}" stroke-linecap="round" stroke-linejoin="round">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`

// ───────────────────────────── text fitting ─────────────────────────────

const isWide = (ch: string) => {
  const c = ch.codePointAt(0) ?? 0
  return c >= 0x2e80 && !(c >= 0xff61 && c <= 0xff9f)
}
function charEm(ch: string): number {
  if (isWide(ch)) return 1
  if (ch === ' ') return 0.27
  if (/[ilj.,'’!|:;()]/.test(ch)) return 0.3
  if (/[MWmw%@]/.test(ch)) return 0.86
  if (/[A-Z&]/.test(ch)) return 0.66
  if (/[0-9]/.test(ch)) return 0.57
  return 0.55
}
const textEm = (s: string) => [...s].reduce((w, ch) => w + charEm(ch), 0)

type Script = 'kanji' | 'hira' | 'kata' | 'latin' | 'space' | 'other'
function scriptOf(ch: string): Script {
  const c = ch.codePointAt(0) ?? 0
  if (ch === ' ' || ch === '\u3000') return 'space'
  if ((c >= 0x4e00 && c <= 0x9fff) || ch === '々' || ch === 'ヶ') return 'kanji'
  if (c >= 0x3040 && c <= 0x309f) return 'hira'
  if ((c >= 0x30a0 && c <= 0x30ff) || ch === 'ー') return 'kata'
  if (/[A-Za-z0-9%&'’.-]/.test(ch)) return 'latin'
  return 'other'
}
const NO_START = new Set([...'ー・、。）」』ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵ％!?！？,.):;'])
/** Words a line may happily start with (product kinds at the end of a name). */
const GOOD_START = ['せんべい', 'あられ', 'チップス', 'ラーメン', 'うどん', 'そば', 'そうめん', 'ジュース', 'ソーダ', 'サイダー', 'ゼリー', 'クッキー', 'ケーキ', 'チョコ', 'カレー', 'サブレ', 'タルト', 'セット', 'ギフト', 'スナック', 'もち', 'まんじゅう', 'ティーバッグ', 'ラテ', 'ドリンク', 'プリン', 'ふりかけ', 'グミ', 'パイ', 'ラスク', '詰め合わせ', 'のあなたへ']
const NO_END = new Set([...'（「『('])

/** Splits text into unbreakable atoms (Latin words, kinsoku-bound characters). */
function atoms(s: string): string[] {
  const out: string[] = []
  for (const ch of s) {
    const prev = out[out.length - 1]
    const prevLast = prev ? [...prev].pop() ?? '' : ''
    if (prev !== undefined && (NO_START.has(ch) || NO_END.has(prevLast) || (scriptOf(ch) === 'latin' && scriptOf(prevLast) === 'latin'))) out[out.length - 1] = prev + ch
    else out.push(ch)
  }
  return out
}
function breakCost(before: string, after: string, latin: boolean, rest = after): number {
  const a = [...before].pop() ?? ''
  const b = [...after][0] ?? ''
  if (a === ' ' || b === ' ' || a === '・' || b === '（' || b === '(' || a === '）') return 0
  if (latin) return 3
  if (GOOD_START.some((w) => rest.startsWith(w))) return -0.2
  const sa = scriptOf(a)
  const sb = scriptOf(b)
  if ('のはをへにでが'.includes(a) && sa === 'hira') return 0.1
  if (sa !== sb) return sa === 'hira' && sb === 'kanji' ? 0.2 : sa === 'kanji' && sb === 'hira' ? 2.5 : sa === 'latin' || sb === 'latin' ? 0.6 : 0.45
  return sa === 'hira' ? 2.4 : sa === 'kata' ? 4 : 3
}
interface Fitted {
  lines: string[]
  fs: number
}
/** Picks line breaks and a font size so that `s` fits in w x h (CJK ≈ 1 em, Latin ≈ 0.55 em). */
function fitText(s: string, w: number, h: number, maxFs: number, maxLines = 3, lh = 1.22): Fitted {
  const latin = !/[\u3040-\u9fff]/.test(s)
  const parts = latin ? s.split(/(?<= )/) : atoms(s)
  const m = parts.length
  let best: Fitted & { score: number } = { lines: [s.trim()], fs: Math.min(maxFs, w / Math.max(1, textEm(s)), h / lh), score: -1 }
  const consider = (cuts: number[]) => {
    const lines: string[] = []
    let penalty = 0
    let from = 0
    for (const c of [...cuts, m]) {
      lines.push(parts.slice(from, c).join('').trim())
      if (c < m) penalty += breakCost(parts[c - 1] ?? '', parts[c] ?? '', latin, parts.slice(c).join(''))
      from = c
    }
    if (lines.some((l) => !l)) return
    const widest = Math.max(...lines.map(textEm))
    const fs = Math.min(maxFs, w / widest, h / (lines.length * lh))
    if (!latin && lines.length > 1) penalty += lines.filter((l) => [...l].length === 1).length * 2
    const score = fs * Math.max(0.2, 1 - 0.1 * penalty) * Math.pow(0.96, lines.length - 1) - widest * 0.01
    if (score > best.score) best = { lines, fs, score }
  }
  consider([])
  for (let i = 1; i < m && maxLines >= 2; i++) {
    consider([i])
    for (let j = i + 1; j < m && maxLines >= 3; j++) consider([i, j])
  }
  return { lines: best.lines, fs: Math.floor(best.fs * 10) / 10 }
}
/** Draws fitted text centred on (cx, cy). */
function textBlock(s: string, cx: number, cy: number, w: number, h: number, maxFs: number, fill: string, weight = 700, maxLines = 3, lh = 1.22): string {
  const f = fitText(s, w, h, maxFs, maxLines, lh)
  const top = cy - ((f.lines.length - 1) * f.fs * lh) / 2
  return f.lines.map((l, i) => text(cx, top + i * f.fs * lh, l, f.fs, fill, weight !== 400 ? ` font-weight="${weight}"` : '')).join('')
}

// ───────────────────────────── palette ─────────────────────────────

interface Flavour {
  key: string
  re: RegExp
  main: string
  accent: string
  /** the food itself */
  fill: string
  /** a drink or broth of this flavour */
  liquid: string
}
const FLAVOURS: Flavour[] = [
  { key: 'sakura', re: /sakura|cherry blossom|strawberr|amaou|peach|\brose\b|hina-arare|girls' day/, main: '#ec7f9e', accent: '#6f9a4e', fill: '#f6b7c8', liquid: '#f6b3c4' },
  { key: 'whitechoc', re: /white chocolate|snowman/, main: '#f2e6cf', accent: '#3f6fae', fill: '#f7efe0', liquid: '#f6eedf' },
  { key: 'matcha', re: /matcha|green tea|sencha|gyokuro|genmaicha|kabuse|zunda|edamame|wasabi|\bgoya|bancha|yamato-cha/, main: '#5a8d3b', accent: '#d6ad48', fill: '#94b75a', liquid: '#a8c766' },
  { key: 'ume', re: /\bume\b|umeboshi|plum|narazuke/, main: '#b3354f', accent: '#e9a93c', fill: '#c9415e', liquid: '#e7a08f' },
  { key: 'purple', re: /beni-imo|haskap|grape|purple/, main: '#7c4b9e', accent: '#f0c35a', fill: '#8e5cb4', liquid: '#8a4a8c' },
  { key: 'azuki', re: /azuki|red bean|ogura|yokan|black bean|soybean|kuromame|lucky beans/, main: '#7a3a3f', accent: '#d9b35a', fill: '#6a2f33', liquid: '#7a3a3f' },
  { key: 'citrus', re: /yuzu|lemon|citrus|shikuwasa|banana|honey/, main: '#eebc2c', accent: '#3f7f3a', fill: '#f5d35a', liquid: '#f6df7a' },
  { key: 'orange', re: /mikan|mandarin|hassaku|komikan|orange|persimmon|\bkaki\b|anpo|mixed juice|fruit/, main: '#ef8a2d', accent: '#3f7f3a', fill: '#f4a13f', liquid: '#f7ad4a' },
  { key: 'melon', re: /melon/, main: '#62b052', accent: '#f09a4a', fill: '#a6d46c', liquid: '#8fd16a' },
  { key: 'blacktea', re: /black tea|darjeeling|blend|1859/, main: '#8c2f33', accent: '#d9ae4f', fill: '#a0522d', liquid: '#b5562c' },
  { key: 'choco', re: /chocolate|cocoa|coffee|black sugar|brown sugar|kurozu|black vinegar|cola|hojicha|caramel|truffle|rum-raisin|karinto/, main: '#6e4330', accent: '#e0ac62', fill: '#7a4b35', liquid: '#6b3f2a' },
  { key: 'gold', re: /gold/, main: '#c39a38', accent: '#2c2e4f', fill: '#e5c45e', liquid: '#e8cf7a' },
  { key: 'red', re: /shrimp|prawn|mentaiko|oyster|salmon|takoyaki|okonomiyaki|momiji|maple|spicy|taiwan|tebasaki|kushikatsu|monja|tanabata|setsubun|maneki|daruma|shisa|kimchi|napa/, main: '#d6473c', accent: '#f2c14a', fill: '#e07a55', liquid: '#d9553a' },
  { key: 'cream', re: /milk|cheese|custard|butter|cream|amazake|koji|yuba|tofu|somen|umen|karukan|kuzu|chinsuko|uiro|rakugan|tonkotsu|cultured|moon|shirasu|stollen|goat/, main: '#f1dfb6', accent: '#c8463d', fill: '#f5e6c8', liquid: '#f8f1e2' },
  { key: 'sea', re: /\bsea\b|salt|shio|okinawa|harbour|\bport\b|ramune|soda|cider|glass|kiriko|silk|onsen|bath|hakodate|sanpin|music box|navy/, main: '#2f79b5', accent: '#f2b84b', fill: '#e8cf95', liquid: '#9fd4ec' },
  { key: 'ink', re: /lacquer|charcoal|binchotan|\bink\b|knife|incense|nishijin/, main: '#2f2a2e', accent: '#c9a24a', fill: '#3a3336', liquid: '#3a3336' },
  { key: 'shoyu', re: /shoyu|chuka soba|onomichi|iekei|back-fat|sanma-men|kurobuta ramen/, main: '#3d302d', accent: '#d6473c', fill: '#c98a3e', liquid: '#8e4e24' },
  { key: 'miso', re: /miso ramen|miso nikomi|hatcho miso|kinzanji/, main: '#cf7a2c', accent: '#4a2a1a', fill: '#c98a3e', liquid: '#d99a4e' },
  { key: 'soba', re: /\bsoba\b|somen|umen|kishimen/, main: '#3f6a4f', accent: '#e9c46a', fill: '#c98a3e', liquid: '#7a4a22' },
  { key: 'udon', re: /udon|yakisoba|sobameshi|yaki-ramen/, main: '#24508c', accent: '#f2c14a', fill: '#c98a3e', liquid: '#e8c37a' },
  { key: 'amber', re: /soy|shoyu|miso|ramen|senbei|curry|beef|pork|kurobuta|kombu|bonito|dashi|tsukudani|sauce|eel|jerky|soba|udon|tsukemen|kishimen|sansho|furikake|pickle|tsukemono|rafute|tongue|scallop|shumai|arare|cracker|gluten|noodle|shichimi|kugini|chicken/, main: '#b2602c', accent: '#2e2a2a', fill: '#c98a3e', liquid: '#a8622e' },
  { key: 'golden', re: /potato|imo\b|chestnut|kinton|castella|baumkuchen|corn|ginger|financier|almond|custard|sabl|cookie|tart|pie|rusk|toast|dorayaki|pancake|manju|sponge|monaka|okoshi|wafer|gaufre|yatsuhashi|wood|bear|deer|bamboo|paddle|whisk|brush|fude/, main: '#dd9d35', accent: '#7b4a2b', fill: '#e8b65a', liquid: '#e9b85a' },
  { key: 'leather', re: /leather|purse/, main: '#8a5634', accent: '#e2b04f', fill: '#9a6a45', liquid: '#9a6a45' },
]

interface Pal {
  key: string
  main: string
  accent: string
  fill: string
  liquid: string
  dark: string
  light: string
  bg: string
  soft: string
  ink: string
  paper: string
}
function flavourOf(p: CatalogueProduct): Flavour {
  const name = p.name.en.toLowerCase()
  const desc = p.description.en.toLowerCase()
  for (const f of FLAVOURS) if (f.re.test(name)) return f
  for (const f of FLAVOURS) if (f.re.test(desc)) return f
  const h = hash(p.sku) % 360
  return { key: 'hue', re: /$^/, main: hsl(h, 0.55, 0.5), accent: hsl(h + 160, 0.6, 0.55), fill: '#e2b45e', liquid: hsl(h, 0.6, 0.68) }
}
function paletteOf(p: CatalogueProduct): Pal {
  const f = flavourOf(p)
  const r = rng(`${p.sku}:pal`)
  const main = nudge(f.main, between(r, -7, 7), between(r, -0.035, 0.035))
  const accent = nudge(f.accent, between(r, -8, 8), 0)
  const light = luma(main) > 0.78
  const bgBase = light ? accent : main
  return {
    key: f.key,
    main,
    accent,
    fill: f.fill,
    liquid: f.liquid,
    dark: shade(main, light ? 0.22 : 0.38),
    light: tint(main, 0.5),
    bg: nudge(tint(bgBase, 0.88), between(r, -10, 10), 0),
    soft: tint(bgBase, 0.74),
    ink: light ? shade(accent, 0.45) : shade(main, 0.62),
    paper: '#fffaf1',
  }
}

// ───────────────────────────── patterns ─────────────────────────────

const PATTERNS = ['seigaiha', 'asanoha', 'dots', 'stripes', 'sakura', 'shippo', 'ichimatsu', 'waves'] as const
type PatternKind = (typeof PATTERNS)[number]

const sakuraFlower = (fill: string, centre: string) => {
  const petal = 'M0 0C-7-6-8-15-4-20L0-17L4-20C8-15 7-6 0 0Z'
  return `${[0, 72, 144, 216, 288].map((a) => path(petal, fill, ` transform="rotate(${a})"`)).join('')}${circle(0, 0, 3, centre)}`
}
const PETAL_D = 'M0-9C6-9 8-2 4 5L0 9L-4 5C-8-2-6-9 0-9Z'

/** An opaque pattern `id` in colours bg/fg; scale ≈ tile size. */
function patternDef(id: string, kind: PatternKind, bg: string, fg: string, s: number): string {
  const open = (w: number, h: number, extra = '') => `<pattern id="${id}" width="${n(w)}" height="${n(h)}" patternUnits="userSpaceOnUse"${extra}>${rect(0, 0, w, h, bg)}`
  switch (kind) {
    case 'seigaiha': {
      const R = s / 2
      const ring = `<g id="${id}r">${[0.96, 0.72, 0.48].map((k) => circle(0, 0, R * k, bg, stroke(fg, R * 0.09))).join('')}${circle(0, 0, R * 0.2, fg)}</g>`
      let uses = ''
      for (let k = -2; k <= 4; k++) {
        const y = (k * R) / 2
        const xs = k % 2 === 0 ? [0, 2 * R] : [-R, R, 3 * R]
        for (const x of xs) uses += `<use href="#${id}r" x="${n(x)}" y="${n(y)}"/>`
      }
      return `${open(2 * R, R)}<defs>${ring}</defs>${uses}</pattern>`
    }
    case 'asanoha': {
      const a = s
      const H = a * Math.sqrt(3)
      const tris: number[][] = [
        [0, 0, a, 0, a / 2, H / 2],
        [-a / 2, H / 2, 0, 0, a / 2, H / 2],
        [a / 2, H / 2, a, 0, (3 * a) / 2, H / 2],
        [a / 2, H / 2, 0, H, a, H],
        [-a / 2, H / 2, a / 2, H / 2, 0, H],
        [a / 2, H / 2, (3 * a) / 2, H / 2, a, H],
      ]
      let d = ''
      for (const t of tris) {
        const [x1 = 0, y1 = 0, x2 = 0, y2 = 0, x3 = 0, y3 = 0] = t
        const cx = (x1 + x2 + x3) / 3
        const cy = (y1 + y2 + y3) / 3
        d += `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}L${n(x3)} ${n(y3)}Z`
        for (const [x, y] of [
          [x1, y1],
          [x2, y2],
          [x3, y3],
        ] as const)
          d += `M${n(cx)} ${n(cy)}L${n(x)} ${n(y)}`
      }
      return `${open(a, H)}${path(d, 'none', stroke(fg, s * 0.05))}</pattern>`
    }
    case 'dots':
      return `${open(s, s)}${circle(s / 4, s / 4, s * 0.12, fg)}${circle((3 * s) / 4, (3 * s) / 4, s * 0.12, fg)}</pattern>`
    case 'stripes':
      return `${open(s, s, ' patternTransform="rotate(35)"')}${rect(0, 0, s * 0.42, s, fg)}</pattern>`
    case 'sakura':
      return `${open(s * 2, s * 2)}${grp(sakuraFlower(fg, bg), at(s * 0.5, s * 0.5, s / 48, 10))}${grp(sakuraFlower(fg, bg), at(s * 1.5, s * 1.5, s / 60, 40))}${grp(path(PETAL_D, fg), at(s * 1.5, s * 0.45, s / 40, 60))}${grp(path(PETAL_D, fg), at(s * 0.45, s * 1.5, s / 44, -30))}</pattern>`
    case 'shippo': {
      const r = s / 2
      const c = (x: number, y: number) => circle(x, y, r, 'none', stroke(fg, s * 0.06))
      return `${open(s, s)}${c(0, 0)}${c(s, 0)}${c(0, s)}${c(s, s)}${c(r, r)}</pattern>`
    }
    case 'ichimatsu':
      return `${open(s, s)}${rect(0, 0, s / 2, s / 2, fg)}${rect(s / 2, s / 2, s / 2, s / 2, fg)}</pattern>`
    case 'waves': {
      const d = `M0 ${n(s * 0.3)}Q${n(s / 4)} 0 ${n(s / 2)} ${n(s * 0.3)}T${n(s)} ${n(s * 0.3)}`
      return `${open(s, s * 0.6)}${path(d, 'none', stroke(fg, s * 0.07))}</pattern>`
    }
  }
}

// ───────────────────────────── product analysis ─────────────────────────────

/** The nearest pack kind by size and weight (log distance). */
function packOf(p: CatalogueProduct): string {
  const { length, width, height, weight } = p.size
  let best = 'box-m'
  let bestD = Infinity
  const ramen = p.categories.includes('ramen-noodles')
  for (const [kind, [l, w, h, g]] of Object.entries(PACKS)) {
    if (kind === 'kit' && !ramen) continue
    const d = Math.log(length / l) ** 2 + Math.log(width / w) ** 2 + Math.log(height / h) ** 2 + 0.6 * Math.log(weight / g) ** 2
    if (d < bestD) {
      bestD = d
      best = kind
    }
  }
  return best
}

type Shape = 'box' | 'gift' | 'kit' | 'cups' | 'cookietin' | 'pillow' | 'pouch' | 'can' | 'bottle' | 'ramune' | 'tin' | 'teabox' | 'jar' | 'gourd' | 'cloth' | 'tote' | 'furoshiki' | 'item'

interface Ctx {
  p: CatalogueProduct
  pal: Pal
  r: Rand
  pack: string
  shape: Shape
  /** lower-case English name */
  en: string
  cat: string
  /** the category used for the serving picture */
  serve: string
  ja: string
  city: string
  pattern: PatternKind
  seal: string
  /** id of this product's pattern definition */
  pid: string
}
const pat = (c: Ctx) => `url(#${c.pid})`

function shapeOf(pack: string, en: string, cat: string): Shape {
  if (/cup ramen/.test(en)) return 'cups'
  if (pack === 'kit' || (cat === 'ramen-noodles' && /\bkit\b/.test(en) && pack.startsWith('box'))) return 'kit'
  if (/gourd/.test(en)) return 'gourd'
  if (pack.startsWith('box')) {
    if (/\btin\b/.test(en)) return 'cookietin'
    if (pack === 'box-l' || pack === 'box-xl' || /gift|assortment|\bset\b/.test(en)) return 'gift'
    return 'box'
  }
  if (pack.startsWith('bag')) return cat === 'snacks' || cat === 'sweets' ? 'pillow' : 'pouch'
  if (pack === 'can') return 'can'
  if (pack === 'bottle' || pack === 'bottle-s') return 'bottle'
  if (pack === 'ramune') return 'ramune'
  if (pack === 'tin') return 'tin'
  if (pack === 'teabox') return 'teabox'
  if (pack === 'jar') return 'jar'
  if (pack === 'cloth' || pack === 'flat') return /tote/.test(en) ? 'tote' : 'cloth'
  if (pack === 'furoshiki') return 'furoshiki'
  return 'item'
}

const SEASON_SEAL = (en: string) =>
  /sakura|cherry|hina|girls/.test(en) ? '春' : /kakigori|uchiwa|fan|glass|peach|mizu|tanabata|hiyashi/.test(en) ? '夏' : /chestnut|persimmon|anpo|maple|potato|momiji/.test(en) ? '秋' : '冬'
const SEALS: Record<string, string> = { snacks: '味', sweets: '菓', drinks: '飲', 'ramen-noodles': '麺', tea: '茶', 'regional-gifts': '選', souvenirs: '福' }

// ───────────────────────────── labels ─────────────────────────────

const WHITE = '#ffffff'

/** A name card / label: paper panel with the Japanese name (fitted) and the city underneath. */
function label(c: Ctx, cx: number, cy: number, w: number, h: number, o: { rx?: number; seal?: boolean; maxFs?: number; band?: boolean } = {}): string {
  const { pal } = c
  const rx = o.rx ?? 10
  const cityFs = Math.max(11, Math.min(17, h * 0.13))
  const cityH = cityFs + 10
  const x = cx - w / 2
  const y = cy - h / 2
  let s = rect(x, y, w, h, pal.paper, rx)
  s += rect(x + 5, y + 5, w - 10, h - 10, 'none', Math.max(2, rx - 4), stroke(pal.accent, 1.4) + op(0.55))
  const nameH = h - cityH - 16
  s += textBlock(c.ja, cx, y + 9 + nameH / 2, w - 32, nameH, o.maxFs ?? 40, pal.ink)
  const cityY = y + h - 8 - cityH / 2
  const cw = textEm(c.city) * cityFs
  s += text(cx, cityY, c.city, cityFs, shade(pal.accent, 0.15), ' font-weight="500"')
  s += line(cx - cw / 2 - 26, cityY, cx - cw / 2 - 8, cityY, pal.accent, 1.5, op(0.7))
  s += line(cx + cw / 2 + 8, cityY, cx + cw / 2 + 26, cityY, pal.accent, 1.5, op(0.7))
  if (o.seal !== false) s += sealMark(c, x + w - 6, y + 6, Math.max(13, Math.min(19, h * 0.12)))
  return s
}
/** A round red hanko-like seal with one kanji. */
const sealMark = (c: Ctx, x: number, y: number, r: number) =>
  `${circle(x, y, r, '#c8323a')}${circle(x, y, r - 3, 'none', stroke('#ffe9e4', 1) + op(0.7))}${text(x, y + 0.5, c.seal, r * 1.05, '#fff6ee', ' font-weight="700"')}`

interface Drawn {
  body: string
  /** y of the floor under the object and its half width, for the shadow */
  floor: number
  half: number
}

// ───────────────────────────── package shapes (picture 1) ─────────────────────────────

const BOX_DIMS: Record<string, [number, number, number]> = {
  'box-s': [300, 214, 36],
  'box-m': [372, 252, 44],
  'box-l': [396, 268, 52],
  'box-xl': [414, 280, 58],
  kit: [390, 266, 42],
  teabox: [312, 196, 70],
}

function boxShape(c: Ctx): Drawn {
  const { pal, shape } = c
  const [w, h, d] = BOX_DIMS[shape === 'teabox' ? 'teabox' : c.pack] ?? [372, 252, 44]
  const dx = d * 0.92
  const dy = d * 0.7
  const bottom = 470
  const x = 300 - (w + dx) / 2
  const y = bottom - h
  let s = poly([x, y, x + dx, y - dy, x + w + dx, y - dy, x + w, y], tint(pal.main, 0.3))
  s += poly([x + w, y, x + w + dx, y - dy, x + w + dx, bottom - dy, x + w, bottom], shade(pal.main, 0.2))
  const layout = shape === 'kit' ? 'kit' : shape === 'gift' ? 'gift' : shape === 'teabox' ? 'left' : pick(rng(`${c.p.sku}:layout`), ['top', 'full', 'left'] as const)
  if (layout === 'full' || layout === 'gift') s += rect(x, y, w, h, pat(c))
  else s += rect(x, y, w, h, pal.main)
  if (layout === 'top') {
    s += rect(x, y, w, h * 0.25, pat(c)) + rect(x, y + h * 0.25, w, 7, pal.accent)
    s += rect(x, y + h - 18, w, 6, pal.accent, 0, op(0.8))
    s += label(c, x + w / 2, y + h * 0.25 + 7 + (h * 0.75 - 32) / 2, w * 0.74, h * 0.75 - 52)
  } else if (layout === 'full') {
    s += rect(x, y + h - 26, w, 12, pal.accent)
    s += label(c, x + w / 2, y + h / 2 - 8, w * 0.72, h * 0.64)
  } else if (layout === 'left') {
    const bw = w * 0.27
    s += rect(x, y, bw, h, pat(c)) + rect(x + bw, y, 7, h, pal.accent)
    s += label(c, x + bw + 7 + (w - bw - 7) / 2, y + h / 2, (w - bw) * 0.82, h * 0.72)
    if (shape === 'teabox') s += teaTag(c, x + w * 0.62 + dx / 2, y - dy / 2, x + w + dx, y + 30)
  } else if (layout === 'kit') {
    s += rect(x, y, w, h * 0.2, pat(c)) + rect(x, y + h * 0.2, w, 6, pal.accent)
    const top = y + h * 0.2 + 6
    s += label(c, x + 14 + w * 0.25, top + (h * 0.8 - 6) / 2, w * 0.5, h * 0.8 - 40, { seal: false })
    const bx = x + w * 0.78
    const by = top + (h * 0.8 - 6) / 2
    const br = Math.min(w * 0.19, h * 0.36)
    s += circle(bx, by, br, tint(pal.main, 0.85)) + circle(bx, by, br, 'none', stroke(pal.accent, 4))
    s += grp(miniBowl(c), at(bx, by, (br * 0.84) / 170))
    s += sealMark(c, bx + br * 0.8, by - br * 0.8, 17)
  } else {
    // gift: ribbon and bow
    const lw = w * 0.64
    s += label(c, x + w * 0.06 + lw / 2, y + h / 2, lw, h * 0.66, { seal: false })
    const rx = x + w * 0.82
    const rw = 26
    const ribbon = pal.key === 'gold' || pal.key === 'red' ? '#fff2d6' : pal.key === 'sakura' || pal.key === 'ume' ? '#f7e7c6' : BRAND
    s += rect(rx, y, rw, h, ribbon) + rect(rx, y, 4, h, shade(ribbon, 0.12), 0, op(0.6))
    s += poly([rx, y, rx + dx, y - dy, rx + dx + rw, y - dy, rx + rw, y], tint(ribbon, 0.15))
    const kx = rx + rw / 2 + dx / 2
    const ky = y - dy / 2
    s += path(`M${n(kx)} ${n(ky)}C${n(kx - 60)} ${n(ky - 52)} ${n(kx - 70)} ${n(ky + 8)} ${n(kx)} ${n(ky)}Z`, shade(ribbon, 0.08))
    s += path(`M${n(kx)} ${n(ky)}C${n(kx + 60)} ${n(ky - 56)} ${n(kx + 72)} ${n(ky + 6)} ${n(kx)} ${n(ky)}Z`, ribbon)
    s += path(`M${n(kx - 4)} ${n(ky)}L${n(kx - 30)} ${n(ky + 44)}L${n(kx - 16)} ${n(ky + 40)}L${n(kx - 8)} ${n(ky + 52)}Z`, shade(ribbon, 0.1))
    s += ellipse(kx, ky, 11, 9, shade(ribbon, 0.15))
    s += sealMark(c, x + w * 0.06 + lw - 4, y + h * 0.17 + 4, 17)
  }
  // a soft edge between faces
  s += line(x + w, y, x + w, bottom, shade(pal.main, 0.35), 1.2, op(0.35))
  return { body: s, floor: bottom, half: (w + dx) / 2 + 10 }
}

/** A tea-bag string and tag hanging over the edge of a tea box. */
function teaTag(c: Ctx, x1: number, y1: number, x2: number, y2: number): string {
  const mx = (x1 + x2) / 2
  let s = path(`M${n(x1)} ${n(y1)}C${n(mx)} ${n(y1 - 70)} ${n(x2 + 10)} ${n(y1 - 40)} ${n(x2 + 14)} ${n(y2 - 24)}`, 'none', stroke('#efe6d6', 2))
  s += rect(x2, y2 - 24, 30, 38, c.pal.paper, 3, stroke(shade(c.pal.main, 0.1), 1))
  s += grp(leafIcon(c.pal.key === 'matcha' ? c.pal.main : c.pal.accent), at(x2 + 15, y2 - 5, 0.5))
  return s
}
const leafIcon = (fill: string) => `${path('M0-20C14-10 14 10 0 20C-14 10-14-10 0-20Z', fill)}${line(0, -16, 0, 16, tint(fill, 0.45), 1.6)}`

function cookieTin(c: Ctx): Drawn {
  const { pal } = c
  const w = 380
  const h = 270
  const x = 300 - w / 2
  const bottom = 468
  const y = bottom - h
  let s = rect(x, y, w, h, pat(c), 26)
  s += rect(x - 6, y - 10, w + 12, 62, pal.accent, 22) + rect(x + 10, y - 2, w - 20, 5, WHITE, 2, op(0.35))
  s += rect(x - 6, bottom - 18, w + 12, 18, shade(pal.accent, 0.1), 8)
  s += label(c, 300, y + 52 + (h - 70) / 2, w * 0.7, h - 104, { rx: 60 })
  return { body: s, floor: bottom, half: w / 2 + 10 }
}

function cupsShape(c: Ctx): Drawn {
  const { pal } = c
  const colours = ['#d9473c', '#f0b43a', '#2f78b5', '#6e4330', '#5a8d3b', '#f1dfb6']
  let s = ''
  const cup = (cx: number, base: number, col: string, k: number) => {
    const tw = 56 * k
    const bw = 44 * k
    const h = 120 * k
    let t = path(`M${n(cx - tw)} ${n(base - h)}L${n(cx + tw)} ${n(base - h)}L${n(cx + bw)} ${n(base)}L${n(cx - bw)} ${n(base)}Z`, '#fffaf1')
    t += path(`M${n(cx - tw * 0.95)} ${n(base - h * 0.72)}L${n(cx + tw * 0.95)} ${n(base - h * 0.72)}L${n(cx + tw * 0.83)} ${n(base - h * 0.28)}L${n(cx - tw * 0.83)} ${n(base - h * 0.28)}Z`, col)
    t += rect(cx - tw - 4, base - h - 12, tw * 2 + 8, 14, tint(col, 0.2), 5) + circle(cx, base - h * 0.5, 12 * k, '#fffaf1', op(0.85))
    return t
  }
  s += cup(220, 300, colours[0]!, 0.9) + cup(300, 292, colours[1]!, 0.95) + cup(380, 300, colours[2]!, 0.9)
  const x = 120
  const w = 360
  const y = 290
  const h = 180
  s += poly([x, y, x + 30, y - 22, x + w + 30, y - 22, x + w, y], tint(pal.main, 0.3))
  s += poly([x + w, y, x + w + 30, y - 22, x + w + 30, y + h - 22, x + w, y + h], shade(pal.main, 0.2))
  s += rect(x, y, w, h, pat(c))
  s += label(c, x + w / 2, y + h / 2, w * 0.78, h * 0.72)
  return { body: s, floor: y + h, half: 200 }
}

function pillowBag(c: Ctx): Drawn {
  const { pal } = c
  const [bw, bh] = c.pack === 'bag-s' ? [250, 340] : c.pack === 'bag-l' ? [310, 396] : [284, 372]
  const cx = 300
  const top = 282 - bh / 2
  const bottom = top + bh
  const yt = top + 26
  const yb = bottom - 26
  const x0 = cx - bw / 2
  const x1 = cx + bw / 2
  const my = (yt + yb) / 2
  const body = `M${n(x0 + 4)} ${n(yt)}L${n(x1 - 4)} ${n(yt)}Q${n(x1 + 12)} ${n(my)} ${n(x1 - 4)} ${n(yb)}L${n(x0 + 4)} ${n(yb)}Q${n(x0 - 12)} ${n(my)} ${n(x0 + 4)} ${n(yt)}Z`
  const sealCol = shade(pal.main, 0.18)
  const crimp = (y0: number, y1: number, edge: number) => {
    const steps = Math.round(bw / 12)
    let d = `M${n(x0)} ${n(y0)}`
    for (let i = 0; i <= steps; i++) d += `L${n(x0 + (i * bw) / steps)} ${n(i % 2 ? edge : edge + (edge < y0 ? 5 : -5))}`
    d += `L${n(x1)} ${n(y0)}Z`
    const list: number[][] = []
    for (let xx = x0 + 10; xx < x1 - 4; xx += 9) list.push([xx, Math.min(y0, y1) + 7, xx, Math.max(y0, y1) - 5])
    return path(d, sealCol) + segs(list, shade(pal.main, 0.35), 1.2, op(0.35))
  }
  let s = crimp(yt + 2, top, top) + crimp(yb - 2, bottom, bottom)
  s += path(body, pat(c))
  s += rect(x0 + 18, yt + 10, 14, yb - yt - 20, WHITE, 7, op(0.16))
  const ly = yt + (yb - yt) * 0.36
  s += label(c, cx, ly, bw * 0.8, (yb - yt) * 0.44)
  const wy = yt + (yb - yt) * 0.79
  const wrx = bw * 0.3
  const wry = (yb - yt) * 0.12
  s += `<clipPath id="${c.pid}w"><ellipse cx="${cx}" cy="${n(wy)}" rx="${n(wrx)}" ry="${n(wry)}"/></clipPath>`
  s += ellipse(cx, wy, wrx, wry, tint(pal.main, 0.8))
  const kind = pieceOf(c)
  const ps = wry * 1.5
  s += grp(piece(kind, cx - wrx * 0.55, wy + 4, ps, c, 1) + piece(kind, cx + wrx * 0.5, wy + 6, ps, c, 2) + piece(kind, cx, wy - 2, ps * 1.05, c, 3), '', ` clip-path="url(#${c.pid}w)"`)
  s += ellipse(cx, wy, wrx, wry, 'none', stroke(WHITE, 4) + op(0.9))
  s += path(`M${n(cx - wrx * 0.6)} ${n(wy - wry * 0.55)}Q${n(cx - wrx * 0.2)} ${n(wy - wry * 0.95)} ${n(cx + wrx * 0.15)} ${n(wy - wry * 0.8)}`, 'none', stroke(WHITE, 3) + op(0.6))
  return { body: s, floor: bottom - 4, half: bw / 2 + 8 }
}

function pouch(c: Ctx): Drawn {
  const { pal } = c
  const [bw, bh] = c.pack === 'bag-s' ? [244, 330] : c.pack === 'bag-l' ? [300, 390] : [272, 362]
  const cx = 300
  const top = 290 - bh / 2
  const bottom = top + bh
  const x0 = cx - bw / 2
  const x1 = cx + bw / 2
  const body = `M${n(x0)} ${n(top + 10)}Q${n(x0)} ${n(top)} ${n(x0 + 10)} ${n(top)}L${n(x1 - 10)} ${n(top)}Q${n(x1)} ${n(top)} ${n(x1)} ${n(top + 10)}L${n(x1 + 6)} ${n(bottom - 14)}Q${n(x1 + 4)} ${n(bottom)} ${n(x1 - 12)} ${n(bottom)}L${n(x0 + 12)} ${n(bottom)}Q${n(x0 - 4)} ${n(bottom)} ${n(x0 - 6)} ${n(bottom - 14)}Z`
  let s = path(body, pat(c))
  s += rect(x0, top, bw, 44, shade(pal.main, 0.12), 0, ` clip-path="url(#${c.pid}c)"`)
  s = `<clipPath id="${c.pid}c"><path d="${body}"/></clipPath>${s}`
  s += line(x0 + 8, top + 44, x1 - 8, top + 44, tint(pal.main, 0.45), 3, ' stroke-dasharray="2 5"')
  s += ellipse(cx, top + 20, 14, 6, tint(pal.main, 0.88))
  s += path(`M${n(x0)} ${n(top + 56)}l8 5l-8 5Z`, tint(pal.main, 0.85)) + path(`M${n(x1)} ${n(top + 56)}l-8 5l8 5Z`, tint(pal.main, 0.85))
  s += rect(x0 + 16, top + 56, 12, bh - 80, WHITE, 6, op(0.14))
  const ly = top + 60 + (bh - 60) * 0.36
  s += label(c, cx, ly, bw * 0.8, (bh - 60) * 0.46)
  const wy = top + 60 + (bh - 60) * 0.79
  const ww = bw * 0.56
  const wh = (bh - 60) * 0.2
  s += `<clipPath id="${c.pid}w"><rect x="${n(cx - ww / 2)}" y="${n(wy - wh / 2)}" width="${n(ww)}" height="${n(wh)}" rx="14"/></clipPath>`
  s += rect(cx - ww / 2, wy - wh / 2, ww, wh, tint(pal.main, 0.82), 14)
  s += grp(contentsTexture(c, cx, wy, ww, wh), '', ` clip-path="url(#${c.pid}w)"`)
  s += rect(cx - ww / 2, wy - wh / 2, ww, wh, 'none', 14, stroke(WHITE, 4) + op(0.9))
  s += line(x0 + 10, bottom - 6, x1 - 10, bottom - 6, shade(pal.main, 0.3), 2, op(0.3))
  return { body: s, floor: bottom, half: bw / 2 + 10 }
}

/** What shows through a pouch or jar window: leaves, powder, flakes... */
function contentsTexture(c: Ctx, cx: number, cy: number, w: number, h: number): string {
  const r = rng(`${c.p.sku}:tex`)
  const en = c.en
  let s = ''
  if (/tea|bancha|hojicha(?! latte)|stem/.test(en) && !/latte|powder/.test(en)) {
    const col = /hojicha|bancha|stem/.test(en) ? '#8a5530' : '#4f7a35'
    s += rect(cx - w / 2, cy - h / 2, w, h, tint(col, 0.3))
    for (let i = 0; i < 26; i++) s += grp(path('M0-9C5-4 5 4 0 9C-5 4-5-4 0-9Z', i % 3 ? col : shade(col, 0.25)), at(cx + between(r, -w / 2, w / 2), cy + between(r, -h / 2, h / 2), between(r, 0.6, 1.1), between(r, 0, 180)))
  } else if (/bonito|flake/.test(en)) {
    s += rect(cx - w / 2, cy - h / 2, w, h, '#f1c9a8')
    for (let i = 0; i < 18; i++) s += grp(path('M-10-5L9-8L12 4L-8 7Z', i % 2 ? '#d98f6e' : '#f5d9be'), at(cx + between(r, -w / 2, w / 2), cy + between(r, -h / 2, h / 2), 1.1, between(r, 0, 180)))
  } else if (/miso/.test(en)) {
    s += rect(cx - w / 2, cy - h / 2, w, h, '#6b3a22')
    s += dotsPath(Array.from({ length: 16 }, () => [cx + between(r, -w / 2, w / 2), cy + between(r, -h / 2, h / 2), between(r, 1.5, 3.5)]), '#8a5232')
  } else {
    const col = c.pal.key === 'amber' || c.pal.key === 'hue' ? '#e9c47a' : c.pal.fill
    s += rect(cx - w / 2, cy - h / 2, w, h, col)
    s += dotsPath(Array.from({ length: 30 }, () => [cx + between(r, -w / 2, w / 2), cy + between(r, -h / 2, h / 2), between(r, 1.5, 4)]), tint(col, 0.45), op(0.8))
  }
  return s
}

const CYL = '<linearGradient id="cyl" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".12"/><stop offset=".18" stop-color="#fff" stop-opacity=".28"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset=".85" stop-color="#000" stop-opacity=".12"/><stop offset="1" stop-color="#000" stop-opacity=".24"/></linearGradient>'

function can(c: Ctx): Drawn {
  const { pal } = c
  const cx = 300
  const w = 206
  const x0 = cx - w / 2
  const x1 = cx + w / 2
  const y0 = 130
  const y1 = 462
  const body = `M${x0} ${y0 + 16}L${x0} ${y1 - 8}Q${x0} ${y1 + 8} ${cx} ${y1 + 8}Q${x1} ${y1 + 8} ${x1} ${y1 - 8}L${x1} ${y0 + 16}Z`
  let s = path(`M${x0} ${y0 + 16}L${x0 + 12} ${y0}L${x1 - 12} ${y0}L${x1} ${y0 + 16}Z`, '#c3cad2')
  s += path(body, pal.main)
  s += rect(x0, y0 + 16, w, 74, pat(c))
  s += rect(x0, y0 + 90, w, 6, pal.accent)
  s += rect(x0, y1 - 44, w, 10, pal.accent)
  s += label(c, cx, y0 + 96 + 112, w - 44, 184)
  s += path(body, 'url(#cyl)')
  s += ellipse(cx, y0, w / 2 - 12, 13, '#dfe4e9') + ellipse(cx, y0 + 1, w / 2 - 24, 9, '#b8c0c8')
  s += rect(cx - 20, y0 - 6, 40, 12, '#eef1f4', 6) + circle(cx + 8, y0, 3.5, '#b8c0c8')
  s += path(`M${x0} ${y1 - 8}Q${x0} ${y1 + 8} ${cx} ${y1 + 8}Q${x1} ${y1 + 8} ${x1} ${y1 - 8}L${x1 - 6} ${y1 - 2}Q${cx} ${y1 + 12} ${x0 + 6} ${y1 - 2}Z`, '#c3cad2')
  return { body: s, floor: y1 + 8, half: w / 2 + 8 }
}

function bottle(c: Ctx): Drawn {
  const { pal } = c
  const small = c.pack === 'bottle-s'
  const cx = 300
  const w = small ? 150 : 178
  const neck = small ? 44 : 52
  const x0 = cx - w / 2
  const x1 = cx + w / 2
  const yCap = small ? 118 : 84
  const yNeck = yCap + 40
  const yShoulder = yNeck + (small ? 46 : 62)
  const yBody = yShoulder + 54
  const yBot = 474
  const dark = /soy|sauce|cola|vinegar|kurozu|coffee/.test(c.en)
  const glass = dark ? '#3a2419' : mix(pal.liquid, '#ffffff', 0.08)
  const d = `M${n(cx - neck / 2)} ${yNeck}L${n(cx - neck / 2)} ${yShoulder}C${n(cx - neck / 2)} ${yShoulder + 34} ${x0} ${yBody - 30} ${x0} ${yBody}L${x0} ${yBot - 14}Q${x0} ${yBot} ${x0 + 14} ${yBot}L${x1 - 14} ${yBot}Q${x1} ${yBot} ${x1} ${yBot - 14}L${x1} ${yBody}C${x1} ${yBody - 30} ${n(cx + neck / 2)} ${yShoulder + 34} ${n(cx + neck / 2)} ${yShoulder}L${n(cx + neck / 2)} ${yNeck}Z`
  let s = path(d, glass)
  if (!dark) s += path(d, 'none', stroke(shade(glass, 0.2), 2) + op(0.5))
  s += rect(cx - neck / 2 - 3, yNeck - 2, neck + 6, 10, shade(glass, 0.1), 4)
  s += rect(cx - neck / 2 - 5, yCap, neck + 10, yNeck - yCap, pal.accent, 7)
  for (let xx = cx - neck / 2 + 2; xx < cx + neck / 2; xx += 7) s += line(xx, yCap + 6, xx, yNeck - 6, shade(pal.accent, 0.25), 1.4, op(0.5))
  const lh = yBot - yBody - 46
  s += rect(x0 + 8, yBody + 18, w - 16, 30, pal.main, 0) + rect(x0 + 8, yBody + 20, w - 16, 26, pat(c))
  s += label(c, cx, yBody + 48 + (lh - 34) / 2, w - 16, lh - 34, { rx: 4 })
  s += path(`M${x0 + 16} ${yBody + 6}L${x0 + 16} ${yBot - 20}`, 'none', stroke(WHITE, 7) + op(0.3))
  s += path(`M${n(cx - neck / 2 + 9)} ${yNeck + 12}L${n(cx - neck / 2 + 9)} ${yShoulder + 8}`, 'none', stroke(WHITE, 5) + op(0.35))
  return { body: s, floor: yBot, half: w / 2 + 8 }
}

function ramune(c: Ctx): Drawn {
  const { pal } = c
  const cx = 300
  const w = 156
  const x0 = cx - w / 2
  const x1 = cx + w / 2
  const glass = '#9fd6e4'
  const d = `M${cx - 22} 130L${cx - 22} 158C${cx - 22} 176 ${cx - 46} 178 ${cx - 46} 200C${cx - 46} 222 ${cx - 32} 226 ${cx - 32} 238C${cx - 32} 262 ${x0} 280 ${x0} 312L${x0} 460Q${x0} 474 ${x0 + 14} 474L${x1 - 14} 474Q${x1} 474 ${x1} 460L${x1} 312C${x1} 280 ${cx + 32} 262 ${cx + 32} 238C${cx + 32} 226 ${cx + 46} 222 ${cx + 46} 200C${cx + 46} 178 ${cx + 22} 176 ${cx + 22} 158L${cx + 22} 130Z`
  let s = path(d, glass, op(0.95))
  s += path(`M${x0} 330L${x1} 330L${x1} 460Q${x1} 474 ${x1 - 14} 474L${x0 + 14} 474Q${x0} 474 ${x0} 460Z`, tint(pal.liquid, 0.2), op(0.7))
  s += circle(cx, 212, 22, '#e3f5fa') + circle(cx - 7, 205, 7, WHITE, op(0.9))
  s += rect(cx - 28, 96, 56, 40, pal.main, 8) + rect(cx - 28, 124, 56, 8, shade(pal.main, 0.2), 3)
  s += rect(x0, 322, w, 130, pal.main) + rect(x0, 322, w, 130, pat(c), 0, op(0.9))
  s += label(c, cx, 387, w - 22, 112, { rx: 6 })
  s += path(d, 'none', stroke('#6fb9cc', 2))
  s += path(`M${x0 + 14} 300L${x0 + 14} 318M${x0 + 14} 458L${x0 + 14} 466`, 'none', stroke(WHITE, 6) + op(0.5))
  s += path(`M${cx - 34} 190Q${cx - 36} 206 ${cx - 28} 222`, 'none', stroke(WHITE, 4) + op(0.6))
  return { body: s, floor: 474, half: w / 2 + 8 }
}

function teaTin(c: Ctx): Drawn {
  const { pal } = c
  const cx = 300
  const w = 228
  const x0 = cx - w / 2
  const x1 = cx + w / 2
  const yLid = 132
  const yBody = 196
  const yBot = 468
  const lid = pal.key === 'gold' ? '#2c2e4f' : pal.key === 'cream' ? pal.accent : shade(pal.main, 0.3)
  let s = rect(x0, yBody, w, yBot - yBody - 10, pat(c))
  s += path(`M${x0} ${yBot - 12}Q${cx} ${yBot + 14} ${x1} ${yBot - 12}Z`, shade(pal.main, 0.15))
  const bandTop = yBody + 30
  const bandH = yBot - yBody - 76
  s += rect(x0, bandTop, w, bandH, pal.paper)
  s += rect(x0, bandTop + 4, w, 3, pal.accent) + rect(x0, bandTop + bandH - 7, w, 3, pal.accent)
  s += label(c, cx, bandTop + bandH / 2, w - 40, bandH - 30, { rx: 4 })
  s += rect(x0, yBody, w, yBot - yBody - 4, 'url(#cyl)')
  s += rect(x0 - 7, yLid, w + 14, yBody - yLid + 4, lid, 4) + rect(x0 - 7, yLid, w + 14, yBody - yLid + 4, 'url(#cyl)', 4)
  s += ellipse(cx, yLid, w / 2 + 7, 12, tint(lid, 0.18)) + ellipse(cx, yLid, w / 2 - 10, 7, tint(lid, 0.3))
  s += rect(x0 - 7, yBody - 4, w + 14, 5, shade(lid, 0.3), 0, op(0.6))
  return { body: s, floor: yBot, half: w / 2 + 10 }
}

function jar(c: Ctx): Drawn {
  const { pal } = c
  const cx = 300
  const w = 214
  const x0 = cx - w / 2
  const yLid = 188
  const yBody = 250
  const yBot = 470
  const r = rng(`${c.p.sku}:jar`)
  let s = `<clipPath id="${c.pid}j"><rect x="${x0}" y="${yBody}" width="${w}" height="${yBot - yBody}" rx="30"/></clipPath>`
  s += rect(x0 + 12, yBody - 16, w - 24, 30, '#dfeef1', 10)
  s += rect(x0, yBody, w, yBot - yBody, '#e6f2f4', 30)
  s += grp(contentsTexture(c, cx, (yBody + 26 + yBot) / 2, w, yBot - yBody - 26), '', ` clip-path="url(#${c.pid}j)"`)
  s += rect(x0, yBody, w, yBot - yBody, 'none', 30, stroke('#b9d3d8', 3))
  s += path(`M${x0 + 16} ${yBody + 30}L${x0 + 16} ${yBot - 40}`, 'none', stroke(WHITE, 8) + op(0.5))
  const lid = pal.key === 'cream' ? pal.accent : pal.main
  s += rect(x0 + 4, yLid, w - 8, yBody - yLid - 6, lid, 10)
  for (let xx = x0 + 14; xx < x0 + w - 8; xx += 10) s += line(xx, yLid + 8, xx, yBody - 14, shade(lid, 0.25), 2, op(0.45))
  if (r() < 0.55) {
    // washi paper cover tied with a string
    s += path(`M${x0 - 6} ${yBody - 2}L${x0 + 8} ${yLid - 10}L${x0 + w - 8} ${yLid - 10}L${x0 + w + 6} ${yBody - 2}L${x0 + w - 14} ${yBody + 16}L${cx} ${yBody + 8}L${x0 + 14} ${yBody + 16}Z`, pat(c))
    s += line(x0 + 2, yBody - 8, x0 + w - 2, yBody - 8, pal.accent, 4) + circle(x0 + w - 28, yBody - 6, 6, pal.accent)
  }
  s += label(c, cx, yBody + 46 + (yBot - yBody - 46) / 2 - 4, w - 40, yBot - yBody - 86, { rx: 8 })
  return { body: s, floor: yBot, half: w / 2 + 10 }
}

function cloth(c: Ctx): Drawn {
  const { pal } = c
  const w = 360
  const h = 236
  const x = 300 - w / 2
  const y = 320 - h / 2
  let s = rect(x + 14, y + 16, w, h, shade(pal.main, 0.2), 6)
  s += rect(x + 7, y + 8, w, h, shade(pal.main, 0.1), 6)
  s += rect(x, y, w, h, pat(c), 6)
  s += path(`M${x + w - 70} ${y + h}L${x + w} ${y + h - 70}L${x + w} ${y + h - 6}Q${x + w} ${y + h} ${x + w - 6} ${y + h}Z`, shade(pal.main, 0.25), op(0.5))
  const bx = x + w * 0.58
  s += rect(bx - 70, y - 10, 140, h + 20, pal.paper, 4)
  s += rect(bx - 70, y - 10, 140, 8, pal.accent) + rect(bx - 70, y + h + 2, 140, 8, pal.accent)
  s += label(c, bx, y + h / 2, 128, h - 30, { rx: 4 })
  return { body: s, floor: y + h + 16, half: w / 2 + 14 }
}

function tote(c: Ctx): Drawn {
  const { pal } = c
  let s = path('M232 206C232 120 368 120 368 206', 'none', stroke(shade(pal.main, 0.25), 14))
  s += path('M150 200L450 200L470 470L130 470Z', pat(c))
  s += path('M150 200L450 200L452 226L148 226Z', shade(pal.main, 0.15))
  s += path('M248 210C248 140 352 140 352 210', 'none', stroke(shade(pal.main, 0.1), 14))
  s += hangTag(c, 420, 250, 150, 116)
  return { body: s, floor: 470, half: 180 }
}

function furoshiki(c: Ctx): Drawn {
  const { pal } = c
  let s = path('M150 300Q150 230 220 226L380 226Q450 230 450 300L466 432Q466 470 420 470L180 470Q134 470 134 432Z', pat(c))
  s += path('M214 232C170 170 196 126 250 150C276 162 284 200 300 226Z', pat(c)) + path('M214 232C170 170 196 126 250 150C276 162 284 200 300 226Z', shade(pal.main, 0.3), op(0.25))
  s += path('M386 232C430 170 404 126 350 150C324 162 316 200 300 226Z', pat(c))
  s += ellipse(300, 224, 34, 24, pat(c)) + ellipse(300, 224, 34, 24, shade(pal.main, 0.3), op(0.3))
  s += path('M170 300Q300 330 430 300', 'none', stroke(shade(pal.main, 0.3), 3) + op(0.3))
  s += hangTag(c, 300, 372, 190, 120, 300, 240)
  return { body: s, floor: 470, half: 170 }
}

/** A paper hang tag (with string to sx, sy) carrying the label. */
function hangTag(c: Ctx, cx: number, cy: number, w: number, h: number, sx?: number, sy?: number): string {
  let s = ''
  if (sx !== undefined && sy !== undefined) s += path(`M${sx} ${sy}Q${n((sx + cx) / 2 + 20)} ${n((sy + cy) / 2)} ${n(cx)} ${n(cy - h / 2 + 12)}`, 'none', stroke(c.pal.accent, 2.5))
  s += rect(cx - w / 2 + 3, cy - h / 2 + 4, w, h, '#000', 10, op(0.12))
  s += label(c, cx, cy, w, h)
  s += circle(cx, cy - h / 2 + 12, 4, shade(c.pal.paper, 0.2))
  return s
}

/** Souvenirs and other unpackaged goods: the item on a stand with a name card in front. */
function itemShot(c: Ctx): Drawn {
  const { pal } = c
  const kind = itemOf(c)
  let s = ellipse(300, 414, 186, 30, shade(pal.soft, 0.12))
  s += ellipse(300, 408, 176, 26, tint(pal.accent, 0.55)) + ellipse(300, 405, 164, 20, tint(pal.accent, 0.72))
  s += grp(drawItem(kind, c), at(300, 246, 1.08))
  const w = 340
  const h = 104
  s += rect(300 - w / 2, 452, w, h, shade(pal.paper, 0.12), 10)
  s += label(c, 300, 446 + h / 2, w, h)
  return { body: s, floor: 550, half: 0 }
}

// ───────────────────────────── food pieces ─────────────────────────────

const PIECES: [RegExp, string][] = [
  [/tempura|maple leaf/, 'tempura'],
  [/jerky/, 'jerky'],
  [/lemon almond/, 'almond'],
  [/wasabi peas/, 'pea'],
  [/hina-arare/, 'hina'],
  [/black soybeans|black beans|lucky beans/, 'bean'],
  [/puff/, 'puff'],
  [/chocolate-coated potato/, 'chocochip'],
  [/stick|pretzel/, 'stick'],
  [/snack noodle/, 'noodle'],
  [/cheese cracker|monjayaki/, 'cracker'],
  [/chip|crisp(?!s? ?rice)/, 'chip'],
  [/arare|あられ|scallop/, 'arare'],
  [/senbei|cracker/, 'senbei'],
  [/baumkuchen/, 'baum'],
  [/yatsuhashi crisp/, 'yatsucrisp'],
  [/yatsuhashi/, 'yatsuhashi'],
  [/langue de chat/, 'langue'],
  [/warabi|kuzu mochi/, 'cube'],
  [/konpeito/, 'konpeito'],
  [/wafer/, 'wafer'],
  [/sabl/, 'sable'],
  [/okoshi/, 'okoshi'],
  [/gumm/, 'gummy'],
  [/takoyaki-shaped/, 'takochoco'],
  [/star candies/, 'star'],
  [/cand/, 'candy'],
  [/pudding/, 'pudding'],
  [/gaufre/, 'gaufre'],
  [/sandwich/, 'sandwich'],
  [/truffle/, 'truffle'],
  [/tart/, 'tart'],
  [/financier/, 'financier'],
  [/chinsuko/, 'chinsuko'],
  [/cookie/, 'cookie'],
  [/yokan/, 'yokan'],
  [/dorayaki|pancake/, 'dorayaki'],
  [/jelly/, 'jelly'],
  [/lemon cake/, 'lemoncake'],
  [/panda/, 'panda'],
  [/sponge|custard cake|moon/, 'cake'],
  [/caramel/, 'caramel'],
  [/monaka/, 'monaka'],
  [/sakura mochi/, 'sakuramochi'],
  [/mochi|daifuku/, 'mochi'],
  [/momiji/, 'momiji'],
  [/manju|ningyo/, 'manju'],
  [/rusk/, 'rusk'],
  [/uiro/, 'uiro'],
  [/castella/, 'castella'],
  [/rakugan/, 'rakugan'],
  [/crunch|brown sugar/, 'rock'],
  [/karukan/, 'karukan'],
  [/chinsuko/, 'chinsuko'],
  [/pie/, 'pie'],
  [/kinton/, 'kinton'],
  [/anpo|dried persimmon/, 'kaki'],
  [/stollen/, 'stollen'],
  [/snowman/, 'snowman'],
  [/chocolate/, 'choco'],
]
function pieceOf(c: Ctx): string {
  for (const [re, kind] of PIECES) if (re.test(`${c.en} ${c.ja}`)) return kind
  return c.cat === 'sweets' ? 'manju' : 'senbei'
}
/** Food colour: intrinsic for savoury/neutral flavours, else the flavour colour. */
const foodCol = (c: Ctx, def: string) => (['amber', 'hue', 'sea', 'red', 'golden', 'cream', 'gold', 'ink', 'leather', 'blacktea', 'shoyu', 'miso', 'soba', 'udon'].includes(c.pal.key) ? def : c.pal.fill)

/** One serving piece of kind `kind` centred at (x, y), about s wide (drawn on a 100-unit grid). */
function piece(kind: string, x: number, y: number, s: number, c: Ctx, seed: number): string {
  const r = rng(`${c.p.sku}:pc:${seed}`)
  const rot = between(r, -25, 25)
  const en = c.en
  const dots = (n0: number, rad: number, col: string, spread = 34) => {
    const list: number[][] = []
    for (let i = 0; i < n0; i++) list.push([between(r, -spread, spread), between(r, -spread * 0.7, spread * 0.7), rad * between(r, 0.6, 1.2)])
    return dotsPath(list, col)
  }
  let u = ''
  switch (kind) {
    case 'senbei': {
      const col = /shrimp|prawn|sakura/.test(en) ? '#f2b49a' : /zunda|edamame/.test(en) ? '#b9cf7a' : /gold/.test(en) ? '#e3b062' : '#d9a352'
      u = circle(0, 0, 48, shade(col, 0.12)) + circle(-2, -3, 44, col)
      for (let i = 0; i < 7; i++) u += ellipse(between(r, -28, 28), between(r, -28, 28), between(r, 3, 8), between(r, 2, 5), shade(col, 0.28), op(0.45))
      if (/soy|edo|oyster/.test(en)) u += rect(-13, -42, 26, 80, '#26332b', 4)
      if (/takoyaki|okonomiyaki|curry|mentaiko/.test(en)) u += dots(9, 3, /mentaiko/.test(en) ? '#e0523f' : '#5c8a3a')
      if (/gold/.test(en)) u += dots(8, 4, '#f2cf5a')
      if (/shirasu/.test(en)) for (let i = 0; i < 5; i++) u += path(`M${n(between(r, -25, 15))} ${n(between(r, -25, 25))}q8-5 16 0`, 'none', stroke('#fbf4e8', 2.5))
      if (/ume/.test(en)) u += dots(5, 4, '#c9415e')
      break
    }
    case 'arare': {
      const cols = /ume/.test(en) ? ['#c9415e', '#e9c98a'] : /curry/.test(en) ? ['#d9a13a', '#b8742e'] : /salt|scallop/.test(en) ? ['#efd3a0', '#e2b878', '#f3e2bd'] : ['#c98a3e', '#9a5a2a', '#e2b45e']
      for (let i = 0; i < 5; i++) u += grp(rect(-16, -9, 32, 18, pick(r, cols), 8), at(between(r, -30, 30), between(r, -22, 22), 1, between(r, 0, 180)))
      break
    }
    case 'hina':
      for (let i = 0; i < 9; i++) u += grp(rect(-11, -7, 22, 14, pick(r, ['#f6b7c8', '#b9d98a', '#fbf3e6', '#f5d06a']), 7), at(between(r, -34, 34), between(r, -24, 24), 1, between(r, 0, 180)))
      break
    case 'chip':
    case 'chocochip': {
      const col = kind === 'chocochip' ? '#f0d9a0' : /beni-imo|purple/.test(en) ? '#9a63b8' : /goya/.test(en) ? '#9dc46a' : /mikan/.test(en) ? '#f4a13f' : /kombu/.test(en) ? '#d7b772' : '#ecc66a'
      u = path('M-46-6C-40-34 30-42 47-12C52 12 20 36-10 35C-40 33-51 14-46-6Z', col)
      u += path('M-30-10Q0-26 32-8', 'none', stroke(tint(col, 0.45), 4)) + path('M-30 12Q0-2 30 14', 'none', stroke(shade(col, 0.12), 3))
      if (kind === 'chocochip') u += path('M-46-6C-40-34 30-42 47-12C40 0 10 8-20 6C-36 4-44 2-46-6Z', '#6b3f2a')
      else u += dots(6, 2.6, /kombu|goya/.test(en) ? '#3b5a32' : '#c0612c')
      break
    }
    case 'stick': {
      const col = /potato/.test(en) && !/sweet/.test(en) ? '#eac46a' : /sweet potato|kenpi/.test(en) ? '#d98a2e' : /somen/.test(en) ? '#e9c27a' : '#c58a4a'
      for (let i = 0; i < 3; i++) u += grp(rect(-48, -8, 96, 16, i === 1 ? shade(col, 0.1) : col, 8) + rect(-40, -4, 60, 3, tint(col, 0.4), 2), at(between(r, -6, 6), -16 + i * 16, 1, between(r, -22, 22)))
      break
    }
    case 'puff': {
      const col = '#f0c150'
      u = circle(0, 0, 28, col) + circle(22, -10, 22, col) + circle(-20, 12, 22, col) + circle(14, 18, 20, shade(col, 0.06)) + dots(6, 2.5, /okonomiyaki/.test(en) ? '#6b9a3a' : '#d08a2a', 26)
      break
    }
    case 'bean':
      for (let i = 0; i < 4; i++) {
        const bx = between(r, -26, 26)
        const by = between(r, -18, 18)
        u += ellipse(bx, by, 20, 15, /lucky/.test(en) ? '#e2c182' : '#2a2224') + ellipse(bx - 6, by - 5, 6, 3, WHITE, op(0.5))
      }
      break
    case 'pea':
      for (let i = 0; i < 5; i++) {
        const bx = between(r, -28, 28)
        const by = between(r, -20, 20)
        u += circle(bx, by, 16, '#9cc25a') + circle(bx - 5, by - 5, 5, '#d8ecb0')
      }
      break
    case 'almond':
      for (let i = 0; i < 3; i++) u += grp(path('M0-34C22-24 22 18 0 36C-22 18-22-24 0-34Z', '#c98a4a') + path('M-4-20Q-8 0-2 22', 'none', stroke('#a8683a', 2)) + dots(4, 2.5, '#fff3b0', 12), at(-28 + i * 28, between(r, -8, 8), 0.9, between(r, -30, 30)))
      break
    case 'jerky':
      u = path('M-50-14L40-22L52 8L-42 18Z', /salmon/.test(en) ? '#d96b4a' : '#8a3b2a') + path('M-36-6L38-12M-34 6L40 0', 'none', stroke('#f5c0a0', 2) + op(0.4))
      break
    case 'noodle':
      u = rect(-44, -30, 88, 60, '#e9bf62', 14)
      for (let i = -18; i <= 18; i += 9) u += path(`M-36 ${i}q9-6 18 0t18 0t18 0t18 0`, 'none', stroke('#c99a3e', 3))
      break
    case 'cracker':
      u = rect(-42, -42, 84, 84, '#e6b85e', 10) + rect(-38, -38, 76, 76, 'none', 8, stroke('#cf9a45', 2))
      for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) u += circle(i * 22, j * 22, 3.2, '#b9803a')
      if (/cheese/.test(en)) u += dots(4, 5, '#f7dc7a', 30)
      break
    case 'tempura':
      u = path('M0 46L0 10M0 10L-44-6L-24-14L-36-40L-12-26L0-50L12-26L36-40L24-14L44-6Z', '#e9b95a', stroke('#d69a3e', 6)) + path('M0 40L0-34M0 0L-28-8M0 0L28-8', 'none', stroke('#c98a2e', 2.5))
      break
    case 'baum':
      u = circle(0, 0, 48, '#d9a04a')
      for (const rr of [42, 34, 26]) u += circle(0, 0, rr, 'none', stroke(c.pal.key === 'matcha' ? '#7fa84a' : '#f2cf7a', 4))
      u += circle(0, 0, 14, '#fbf7ef')
      break
    case 'yatsucrisp':
      u = path('M-44 14Q0-20 44 14L44 30Q0-4-44 30Z', foodCol(c, '#d9a35a')) + path('M-40 20Q0-10 40 20', 'none', stroke('#f0c98a', 2))
      break
    case 'yatsuhashi': {
      const col = c.pal.key === 'matcha' ? '#b5cf86' : '#efdcb6'
      u = path('M-46 30L46 30L8-38Z', col) + path('M-40 26L40 26L20 8L-20 8Z', '#5a2c2a') + path('M-46 30L46 30L-8-38Z', tint(col, 0.15), op(0.92))
      break
    }
    case 'langue': {
      const col = c.pal.key === 'whitechoc' || /white/.test(en) ? '#f0d9a6' : foodCol(c, '#e9c07a')
      u = rect(-46, -22, 92, 44, shade(col, 0.1), 22) + rect(-46, -5, 92, 10, /white/.test(en) ? '#fbf6ea' : c.pal.key === 'matcha' ? '#6f9e44' : '#fbf3e0') + rect(-44, -22, 88, 14, col, 10)
      break
    }
    case 'cube': {
      const col = c.pal.key === 'matcha' ? '#8fb35a' : '#e9dcc0'
      u = grp(rect(-26, -26, 52, 52, col, 12) + rect(-20, -20, 18, 8, WHITE, 4, op(0.45)), at(-20, 6, 0.9, 8)) + grp(rect(-26, -26, 52, 52, shade(col, 0.05), 12), at(24, -4, 0.85, -12)) + dots(14, 2, c.pal.key === 'matcha' ? '#4f7a32' : '#c9a46a', 38)
      break
    }
    case 'konpeito':
      for (let i = 0; i < 6; i++) {
        const px = between(r, -30, 30)
        const py = between(r, -20, 20)
        const col = pick(r, ['#f6b7c8', '#fbe58a', '#bfe0f2', '#c9e6a6', '#fbfbf5', '#e3c6f0'])
        u += circle(px, py, 11, col)
        for (let k = 0; k < 6; k++) u += circle(px + Math.cos(k) * 11, py + Math.sin(k) * 11, 4, col)
      }
      break
    case 'wafer': {
      const col = foodCol(c, '#e9bf74')
      const grid: number[][] = []
      for (let i = -36; i <= 36; i += 12) grid.push([i, -26, i, 26])
      for (let j = -18; j <= 18; j += 12) grid.push([-42, j, 42, j])
      u = rect(-46, -30, 92, 60, col, 5) + segs(grid, shade(col, 0.15), 2)
      break
    }
    case 'sable':
    case 'cookie': {
      const col = foodCol(c, '#e6b563')
      if (kind === 'sable') {
        let d = ''
        for (let i = 0; i < 12; i++) {
          const a0 = (i / 12) * Math.PI * 2
          const a1 = ((i + 1) / 12) * Math.PI * 2
          const am = (a0 + a1) / 2
          d += `${i ? 'L' : 'M'}${n(Math.cos(a0) * 42)} ${n(Math.sin(a0) * 42)}Q${n(Math.cos(am) * 56)} ${n(Math.sin(am) * 56)} ${n(Math.cos(a1) * 42)} ${n(Math.sin(a1) * 42)}`
        }
        u = path(`${d}Z`, col) + circle(0, 0, 30, 'none', stroke(shade(col, 0.15), 2.5))
        u += /castle/.test(en) ? path('M-14 12L-14-2L-8-2L-8-10L8-10L8-2L14-2L14 12Z', shade(col, 0.2)) : /deer/.test(en) ? deerMark(shade(col, 0.22)) : grp(leafIcon(shade(col, 0.18)), at(0, 0, 0.8))
      } else {
        u = circle(0, 0, 46, shade(col, 0.1)) + circle(-2, -2, 43, col) + dots(7, 3, shade(col, 0.25), 28)
        if (/deer/.test(en)) u = circle(0, 0, 46, shade(col, 0.1)) + circle(-2, -2, 43, col) + deerMark(shade(col, 0.25))
        if (/sakura/.test(en)) u += grp(sakuraFlower('#f29ab4', '#fbe6ec'), at(0, 0, 0.9))
      }
      break
    }
    case 'okoshi':
      u = rect(-44, -26, 88, 52, '#e9c27a', 6) + dots(26, 3, '#c9954a', 38) + dots(8, 2.5, '#f7e0a6', 38)
      break
    case 'gummy':
      for (let i = 0; i < 3; i++) {
        const col = pick(r, /hassaku/.test(en) ? ['#f7c04a', '#f5a93a', '#fbe17a'] : ['#f28a4a', '#f7c94a', '#f6b7c8', '#a6d46c', '#f5e6a0'])
        u += grp(path('M0-20C14-20 18-8 18 4C18 16 10 22 0 22C-10 22-18 16-18 4C-18-8-14-20 0-20Z', col, op(0.9)) + ellipse(-6, -8, 5, 3, WHITE, op(0.6)), at(-26 + i * 26, between(r, -10, 10), 1.2, between(r, -20, 20)))
      }
      break
    case 'takochoco':
      for (let i = 0; i < 3; i++) {
        const bx = -28 + i * 28
        const by = i === 1 ? -10 : 8
        u += circle(bx, by, 20, '#8a5230') + path(`M${bx - 18} ${by - 4}Q${bx} ${by - 30} ${bx + 18} ${by - 4}Q${bx} ${by - 12} ${bx - 18} ${by - 4}Z`, '#3b1f16') + path(`M${bx - 12} ${by - 8}l6-5l6 5l6-5`, 'none', stroke('#fff8e6', 2)) + circle(bx + 6, by + 6, 2, '#6b9a3a')
      }
      break
    case 'star':
      for (let i = 0; i < 3; i++) u += grp(path('M0-20L5.9-8.1L19-6.2L9.5 3.1L11.8 16.2L0 10L-11.8 16.2L-9.5 3.1L-19-6.2L-5.9-8.1Z', pick(r, ['#f7d64a', '#f6b7c8', '#9fd4ec', '#c9e6a6'])), at(-26 + i * 26, between(r, -12, 12), 1.25, between(r, -20, 20)))
      break
    case 'candy': {
      const col = /ume/.test(en) ? '#c9415e' : pick(r, ['#f28a4a', '#f6b7c8', '#f7c94a', '#a6d46c'])
      u = path('M-22 0L-44-16L-40 0L-44 16Z', tint(col, 0.3)) + path('M22 0L44-16L40 0L44 16Z', tint(col, 0.3)) + circle(0, 0, 24, col) + ellipse(-8, -8, 8, 5, WHITE, op(0.5))
      break
    }
    case 'caramel':
      for (let i = 0; i < 3; i++) u += grp(rect(-16, -14, 32, 28, '#fbf6ea', 3) + rect(-11, -9, 22, 18, '#e2b96a', 3) + line(-16, 0, -22, -6, '#fbf6ea', 3) + line(16, 0, 22, 6, '#fbf6ea', 3), at(-26 + i * 26, between(r, -10, 10), 1.2, between(r, -20, 20)))
      break
    case 'pudding':
      u = path('M-38 30L-30-22L30-22L38 30Z', '#f6d88e') + path('M-30-22L30-22L32-10Q0-2-32-10Z', '#7a3b1a') + ellipse(0, -22, 30, 6, '#8a4a22') + ellipse(0, 32, 46, 8, '#fbf8f1', stroke('#e4ddd2', 2))
      break
    case 'gaufre': {
      u = circle(0, 0, 48, '#e2b26a') + circle(0, 0, 42, 'none', stroke('#c98f45', 2))
      const grid: number[][] = []
      for (let i = -30; i <= 30; i += 12) grid.push([i - 10, -34, i + 10, 34], [i + 10, -34, i - 10, 34])
      u += segs(grid, '#c98f45', 1.5, op(0.6))
      u += path('M-48 4Q0 14 48 4', 'none', stroke('#fbf3e0', 4))
      break
    }
    case 'sandwich':
      u = rect(-44, -26, 88, 52, '#d9a05a', 8) + rect(-44, -6, 88, 12, '#fbf1dc') + dots(4, 3, '#5a2f2f', 34) + rect(-40, -26, 80, 10, '#e9b86c', 5)
      break
    case 'truffle':
      for (let i = 0; i < 3; i++) {
        const bx = -26 + i * 26
        const by = i === 1 ? -12 : 8
        u += circle(bx, by, 20, i === 1 ? '#5a3425' : '#6e4330') + circle(bx - 6, by - 6, 5, '#a8785a', op(0.5))
      }
      break
    case 'tart': {
      const col = /beni-imo/.test(en) ? '#9a63b8' : /cheese/.test(en) ? '#f6d46a' : /caramel|almond/.test(en) ? '#b8743a' : foodCol(c, '#f0c75a')
      u = circle(0, 0, 46, '#d49a4e') + circle(0, 0, 40, '#e6b468') + circle(0, -2, 32, col)
      u += /cheese/.test(en) ? dots(5, 5, '#c07a2e', 18) : /almond/.test(en) ? dots(9, 3.5, '#f1d9a6', 22) : ellipse(-8, -10, 10, 5, WHITE, op(0.35))
      break
    }
    case 'financier':
      u = rect(-42, -22, 84, 44, '#c8843e', 10) + rect(-38, -22, 76, 14, '#dba158', 8) + (/chestnut/.test(en) ? circle(0, -14, 10, '#b06a2e') : dots(3, 4, '#f1d9a6', 24))
      break
    case 'yokan': {
      const col = /persimmon/.test(en) ? '#e07a2a' : /mizu/.test(en) ? '#6a3034' : foodCol(c, '#5a2430')
      u = rect(-46, -24, 92, 48, col, 4, /mizu/.test(en) ? op(0.9) : '') + rect(-40, -18, 30, 6, WHITE, 3, op(0.3))
      if (/mizu/.test(en)) u += path('M-50 30Q0 40 50 30', 'none', stroke('#8fc7df', 3))
      break
    }
    case 'dorayaki':
      u = ellipse(0, 16, 46, 14, '#a85a25') + ellipse(0, 8, 44, 10, /sakura/.test(en) ? '#e99ab0' : '#4a2320') + path('M-46 4C-46-26 46-26 46 4C30 10-30 10-46 4Z', '#c4773a') + path('M-40 0C-36-18 36-18 40 0', 'none', stroke('#e0a060', 3))
      break
    case 'jelly': {
      const col = c.pal.liquid
      u = path('M-34-24L34-24L26 30L-26 30Z', '#eef7fa', stroke('#cfe2e8', 2)) + path('M-31-10L31-10L26 26L-26 26Z', col, op(0.88)) + ellipse(0, -10, 31, 5, tint(col, 0.3))
      u += /mikan|citrus|orange/.test(en) ? path('M-10 8a12 12 0 0 1 20 0Z', '#f5a03a') : /melon/.test(en) ? circle(6, 8, 9, '#c6e58e') : /plum|ume/.test(en) ? circle(0, 8, 11, '#d9a83a') : circle(0, 8, 10, tint(col, 0.4))
      break
    }
    case 'lemoncake':
      u = path('M-46 0C-40-28 40-28 46 0C40 28-40 28-46 0Z', '#f5d35a') + path('M-30-10Q0-24 30-10', 'none', stroke('#fbeaa0', 5)) + ellipse(46, 0, 6, 5, '#e9bf2a') + ellipse(-46, 0, 6, 5, '#e9bf2a')
      break
    case 'panda':
      u = circle(0, 4, 42, '#f2d29a') + circle(-30, -30, 12, '#2b2627') + circle(30, -30, 12, '#2b2627') + circle(0, 6, 34, '#fbf8f0') + ellipse(-13, 0, 9, 11, '#2b2627') + ellipse(13, 0, 9, 11, '#2b2627') + circle(-12, -2, 3, WHITE) + circle(14, -2, 3, WHITE) + ellipse(0, 16, 6, 4, '#2b2627')
      break
    case 'cake': {
      const col = /banana/.test(en) ? '#f7d65a' : '#e9b560'
      u = /banana/.test(en) ? path('M-46 10C-30 36 30 36 46 10C30 20-30 20-46 10Z', '#b07a2a') + path('M-46 10C-40-20 40-20 46 10C30 22-30 22-46 10Z', col) : circle(0, 0, 42, col) + circle(-10, -12, 12, WHITE, op(0.3)) + circle(0, 0, 42, 'none', stroke(shade(col, 0.15), 3))
      if (/moon/.test(en)) u += circle(14, -6, 12, '#fbe7a6', op(0.8))
      break
    }
    case 'monaka':
      u = rect(-42, -30, 84, 60, '#e7c68a', 16) + rect(-34, -22, 68, 44, 'none', 12, stroke('#cfa865', 2.5)) + grp(sakuraFlower('#cfa865', '#e7c68a'), at(0, 0, 0.7))
      break
    case 'sakuramochi':
      u = path('M-40 16C-40-30 40-30 40 16C40 34-40 34-40 16Z', '#f6b7c8') + path('M-44 20C-30-10 20-16 44 4C30 30-30 36-44 20Z', '#6f9a4e') + path('M-40 18C-20 8 20 4 40 6', 'none', stroke('#a8c98a', 2))
      for (let i = 0; i < 10; i++) u += circle(between(r, -28, 28), between(r, -20, 0), 2.5, '#fbd3de')
      break
    case 'mochi': {
      const col = /zunda/.test(en) ? '#a6c86a' : /strawberry/.test(en) ? '#fbf3f4' : foodCol(c, '#fbf6ee')
      u = path('M-42 16C-42-28 42-28 42 16C42 32-42 32-42 16Z', col) + ellipse(-12, -10, 12, 7, WHITE, op(0.5))
      if (/zunda/.test(en)) u += dots(8, 4, '#7fa84a', 28)
      if (/strawberry/.test(en)) u += path('M10-24C20-40 34-30 30-16Z', '#e0455a') + dots(4, 2, '#f7c9d0', 12)
      break
    }
    case 'momiji': {
      const col = '#d39246'
      u = rect(-5, 14, 10, 30, shade(col, 0.15), 4)
      for (const a of [-90, -38, 38, -142, 142]) u += grp(ellipse(0, -24, 15, 26, col), `rotate(${a + 90})`)
      u += circle(0, 0, 24, col) + grp(path('M0 18L0-22M0 0L-16-12M0 0L16-12M0 8L-14 12M0 8L14 12', 'none', stroke(shade(col, 0.22), 2.5)), '') + circle(-10, -14, 7, WHITE, op(0.18))
      break
    }
    case 'manju': {
      const col = /milk/.test(en) ? '#eed49a' : /ningyo/.test(en) ? '#d39144' : foodCol(c, '#e2b06a')
      u = path('M-44 20C-44-30 44-30 44 20Z', col) + rect(-44, 16, 88, 8, shade(col, 0.12), 4) + (/ningyo/.test(en) ? path('M-12-2L0-20L12-2M-8-2L-8 10L8 10L8-2', 'none', stroke(shade(col, 0.3), 3)) : circle(0, -2, 10, 'none', stroke(shade(col, 0.3), 3)))
      break
    }
    case 'rusk': {
      const col = /ogura/.test(en) ? '#e0b878' : '#e9c98a'
      u = path('M-40 30L-40-10C-52-22-44-40-22-40C-14-46 14-46 22-40C44-40 52-22 40-10L40 30Z', '#c99148') + path('M-34 24L-34-8C-42-18-36-32-20-32C-10-38 10-38 20-32C36-32 42-18 34-8L34 24Z', col)
      u += /ogura/.test(en) ? dots(9, 4, '#5a2a2a', 22) : dots(12, 2.6, WHITE, 26)
      break
    }
    case 'uiro': {
      const col = pick(r, ['#fbf6ee', '#f6c6d2', '#cfe3a8', '#a87a5a', '#f3e0a0'])
      u = rect(-44, -26, 88, 52, col, 6) + rect(-38, -20, 40, 6, WHITE, 3, op(0.5))
      break
    }
    case 'castella':
      u = rect(-46, -28, 92, 56, '#f6cf55', 4) + rect(-46, -28, 92, 12, '#7a3f1d', 3) + rect(-46, 20, 92, 8, '#c9953a', 2)
      if (/gold/.test(en)) u += dots(7, 4, '#f7e08a', 34)
      break
    case 'rakugan':
      for (let i = 0; i < 3; i++) u += grp(sakuraFlower(pick(r, ['#f6c6d2', '#fbf6ee', '#cfe3a8', '#f7e0a0']), '#f1d9a6'), at(-28 + i * 28, between(r, -10, 10), 1.1, between(r, 0, 60)))
      break
    case 'rock':
      for (let i = 0; i < 4; i++) u += grp(poly([-16, -10, 2, -18, 18, -6, 14, 14, -6, 18, -18, 6], /strawberry/.test(en) ? pick(r, ['#f29ab4', '#e5738f']) : pick(r, ['#6b4a2e', '#7d5836', '#5a3b24'])), at(between(r, -28, 28), between(r, -18, 18), 1.2, between(r, 0, 90)))
      break
    case 'karukan':
      u = rect(-40, -28, 80, 56, '#fbf8f1', 12, stroke('#ece3d2', 2)) + dots(10, 1.6, '#e9e0ce', 30)
      break
    case 'chinsuko':
      u = rect(-46, -16, 92, 32, '#e9c27a', 16)
      for (let i = -34; i <= 34; i += 9) u += line(i, -14, i, 14, '#cf9e55', 2)
      break
    case 'pie':
      u = path('M0 36C-40 10-50-20-26-34C-12-42 0-30 0-20C0-30 12-42 26-34C50-20 40 10 0 36Z', '#d99a4a') + path('M0 28C-24 8-34-14-20-24M0 28C24 8 34-14 20-24', 'none', stroke('#f3c878', 3))
      break
    case 'kinton':
      u = path('M0-36C20-20 40 0 36 18C32 36-32 36-36 18C-40 0-20-20 0-36Z', '#eec45a') + path('M0-36L-8-10M0-36L6-8M0-36L16-16', 'none', stroke('#d9a23a', 2.5))
      break
    case 'kaki':
      u = ellipse(0, 0, 44, 32, '#e27a2e') + path('M-26-8Q0-20 26-8M-20 10Q0 2 20 12', 'none', stroke('#c0601e', 2.5)) + path('M0-30L-12-40L-2-36L0-48L4-36L14-40Z', '#6b4a2a')
      break
    case 'stollen':
      u = path('M-48 20C-48-20-30-30 0-30C30-30 48-20 48 20Z', '#f9f6f0') + rect(-48, 14, 96, 14, '#d9a05a', 4) + dots(5, 4, '#c0392b', 30) + dots(3, 4, '#6f9a4e', 30)
      break
    case 'snowman':
      u = circle(0, 14, 28, '#fbfaf6') + circle(0, -22, 20, '#fbfaf6') + circle(-7, -24, 2.5, '#2b2627') + circle(7, -24, 2.5, '#2b2627') + path('M-20-6Q0 2 20-6L20 2Q0 10-20 2Z', '#d6473c') + path('M0-18l10 3l-10 3Z', '#f0a03a')
      break
    case 'choco':
    default: {
      const col = /white/.test(en) ? '#f6eedb' : /hojicha/.test(en) ? '#8a5a3a' : /strawberry/.test(en) ? '#f29ab4' : foodCol(c, '#6e4330')
      u = rect(-40, -40, 80, 80, shade(col, 0.15), 8) + rect(-34, -34, 68, 68, col, 6) + line(-20, -20, 20, -20, tint(col, 0.25), 3) + line(-20, 0, 20, 0, tint(col, 0.25), 3)
      if (kind !== 'choco') u = path('M-44 20C-44-30 44-30 44 20Z', foodCol(c, '#e2b06a'))
    }
  }
  return grp(u, at(x, y, s / 100, ['stick', 'bean', 'arare', 'hina', 'konpeito', 'rock', 'truffle', 'takochoco', 'gummy', 'star', 'caramel', 'rakugan', 'almond', 'pea'].includes(kind) ? 0 : rot))
}
const deerMark = (col: string) => path('M-14 14L-12-2Q-16-4-16-10L-22-18L-14-14L-10-20L-8-8Q4-10 12-4L16 14L12 14L10 4L-6 4L-10 14Z', col)

// ───────────────────────────── souvenirs & crafts ─────────────────────────────

const ITEMS: [RegExp, string][] = [
  [/maneki/, 'neko'],
  [/daruma/, 'daruma'],
  [/kokeshi/, 'kokeshi'],
  [/shisa/, 'shisa'],
  [/bear/, 'bear'],
  [/goat/, 'goat'],
  [/\bgod\b|billiken/, 'billiken'],
  [/plush|deer/, 'deer'],
  [/charm|omamori/, 'omamori'],
  [/chopsticks/, 'chopsticks'],
  [/paddle|shamoji/, 'shamoji'],
  [/make-up brush/, 'makeup'],
  [/brush|fude/, 'brush'],
  [/whisk/, 'chasen'],
  [/keychain/, 'keychain'],
  [/purse/, 'purse'],
  [/card case/, 'cardcase'],
  [/mirror/, 'mirror'],
  [/knife/, 'knife'],
  [/folding fan|sensu/, 'sensu'],
  [/round fan|uchiwa/, 'uchiwa'],
  [/matcha bowl/, 'chawan'],
  [/soup bowl/, 'wan'],
  [/teacup/, 'yunomi'],
  [/glass(?! music)|tumbler|kiriko/, 'glass'],
  [/gourd/, 'gourd'],
  [/\bink\b/, 'ink'],
  [/bath salt/, 'bathsalt'],
  [/charcoal/, 'charcoal'],
  [/incense/, 'incense'],
  [/music box/, 'musicbox'],
  [/tote/, 'tote'],
  [/furoshiki/, 'furoshiki'],
  [/tenugui|handkerchief/, 'tenugui'],
]
function itemOf(c: Ctx): string {
  for (const [re, kind] of ITEMS) if (re.test(c.en)) return kind
  return 'daruma'
}
const INK = '#2b2627'
/** A takoyaki ball with sauce, mayonnaise, aonori and bonito flakes, centred near (0, 14). */
function takoyaki(r: Rand): string {
  let s = circle(0, 14, 72, '#c27a3a') + path('M-66-8C-54-62 54-62 66-8C40 2 20-20 0-6C-20 8-40-4-66-8Z', '#4a2218')
  s += path('M-44-24l14-10l14 10l14-10l14 10l14-10', 'none', stroke('#fff6e0', 4))
  s += dotsPath(Array.from({ length: 12 }, () => [between(r, -50, 50), between(r, -44, -14), 3]), '#5f8f3a')
  for (let i = 0; i < 4; i++) s += grp(path('M-8-4L8-6L10 4L-6 6Z', '#f0b8a0'), at(between(r, -40, 40), between(r, -50, -30), 1.3, between(r, 0, 90)))
  return s + ellipse(-30, 40, 14, 8, WHITE, op(0.2))
}
const GOLD = '#dcae48'

/** One shisa guardian lion, mouth open or closed. */
function shisa(open: boolean): string {
  const col = '#d46f3f'
  const dk = '#a24e28'
  let s = ''
  for (let k = 0; k < 12; k++) s += circle(Math.cos((k * Math.PI) / 6) * 50, -36 + Math.sin((k * Math.PI) / 6) * 46, 18, dk)
  s += path('M-50 104C-56 40-30 8 0 8C30 8 56 40 50 104Z', col) + rect(-36, 60, 22, 46, dk, 10) + rect(14, 60, 22, 46, dk, 10)
  s += circle(0, -36, 46, '#e2834f') + circle(-18, -50, 12, WHITE) + circle(-16, -49, 6, INK) + circle(18, -50, 12, WHITE) + circle(20, -49, 6, INK)
  s += path('M-34-66Q-18-76-6-64M34-66Q18-76 6-64', 'none', stroke(dk, 5)) + ellipse(0, -30, 14, 9, dk)
  s += open ? path('M-26-14Q0 14 26-14Z', '#7a2418') + rect(-16, -14, 8, 7, WHITE) + rect(8, -14, 8, 7, WHITE) : path('M-24-12Q0 0 24-12', 'none', stroke('#7a2418', 4))
  return s
}

/** A souvenir drawn on a canonical grid: centred on x = 0, standing on y ≈ 150, about 300 units tall. */
function drawItem(kind: string, c: Ctx): string {
  const { pal } = c
  const en = c.en
  const r = rng(`${c.p.sku}:item`)
  switch (kind) {
    case 'neko': {
      const W = '#fffaf3'
      const pink = '#f4a7b5'
      let s = ellipse(0, 80, 94, 72, W)
      s += grp(ellipse(0, 0, 26, 46, W), at(78, -34, 1, -14)) + ellipse(82, -66, 10, 8, pink) + circle(72, -76, 4, pink) + circle(82, -80, 4, pink) + circle(92, -76, 4, pink)
      s += poly([-74, -52, -62, -120, -20, -88], W) + poly([-64, -64, -58, -106, -32, -86], pink) + poly([74, -52, 62, -120, 20, -88], W) + poly([64, -64, 58, -106, 32, -86], pink)
      s += ellipse(0, -30, 82, 68, W) + ellipse(-42, -72, 22, 13, '#f0a04a') + ellipse(46, -80, 16, 10, '#3a3030') + ellipse(44, 96, 24, 16, '#f0a04a')
      s += path('M-42-34q12-12 24 0M18-34q12-12 24 0', 'none', stroke(INK, 4)) + ellipse(0, -18, 6, 4, pink) + path('M-11-10q5.5 7 11 0q5.5 7 11 0', 'none', stroke(INK, 3))
      s += path('M-30-14L-74-22M-30-8L-72-4M30-14L74-22M30-8L72-4', 'none', stroke('#c9b8a8', 2)) + ellipse(-50, -8, 10, 6, pink, op(0.6)) + ellipse(50, -8, 10, 6, pink, op(0.6))
      s += path('M-58 26Q0 52 58 26L58 40Q0 66-58 40Z', '#d6473c') + circle(0, 56, 14, '#e7b83a') + line(-11, 53, 11, 53, '#b8892a', 2) + circle(0, 61, 3, '#8a6520')
      s += ellipse(-40, 104, 38, 25, '#e7b83a') + ellipse(-40, 104, 30, 18, 'none', stroke('#b8892a', 2)) + ellipse(-70, 92, 20, 16, W)
      return s
    }
    case 'daruma': {
      let s = ellipse(0, 22, 112, 128, '#d63a32') + ellipse(-66, -30, 14, 34, WHITE, op(0.18))
      s += ellipse(0, -22, 70, 60, '#fbeee0')
      s += path('M-54-52Q-32-76-10-56M54-52Q32-76 10-56', 'none', stroke(INK, 9))
      s += circle(-28, -24, 15, WHITE, stroke(INK, 3)) + circle(-28, -24, 8, INK) + circle(28, -24, 15, WHITE, stroke(INK, 3))
      s += path('M-34 8Q-18-6 0 6Q18-6 34 8Q18 2 0 14Q-18 2-34 8Z', INK) + path('M-24 24Q0 38 24 24', 'none', stroke(INK, 3))
      s += path('M-70 64Q0 100 70 64', 'none', stroke('#f2c14a', 5)) + text(0, 100, '福', 40, '#f6cf5a', ' font-weight="700"')
      return s
    }
    case 'kokeshi': {
      let s = path('M-52 150L-46 4Q0-8 46 4L52 150Z', pal.main) + rect(-52, 132, 104, 10, shade(pal.main, 0.25))
      for (const [fx, fy, fr] of [
        [-14, 50, 26],
        [22, 100, 20],
      ] as const) {
        for (let k = 0; k < 8; k++) s += ellipse(fx + Math.cos((k * Math.PI) / 4) * fr * 0.6, fy + Math.sin((k * Math.PI) / 4) * fr * 0.6, fr * 0.36, fr * 0.36, k % 2 ? '#d6473c' : '#f2c14a')
        s += circle(fx, fy, fr * 0.3, '#fbf3e4')
      }
      s += circle(0, -60, 62, '#f8e3c8')
      s += path('M-63-56C-66-132 66-132 63-56C52-88 22-98 0-82C-22-98-52-88-63-56Z', INK) + rect(-66, -66, 12, 44, INK, 6) + rect(54, -66, 12, 44, INK, 6)
      s += circle(-46, -106, 11, '#d6473c') + circle(46, -106, 11, '#d6473c')
      s += path('M-30-52q8 7 16 0M14-52q8 7 16 0', 'none', stroke(INK, 3.5)) + ellipse(0, -28, 6, 4, '#d6473c') + ellipse(-36, -36, 10, 6, '#f4a7b5', op(0.7)) + ellipse(36, -36, 10, 6, '#f4a7b5', op(0.7))
      return s
    }
    case 'shisa':
      return grp(shisa(true), at(-74, 44, 0.92)) + grp(shisa(false), `translate(74 44) scale(-0.92 0.92)`)
    case 'bear': {
      const wood = '#9a6a3e'
      const dk = '#6b4526'
      let s = rect(-146, 134, 292, 16, '#7a5030', 5)
      s += rect(-56, 60, 30, 76, dk, 12) + rect(58, 60, 30, 76, dk, 12) + ellipse(24, 40, 110, 60, wood) + rect(-16, 70, 28, 66, wood, 12) + rect(96, 66, 28, 70, wood, 12)
      for (let i = 0; i < 16; i++) {
        const x = between(r, -70, 110)
        const y = between(r, 6, 70)
        s += path(`M${n(x)} ${n(y)}l9 5`, 'none', stroke('#c0935e', 2.5) + op(0.8))
      }
      s += circle(-88, -32, 13, wood) + ellipse(-92, 4, 46, 38, wood) + ellipse(-128, 16, 24, 17, wood) + circle(-147, 12, 6, INK) + circle(-104, -6, 4.5, INK)
      s += grp(path('M-40 0C-30-13 20-15 36 0C20 15-30 13-40 0Z', '#b9c3cc') + path('M-34 2C-20 9 16 9 30 2', 'none', stroke('#e99a8a', 4)) + path('M36 0L52-13L49 13Z', '#9aa5b0') + circle(-28, -3, 2.5, INK), at(-124, 44, 0.85, 14))
      return s
    }
    case 'goat': {
      const W = '#f6efe3'
      let s = rect(-134, 108, 268, 40, '#c8323a', 14) + rect(-134, 108, 268, 40, 'none', 14, stroke(GOLD, 3)) + circle(-134, 148, 7, GOLD) + circle(134, 148, 7, GOLD)
      s += ellipse(24, 64, 98, 52, W) + ellipse(-20, 104, 30, 12, '#eadfcc') + ellipse(80, 106, 30, 12, '#eadfcc')
      s += ellipse(-60, -4, 42, 50, W) + grp(ellipse(0, 0, 20, 9, '#eadccb'), at(-108, -12, 1, 20)) + grp(ellipse(0, 0, 20, 9, '#eadccb'), at(-14, -20, 1, -20))
      s += path('M-84-40C-124-58-118-104-82-94C-62-88-64-64-76-60', 'none', stroke('#a8753f', 11)) + path('M-38-42C0-62-4-104-38-96C-58-90-56-66-44-62', 'none', stroke('#a8753f', 11))
      s += circle(-76, -6, 4.5, INK) + circle(-44, -6, 4.5, INK) + ellipse(-60, 18, 7, 5, '#f4a7b5') + path('M-66 40Q-60 60-54 40', W, stroke(W, 6))
      s += path('M-92 32Q-60 46-28 32', 'none', stroke('#d6473c', 6)) + circle(-60, 44, 8, GOLD)
      return s
    }
    case 'billiken': {
      const g = '#e2ad45'
      const d = '#8a5a1a'
      let s = ellipse(-44, 126, 36, 22, g) + ellipse(44, 126, 36, 22, g) + ellipse(-44, 134, 24, 12, '#f0c870') + ellipse(44, 134, 24, 12, '#f0c870')
      s += path('M-72 118C-82 40-52 0 0 0C52 0 82 40 72 118Z', g) + grp(ellipse(0, 0, 18, 38, shade(g, 0.08)), at(-62, 62, 1, 20)) + grp(ellipse(0, 0, 18, 38, shade(g, 0.08)), at(62, 62, 1, -20))
      s += path('M0-144C30-112 64-82 60-40C56 0 30 14 0 14C-30 14-56 0-60-40C-64-82-30-112 0-144Z', g) + ellipse(-26, -88, 9, 24, WHITE, op(0.25))
      s += path('M-40-54L-14-46M40-54L14-46', 'none', stroke(d, 5)) + path('M-34-18Q0 14 34-18Q0-4-34-18Z', d) + ellipse(0, -30, 6, 4, d)
      return s
    }
    case 'deer': {
      const b = '#c98b4f'
      const l = '#f6e3c4'
      let s = rect(-52, 84, 30, 60, b, 14) + rect(-4, 90, 30, 56, shade(b, 0.08), 14) + rect(52, 84, 30, 60, b, 14) + rect(96, 86, 30, 58, shade(b, 0.08), 14)
      s += ellipse(28, 58, 104, 60, b) + ellipse(128, 34, 13, 18, l)
      for (let i = 0; i < 7; i++) s += circle(between(r, -20, 100), between(r, 30, 80), between(r, 5, 9), l)
      s += grp(ellipse(0, 0, 32, 14, b) + ellipse(0, 0, 20, 7, '#f4b7b8'), at(-128, -52, 1, -25)) + grp(ellipse(0, 0, 32, 14, b) + ellipse(0, 0, 20, 7, '#f4b7b8'), at(-12, -60, 1, 25))
      s += ellipse(-86, -96, 8, 14, l) + ellipse(-52, -98, 8, 14, l) + circle(-70, -30, 56, b)
      s += ellipse(-80, -4, 28, 21, l) + ellipse(-86, -12, 9, 6, '#3a2a2a') + circle(-96, -38, 7, INK) + circle(-50, -38, 7, INK) + circle(-94, -41, 2.5, WHITE) + circle(-48, -41, 2.5, WHITE)
      s += path('M-40 16L12 8L-12 48Z', '#d6473c')
      return s
    }
    case 'omamori': {
      const d = 'M-72 150L-72-84L-42-124L42-124L72-84L72 150Z'
      let s = path('M-22-124C-46-172-8-182 0-150C8-182 46-172 22-124', 'none', stroke(pal.accent, 7)) + circle(0, -136, 11, pal.accent)
      s += path(d, pat(c)) + path(d, 'none', stroke(GOLD, 6))
      s += rect(-30, -72, 60, 172, '#f8ecc8', 4, stroke(GOLD, 3))
      s += text(0, -34, '開', 42, '#8a2a1a', ' font-weight="700"') + text(0, 18, '運', 42, '#8a2a1a', ' font-weight="700"') + circle(0, 70, 12, '#c8323a')
      return s
    }
    case 'chopsticks': {
      const stick = (dy: number) =>
        grp(poly([-150, -3, 130, -8, 130, 8, -150, 3], pal.key === 'cream' ? '#a8262c' : pal.main) + rect(86, -8, 14, 16, GOLD) + rect(110, -8, 8, 16, GOLD) + poly([-150, -3, -110, -4, -110, 4, -150, 3], '#e9cf9e'), at(0, dy))
      return grp(ellipse(-118, 96, 26, 10, '#f3e9dc') + ellipse(-118, 92, 20, 7, '#dfe9ef') + grp(stick(0) + stick(24), at(8, 0, 1, -28)), at(0, 0))
    }
    case 'shamoji': {
      const paddle = (col: string) => ellipse(0, -56, 60, 80, col) + rect(-14, 12, 28, 140, col, 12) + path('M-20-100Q0-120 20-100M-30-60Q0-80 30-60', 'none', stroke(shade(col, 0.12), 2))
      return grp(paddle('#d9b47a'), at(50, -10, 0.8, 18)) + grp(paddle('#ecd09c') + path('M0 140C-10 170 20 170 10 150', 'none', stroke('#d6473c', 4)), at(-30, 0, 0.95, -20))
    }
    case 'brush':
    case 'makeup': {
      if (kind === 'brush')
        return grp(
          path('M0-166C-16-186 16-186 0-166', 'none', stroke('#d6473c', 3)) + rect(-10, -166, 20, 196, '#c99a56', 8) + line(-10, -100, 10, -100, '#a87a3a', 3) + line(-10, -30, 10, -30, '#a87a3a', 3) + rect(-13, 30, 26, 18, INK, 4) + path('M-14 48C-20 90-4 130 0 156C4 130 20 90 14 48Z', '#f3ece0') + path('M-6 120C-2 136 2 136 6 120L0 156Z', INK),
          at(0, 0, 0.95, 30),
        )
      return grp(rect(-12, 10, 24, 150, INK, 10) + rect(-18, -6, 36, 40, GOLD, 6) + path('M-34-6C-46-80-22-130 0-130C22-130 46-80 34-6Z', '#efe2d0') + path('M-22-100C-12-126 12-126 22-100C12-110-12-110-22-100Z', '#c9a58a'), at(0, 0, 0.95, 25))
    }
    case 'chasen': {
      let s = rect(-26, 40, 52, 110, '#e2c88e', 12) + line(-26, 90, 26, 90, '#c9a86a', 3)
      s += path('M-64 44C-74-40-40-112 0-112C40-112 74-40 64 44Z', '#f1dfb0')
      let tines = ''
      for (let i = -7; i <= 7; i++) tines += `M${i * 8} 44Q${i * 10} -30 ${i * 5} -108`
      s += path(tines, 'none', stroke('#d7bf85', 1.6))
      s += ellipse(0, -20, 22, 80, '#e7cf98')
      return s
    }
    case 'keychain': {
      let s = circle(0, -128, 20, 'none', stroke('#b9c0c7', 6))
      for (let y = -102; y < -62; y += 12) s += ellipse(0, y, 5, 7, 'none', stroke('#b9c0c7', 3))
      return s + takoyaki(r)
    }
    case 'purse': {
      const col = pal.key === 'leather' ? pal.main : '#8a5634'
      let s = path('M-104-20L104-20C114 60 84 130 0 130C-84 130-114 60-104-20Z', col)
      s += path('M-92-6L92-6C100 56 74 116 0 116C-74 116-100 56-92-6Z', 'none', stroke(tint(col, 0.35), 2) + ' stroke-dasharray="6 5"')
      s += path('M-104-20Q0-64 104-20', 'none', stroke(GOLD, 10)) + circle(-14, -54, 12, '#e7c35a') + circle(14, -54, 12, '#e7c35a') + ellipse(-40, 30, 20, 40, WHITE, op(0.08))
      return s
    }
    case 'cardcase':
      return rect(-134, -84, 268, 176, shade(pal.main, 0.2), 14) + rect(-130, -90, 260, 176, pat(c), 12) + path('M-130-90L130-90L130-20Q0 24-130-20Z', INK, op(0.16)) + rect(-130, -90, 260, 176, 'none', 12, stroke(GOLD, 4)) + circle(0, 3, 10, GOLD)
    case 'mirror': {
      let s = rect(-18, 54, 36, 100, INK, 14) + rect(-20, 60, 40, 12, GOLD, 3) + circle(0, -42, 104, INK) + circle(0, -42, 96, 'none', stroke(GOLD, 5))
      for (let i = 0; i < 16; i++) s += grp(poly([-8, -6, 7, -8, 9, 6, -6, 8], GOLD), at(between(r, -60, 60), -42 + between(r, -60, 60), between(r, 0.8, 2), between(r, 0, 90)))
      s += grp(sakuraFlower('#f0c85a', INK), at(30, -70, 1.2))
      return s
    }
    case 'knife':
      return grp(
        path('M-160-4L64-4L64 24L-128 24Q-154 20-160-4Z', '#dfe3e8') + path('M-160-4L64-4L64 4L-150 4Z', '#f6f8fa') + path('M-120 14Q-90 6-60 14T0 14T60 14', 'none', stroke('#b9c0c7', 2)) + rect(64, -8, 16, 34, INK, 3) + rect(80, -6, 92, 30, '#8a5a34', 10) + circle(110, 9, 3.5, GOLD) + circle(144, 9, 3.5, GOLD),
        at(-6, 0, 0.92, -24),
      )
    case 'sensu': {
      const cx = 0
      const cy = 120
      const a0 = (205 * Math.PI) / 180
      const a1 = (335 * Math.PI) / 180
      const R1 = 178
      const R0 = 64
      const p = (rr: number, a: number) => `${n(cx + Math.cos(a) * rr)} ${n(cy + Math.sin(a) * rr)}`
      let s = ''
      const ribs: number[][] = []
      for (let i = 0; i <= 14; i++) {
        const a = a0 + ((a1 - a0) * i) / 14
        ribs.push([cx, cy, cx + Math.cos(a) * (R1 + 4), cy + Math.sin(a) * (R1 + 4)])
      }
      s += segs(ribs, '#8a5a34', 5)
      s += path(`M${p(R1, a0)}A${R1} ${R1} 0 0 1 ${p(R1, a1)}L${p(R0, a1)}A${R0} ${R0} 0 0 0 ${p(R0, a0)}Z`, pat(c))
      for (let i = 0; i < 14; i += 2) {
        const b0 = a0 + ((a1 - a0) * i) / 14
        const b1 = a0 + ((a1 - a0) * (i + 1)) / 14
        s += path(`M${p(R1, b0)}A${R1} ${R1} 0 0 1 ${p(R1, b1)}L${p(R0, b1)}A${R0} ${R0} 0 0 0 ${p(R0, b0)}Z`, INK, op(0.1))
      }
      s += path(`M${p(R1, a0)}A${R1} ${R1} 0 0 1 ${p(R1, a1)}`, 'none', stroke(GOLD, 4)) + circle(cx, cy, 8, GOLD)
      return s
    }
    case 'uchiwa': {
      let s = rect(-10, 62, 20, 92, '#d9b878', 6) + circle(0, -40, 112, pal.main) + circle(0, -40, 104, '#fbf8f1')
      s += segs(Array.from({ length: 16 }, (_, k) => [0, -40, Math.cos(k * 0.39) * 100, -40 + Math.sin(k * 0.39) * 100]), '#e9dfcc', 1.5)
      s += /sakura/.test(en) ? grp(sakuraFlower('#f29ab4', '#fbe6ec'), at(-30, -60, 1.8)) + grp(sakuraFlower('#f6b7c8', '#fbe6ec'), at(40, -10, 1.3)) : ''
      s += path('M-100-10Q-70-30-40-10T20-10T80-10', 'none', stroke('#6fa8d8', 5))
      s += grp(path('M-24 0C-10-16 14-14 22 0C14 14-10 16-24 0Z', '#e8553a') + path('M22 0L40-14L36 0L40 14Z', '#f07a5a'), at(20, -70, 1.1, -15))
      s += grp(path('M-24 0C-10-16 14-14 22 0C14 14-10 16-24 0Z', '#e8553a') + path('M22 0L40-14L36 0L40 14Z', '#f07a5a'), at(-40, 20, 0.9, 160))
      return s
    }
    case 'chawan':
    case 'wan': {
      const lac = kind === 'wan'
      const body = 'M-140-36C-136 64-92 108 0 108C92 108 136 64 140-36Z'
      let s = rect(-52, 100, 104, 22, lac ? INK : '#c9a77a', 6)
      s += path(body, lac ? INK : pal.main)
      if (lac) s += path('M-100 30Q-50 0 0 34T100 30', 'none', stroke(GOLD, 3)) + grp(sakuraFlower(GOLD, INK), at(-60, 50, 1)) + grp(sakuraFlower(GOLD, INK), at(60, 40, 0.8))
      else s += path('M-140-36L140-36C140 10 120 4 110 30C100 10 80 40 60 20C40 50 20 10 0 36C-20 10-40 46-60 20C-80 40-100 10-116 30C-126 4-140 10-140-36Z', tint(pal.main, 0.4))
      s += ellipse(0, -36, 140, 30, lac ? '#b3262c' : shade(pal.main, 0.1)) + ellipse(0, -32, 124, 22, lac ? '#8e1c22' : shade(pal.main, 0.3))
      s += ellipse(-90, 20, 10, 30, WHITE, op(0.15))
      return s
    }
    case 'yunomi': {
      let s = path('M-80-96L80-96L70 120Q0 132-70 120Z', '#f6f1e6')
      s += path('M-80-96L80-96L78-56L-78-56Z', pat(c))
      s += circle(-10, 30, 30, '#c8323a') + circle(-10, 30, 14, '#e6b83a') + path('M-60 60Q-40 20-20 60M20 10Q50-20 70 20', 'none', stroke('#3f7f3a', 8)) + circle(44, 70, 16, '#6b4a8a') + circle(44, 70, 7, '#e6b83a')
      s += ellipse(0, -96, 80, 16, '#e9e1cf') + ellipse(0, -94, 70, 11, '#d9e3c0')
      return s
    }
    case 'glass': {
      const body = 'M-92-110L92-110L76 132Q0 142-76 132Z'
      let s = path(body, '#e6f3f8', op(0.8))
      if (/ryukyu/.test(en)) {
        s += path('M-90-80L90-80L76 132Q0 142-76 132Z', '#4f9fd6', op(0.85)) + path('M-84-10L84-10L76 132Q0 142-76 132Z', '#2f6fb0', op(0.7))
        for (let i = 0; i < 16; i++) s += circle(between(r, -70, 70), between(r, -70, 120), between(r, 2, 6), WHITE, op(0.6))
      } else if (/kiriko/.test(en)) {
        s += path('M-90-90L90-90L84-6L-84-6Z', '#2f5fae')
        for (let x = -80; x <= 80; x += 20) s += line(x - 10, -84, x + 10, -12, '#dbe8f5', 2.5) + line(x + 10, -84, x - 10, -12, '#dbe8f5', 2.5)
        s += path('M-70 40L70 40M-60 80L60 80', 'none', stroke('#cfe0ee', 3))
      } else if (/fuji/.test(en)) {
        s += path('M-80 130L-24 30Q0 16 24 30L80 130Z', '#4f7fc0') + path('M-24 30Q0 16 24 30L34 48L16 42L0 52L-16 42L-34 48Z', WHITE)
      } else {
        for (let i = 0; i < 7; i++) s += grp(sakuraFlower('#f29ab4', '#fbe6ec'), at(between(r, -60, 60), between(r, -70, 110), between(r, 0.8, 1.3), between(r, 0, 70)))
      }
      s += path(body, 'none', stroke('#b6d5e0', 3)) + ellipse(0, -110, 92, 14, '#f4fafc', stroke('#b6d5e0', 3)) + path('M-70-90L-58 110', 'none', stroke(WHITE, 8) + op(0.5))
      return s
    }
    case 'gourd': {
      const g = '#e0a955'
      let s = rect(-16, -150, 32, 28, '#b98a55', 6) + circle(0, -82, 54, g) + circle(0, 56, 92, g) + rect(-30, -40, 60, 30, g)
      s += ellipse(-30, -100, 10, 20, WHITE, op(0.3)) + ellipse(-50, 30, 14, 34, WHITE, op(0.25))
      s += path('M-34-28Q0-16 34-28', 'none', stroke('#c8323a', 7)) + path('M20-26L34 30M26-26L44 24', 'none', stroke('#c8323a', 4)) + circle(38, 34, 8, '#c8323a')
      return s
    }
    case 'ink': {
      let s = rect(-40, 30, 190, 120, '#3a3638', 26) + ellipse(60, 70, 60, 24, '#151314') + ellipse(50, 66, 30, 10, '#2a3444', op(0.7))
      s += grp(rect(-80, -22, 190, 50, '#232022', 8) + rect(-70, -14, 170, 34, 'none', 4, stroke(GOLD, 2.5)) + path('M-50 3Q-30-10-10 3T30 3T70 3', 'none', stroke(GOLD, 3)), at(-40, -40, 1, -18))
      return s
    }
    case 'bathsalt': {
      let s = path('M-120 20C-116 100-70 140 0 140C70 140 116 100 120 20Z', '#c9a06a') + ellipse(0, 20, 120, 30, '#e2c08a')
      s += ellipse(0, 18, 106, 24, pal.key === 'hue' ? '#f0b46a' : tint(pal.main, 0.3)) + path('M-80 16Q0-30 80 16Z', pal.key === 'hue' ? '#f5c27a' : tint(pal.main, 0.45))
      for (let i = 0; i < 30; i++) s += circle(between(r, -80, 80), between(r, -4, 30), 2.5, WHITE, op(0.7))
      s += grp(rect(-10, 0, 20, 110, '#e2c08a', 8) + ellipse(0, -10, 26, 20, '#e2c08a'), at(110, -30, 1, 40))
      s += circle(0, -90, 24, 'none', stroke('#e9a0a0', 8)) + path('M-20-130q-10-16 0-30M0-134q-10-16 0-30M20-130q-10-16 0-30', 'none', stroke('#e9a0a0', 7))
      return s
    }
    case 'charcoal': {
      let s = rect(-146, 96, 292, 36, '#caa672', 8)
      s += segs(Array.from({ length: 20 }, (_, i) => [-130 + i * 14, 100, -130 + i * 14, 128]), '#b08c58', 2)
      for (let i = 0; i < 5; i++) {
        const x = -110 + i * 52
        const top = -90 + (i % 2) * 26
        s += rect(x - 20, top, 40, 198 - top - 2, '#2a2728', 14) + ellipse(x, top + 8, 18, 8, '#5a5556') + line(x - 8, top + 30, x - 8, 80, '#4a4648', 3)
      }
      return s
    }
    case 'incense': {
      const dish = pick(r, ['#5a6b7a', '#7a3a3f', '#3f6a4f', '#b8643a'])
      const stick = pick(r, ['#7a4a34', '#4f7a35', '#6b4a8a'])
      let s = ellipse(0, 122, 100, 26, dish) + ellipse(0, 116, 86, 18, tint(dish, 0.2)) + rect(-16, 84, 32, 30, shade(dish, 0.25), 8)
      const sticks = r() < 0.5 ? [[-12, -14], [0, 0], [12, 14]] : [[-8, -9], [8, 9]]
      for (const [dx = 0, rot = 0] of sticks) s += grp(line(0, 0, 0, -190, stick, 5) + circle(0, -190, 4, '#e8553a'), at(dx, 92, 1, rot))
      s += grp(rect(-40, -60, 80, 120, pal.main, 6) + rect(-30, -40, 60, 80, pal.paper, 4) + grp(sakuraFlower(pal.accent, pal.paper), at(0, 0, 0.9)), at(120, 86, 0.7, 8))
      s += path('M-46-104C-70-130-30-150-54-176M0-106C-24-132 16-150-8-178M48-104C24-128 66-150 42-176', 'none', stroke('#c9d2da', 4) + op(0.7))
      return s
    }
    case 'musicbox': {
      let s = rect(-126, 56, 252, 88, '#8a5a34', 12) + rect(-126, 56, 252, 14, '#a8744a', 6)
      s += rect(-116, -86, 232, 146, '#e8f4f8', 8, op(0.6)) + rect(-116, -86, 232, 146, 'none', 8, stroke('#b6d5e0', 3))
      s += rect(-70, 0, 100, 34, GOLD, 14) + rect(40, -4, 44, 42, '#c0c7ce', 4)
      for (let i = 0; i < 10; i++) s += circle(-60 + i * 9, 6 + (i % 3) * 10, 2, '#8a6a2a')
      const note = (x: number, y: number, k: number) => grp(grp(ellipse(0, 0, 11, 8, INK), 'rotate(-20)') + line(9, -3, 9, -44, INK, 3) + path('M9-44q14 8 12 24', 'none', stroke(INK, 3)), at(x, y, k))
      s += note(-130, -110, 1) + note(128, -130, 0.85) + note(-96, -150, 0.7)
      return s
    }
    case 'tote':
      return path('M-64-90C-64-160 64-160 64-90', 'none', stroke(shade(pal.main, 0.25), 14)) + path('M-150-96L150-96L166 150L-166 150Z', pat(c)) + path('M-150-96L150-96L152-70L-152-70Z', shade(pal.main, 0.15))
    case 'furoshiki':
      return poly([0, -150, 160, 0, 0, 150, -160, 0], pat(c)) + poly([0, -150, 160, 0, 0, 150, -160, 0], 'none', stroke(pal.accent, 6)) + path('M0 150L-40 110L0 84L40 110Z', shade(pal.main, 0.25), op(0.4))
    case 'tenugui':
    default: {
      let s = line(-160, -126, 160, -126, '#c9a56a', 12) + line(-40, -126, -40, -126, '#a8864a', 14)
      s += path('M-112-126L112-126L112 136L104 146L96 136L88 146L80 136L-80 136L-88 146L-96 136L-104 146L-112 136Z', pat(c))
      s += path('M-112-126L112-126L112-100L-112-100Z', INK, op(0.12)) + path('M-20-100L-20 136', 'none', stroke(INK, 10) + op(0.06))
      return s
    }
  }
}

// ───────────────────────────── ramen ─────────────────────────────

interface Noodle {
  broth: string
  noodle: string
  width: number
  tops: string[]
  style: 'bowl' | 'cold' | 'fried' | 'tsuke' | 'hiyashi' | 'pot'
}
function noodleOf(en: string): Noodle {
  const t = (broth: string, tops: string[], noodle = '#f3d27a', width = 5): Noodle => ({ broth, noodle, width, tops, style: 'bowl' })
  if (/hiyashi/.test(en)) return { ...t('#f3e2b0', []), style: 'hiyashi' }
  if (/somen|umen/.test(en)) return { ...t('#dff0f5', [], /ume/.test(en) ? '#f6c3cf' : '#fbf7ee', 3), style: 'cold' }
  if (/tsukemen/.test(en)) return { ...t(/spicy|hiroshima/.test(en) ? '#c8452c' : '#8a4a22', ['chashu', 'egg', 'negi'], '#efc765', 7), style: 'tsuke' }
  if (/yakisoba|yaki-ramen|sobameshi/.test(en)) return { ...t('#b0662e', ['cabbage', 'pork', 'ginger', 'aonori'], '#b8742e', 6), style: 'fried' }
  if (/nikomi/.test(en)) return { ...t('#9a5228', ['yolk', 'negi', 'kamaboko'], '#f1dfb6', 9), style: 'pot' }
  if (/curry udon/.test(en)) return t('#c98a2a', ['beef', 'negi'], '#fbf4e4', 10)
  if (/kitsune/.test(en)) return t('#e8c37a', ['age', 'kamaboko', 'negi'], '#fbf4e4', 10)
  if (/kasu/.test(en)) return t('#e2b466', ['kasu', 'negi'], '#fbf4e4', 10)
  if (/kishimen/.test(en)) return t('#c98a4a', ['bonito', 'spinach', 'age'], '#f8eed8', 12)
  if (/nishin/.test(en)) return t('#7a4a22', ['nishin', 'negi'], '#9a7a5a', 4.5)
  if (/okinawa soba/.test(en)) return t('#ecd395', ['soki', 'kamaboko', 'ginger', 'negi'], '#f2d98a', 8)
  if (/taiwan/.test(en)) return t('#c2402a', ['mince', 'nira', 'chili'])
  if (/napa|tenri/.test(en)) return t('#c8552e', ['napa', 'nira', 'chashu'])
  if (/sanma/.test(en)) return t('#9a5a2c', ['veg', 'negi'])
  if (/iekei/.test(en)) return t('#cf9b5e', ['spinach', 'chashu', 'egg', 'nori3'])
  if (/spicy miso/.test(en)) return t('#d0572c', ['sprouts', 'chashu', 'negi', 'chili'])
  if (/miso/.test(en)) return t('#d99a4e', ['corn', 'butter', 'sprouts', 'chashu'])
  if (/shio|white shrimp/.test(en)) return t('#efd9a0', /shrimp/.test(en) ? ['shrimp', 'chashu', 'negi', 'menma'] : ['chashu', 'menma', 'naruto', 'negi'])
  if (/tonkotsu|kurobuta/.test(en)) return t('#f3e6cc', ['chashu', 'kikurage', 'ginger', 'negi', 'egg'], '#f6e6b0', 3.5)
  if (/back-fat/.test(en)) return t('#8e4e24', ['chashu', 'negi', 'backfat', 'menma'])
  return t('#8e4e24', ['chashu', 'menma', 'naruto', 'nori', 'egg', 'negi'])
}

/** Toppings placed on an ellipse of radii rx, ry around (cx, cy). */
function toppings(tops: string[], cx: number, cy: number, rx: number, ry: number, r: Rand): string {
  const slots: [number, number][] = [
    [-0.5, 0.02],
    [0.46, 0.22],
    [0.3, -0.48],
    [-0.08, 0.5],
    [0.02, -0.2],
    [-0.42, -0.48],
  ]
  let s = ''
  tops.forEach((t, i) => {
    const [u, v0] = slots[i % slots.length] ?? [0, 0]
    const x = cx + u * rx
    const y = cy + v0 * ry
    const k = rx / 125
    const g = (body: string, rot = 0) => grp(body, at(x, y, k, rot))
    switch (t) {
      case 'chashu':
        s += g(ellipse(-18, 0, 44, 30, '#c98a6a') + ellipse(-18, 0, 36, 23, '#e8b49a') + path('M-40-2Q-18-14 4 0', 'none', stroke('#c98a6a', 3))) + g(ellipse(22, 10, 42, 28, '#c07a5a') + ellipse(22, 10, 34, 21, '#e0a88c'))
        break
      case 'egg':
        s += g(ellipse(-16, 0, 26, 20, '#fbf3e2') + ellipse(-16, 0, 14, 11, '#f0a030') + ellipse(20, 4, 26, 20, '#fbf3e2') + ellipse(20, 4, 14, 11, '#f0a030'))
        break
      case 'yolk':
        s += g(ellipse(0, 0, 34, 26, '#fbf3e2') + ellipse(0, 0, 16, 13, '#f3a52a'))
        break
      case 'nori':
      case 'nori3':
        s += grp(rect(-30, -64, 48, 70, '#1f2a24', 3) + (t === 'nori3' ? rect(8, -70, 48, 74, '#27332c', 3) + rect(-62, -60, 44, 66, '#1a241f', 3) : ''), at(x, y, k))
        break
      case 'naruto':
        s += g(ellipse(0, 0, 24, 18, '#fbf8f3') + path('M0 0m-10 0a10 8 0 1 1 10 8a6 5 0 1 1-4-8', 'none', stroke('#e8557a', 3)))
        break
      case 'kamaboko':
        s += g(path('M-26 10C-26-14 26-14 26 10Z', '#fbf3f0') + path('M-26 10C-26-14 26-14 26 10L22 4C22-8-22-8-22 4Z', '#ef7f9a'), between(r, -20, 20))
        break
      case 'menma':
        for (let j = 0; j < 4; j++) s += grp(rect(-22, -5, 44, 10, '#d9a85a', 4), at(x + j * 8 * k, y + j * 6 * k, k, -30 + j * 10))
        break
      case 'negi':
        for (let j = 0; j < 12; j++) s += circle(x + between(r, -24, 24) * k, y + between(r, -14, 14) * k, 4.5 * k, '#7dbf4a', stroke('#d8efb0', 1.8 * k))
        break
      case 'nira':
        for (let j = 0; j < 8; j++) s += grp(rect(-24, -3, 48, 6, '#4f9a3a', 3), at(x + between(r, -30, 30) * k, y + between(r, -20, 20) * k, k, between(r, 0, 180)))
        break
      case 'corn':
        s += dotsPath(Array.from({ length: 16 }, () => [x + between(r, -34, 34) * k, y + between(r, -20, 20) * k, 6 * k]), '#f6c93a')
        break
      case 'butter':
        s += g(rect(-18, -14, 36, 28, '#fbe7a0', 4) + rect(-18, -14, 36, 8, '#fff4c8', 3), 12)
        break
      case 'sprouts':
        for (let j = 0; j < 12; j++) s += grp(path('M-22 0Q0-8 22 0', 'none', stroke('#f6f1dc', 4)), at(x + between(r, -26, 26) * k, y + between(r, -18, 18) * k, k, between(r, 0, 180)))
        break
      case 'kikurage':
        for (let j = 0; j < 6; j++) s += grp(rect(-16, -3, 32, 6, '#2b2222', 3), at(x + between(r, -24, 24) * k, y + between(r, -16, 16) * k, k, between(r, 0, 180)))
        break
      case 'ginger':
        for (let j = 0; j < 6; j++) s += grp(rect(-10, -2, 20, 4, '#e8455a', 2), at(x + between(r, -14, 14) * k, y + between(r, -10, 10) * k, k, between(r, 0, 180)))
        break
      case 'backfat':
        s += dotsPath(Array.from({ length: 30 }, () => [cx + between(r, -0.8, 0.8) * rx, cy + between(r, -0.7, 0.7) * ry, between(r, 2, 4) * k]), '#fbf6ea', op(0.9))
        break
      case 'spinach':
        s += g(path('M-26 6C-20-20 20-24 28 0C20 18-16 22-26 6Z', '#3f7f3a') + path('M-20 4Q0-6 22 0', 'none', stroke('#6fa85a', 3)))
        break
      case 'age':
        s += g(poly([-40, 24, 36, 26, -6, -30], '#d99a3a') + poly([-30, 18, 26, 20, -6, -20], '#e9b65a'), between(r, -20, 20))
        break
      case 'kasu':
        for (let j = 0; j < 7; j++) s += grp(ellipse(0, 0, 12, 8, '#b8742e'), at(x + between(r, -30, 30) * k, y + between(r, -18, 18) * k, k, between(r, 0, 90)))
        break
      case 'beef':
        for (let j = 0; j < 3; j++) s += grp(path('M-24-8Q0-16 24-6L20 10Q0 4-22 10Z', '#8a4a3a'), at(x + (j - 1) * 24 * k, y + between(r, -10, 10) * k, k, between(r, -20, 20)))
        break
      case 'bonito':
        for (let j = 0; j < 10; j++) s += grp(path('M-10-5L9-8L12 4L-8 7Z', j % 2 ? '#e0a98a' : '#f3cdb4'), at(x + between(r, -30, 30) * k, y + between(r, -18, 18) * k, k * 1.2, between(r, 0, 180)))
        break
      case 'nishin':
        s += g(path('M-50 0C-30-18 30-18 50-4C30 14-30 16-50 0Z', '#6b3a1e') + path('M-40-2Q0-12 40-4', 'none', stroke('#a8683a', 3)), -8)
        break
      case 'soki':
        s += g(rect(-30, -20, 56, 40, '#a8562e', 12) + rect(-24, -14, 44, 14, '#c8784a', 6) + rect(24, -8, 18, 12, '#f1e6d0', 5))
        break
      case 'mince':
        s += dotsPath(Array.from({ length: 22 }, () => [x + between(r, -34, 34) * k, y + between(r, -20, 20) * k, 5 * k]), '#7a3b22')
        break
      case 'chili':
        for (let j = 0; j < 6; j++) s += grp(rect(-6, -2, 12, 4, '#c0261e', 2), at(cx + between(r, -0.6, 0.6) * rx, cy + between(r, -0.5, 0.5) * ry, k, between(r, 0, 180)))
        break
      case 'napa':
        s += g(path('M-34 10C-30-20 20-26 36-4C24 16-18 22-34 10Z', '#e9efc0') + path('M-30 8Q0-6 30-4', 'none', stroke('#c9d98a', 5)))
        break
      case 'veg':
        s += g(path('M-50 10C-40-20 40-26 50 0C36 20-36 24-50 10Z', '#c78a3e', op(0.9)) + path('M-30 0Q0-10 30-2M-20 10Q10 4 30 8', 'none', stroke('#f3ead0', 4)) + ellipse(10, -4, 14, 8, '#8fbf5a'))
        break
      case 'shrimp':
        for (let j = 0; j < 3; j++) s += grp(path('M-14-8C4-14 16 0 10 10C6 2-6-2-14 2Z', '#f6b0a0'), at(x + (j - 1) * 22 * k, y + between(r, -8, 8) * k, k * 1.3, between(r, -30, 30)))
        break
      case 'cabbage':
        for (let j = 0; j < 5; j++) s += grp(path('M-20 6C-16-10 14-12 20 2C12 12-12 14-20 6Z', '#cfe39a'), at(x + between(r, -30, 30) * k, y + between(r, -16, 16) * k, k, between(r, 0, 180)))
        break
      case 'pork':
        for (let j = 0; j < 3; j++) s += grp(path('M-18-6Q0-12 18-4L16 8Q0 4-16 8Z', '#d9a08a'), at(x + (j - 1) * 22 * k, y + between(r, -8, 8) * k, k, between(r, -20, 20)))
        break
      case 'aonori':
        s += dotsPath(Array.from({ length: 24 }, () => [cx + between(r, -0.6, 0.6) * rx, cy + between(r, -0.5, 0.5) * ry, 2.5 * k]), '#4f8a32')
        break
    }
  })
  return s
}

/** Wavy noodles inside an ellipse: strands with a darker edge, as two paths. */
function noodles(cx: number, cy: number, rx: number, ry: number, col: string, w: number, rows = 7): string {
  let d = ''
  for (let i = 0; i < rows; i++) {
    const y = cy - ry * 0.62 + (i * ry * 1.3) / (rows - 1)
    const half = rx * Math.sqrt(Math.max(0, 1 - ((y - cy) / ry) ** 2)) * 0.92
    if (half < 14) continue
    const wave = Math.max(18, w * 4.4)
    const steps = Math.max(2, Math.round((half * 2) / wave))
    const len = (half * 2) / steps
    const amp = w * 0.8 + 2.5
    d += `M${n(cx - half)} ${n(y)}`
    for (let j = 0; j < steps; j++) d += `q${n(len / 4)} ${n(j % 2 ? -amp : amp)} ${n(len / 2)} 0t${n(len / 2)} 0`
  }
  return path(d, 'none', stroke(shade(col, 0.22), w + 2.5)) + path(d, 'none', stroke(col, w))
}

/** A ramen bowl seen from the front and slightly above. */
function ramenBowl(c: Ctx, cx: number, cy: number, rx: number, nd: Noodle): string {
  const ry = rx * 0.42
  const r = rng(`${c.p.sku}:bowl`)
  const bowlCol = pick(r, ['#2b2627', '#b7282e', '#fbf8f2', '#2f4f7f'])
  const band = bowlCol === '#fbf8f2' ? '#c8323a' : '#f1e6d0'
  let s = rect(cx - rx * 0.36, cy + rx * 0.62, rx * 0.72, rx * 0.1, shade(bowlCol, 0.2), 6)
  s += path(`M${n(cx - rx)} ${n(cy)}C${n(cx - rx)} ${n(cy + rx * 0.5)} ${n(cx - rx * 0.6)} ${n(cy + rx * 0.68)} ${n(cx)} ${n(cy + rx * 0.68)}C${n(cx + rx * 0.6)} ${n(cy + rx * 0.68)} ${n(cx + rx)} ${n(cy + rx * 0.5)} ${n(cx + rx)} ${n(cy)}Z`, bowlCol)
  const curve = (t: number, off: number) => {
    const x = cx + (t - 0.5) * 2 * rx * 0.9
    return [x, cy + rx * (0.2 + off) + Math.sin(t * Math.PI) * rx * 0.22]
  }
  let d = ''
  for (let i = 0; i <= 24; i++) {
    const [x = 0, y = 0] = curve(i / 24, i % 2 ? 0.07 : 0)
    d += `${i ? 'L' : 'M'}${n(x)} ${n(y)}`
  }
  s += path(d, 'none', stroke(band, 3.5))
  s += ellipse(cx, cy, rx, ry, shade(bowlCol, 0.1)) + ellipse(cx, cy + 2, rx * 0.94, ry * 0.9, nd.broth)
  s += ellipse(cx - rx * 0.3, cy - ry * 0.3, rx * 0.2, ry * 0.12, WHITE, op(0.18))
  if (nd.width > 0) s += noodles(cx, cy + ry * 0.12, rx * 0.8, ry * 0.7, nd.noodle, nd.width)
  s += toppings(nd.tops, cx, cy, rx * 0.82, ry * 0.78, r)
  return s
}
/** A tiny bowl icon for the ramen kit box. */
function miniBowl(c: Ctx): string {
  const nd = noodleOf(c.en)
  return ramenBowl({ ...c, p: { ...c.p, sku: `${c.p.sku}:mini` } }, 0, -30, 170, { ...nd, tops: nd.tops.slice(0, 3) })
}

function ramenScene(c: Ctx): string {
  const nd = noodleOf(c.en)
  const r = rng(`${c.p.sku}:rs`)
  let s = ''
  if (/cup ramen/.test(c.en)) {
    const cols = ['#d9473c', '#f0b43a', '#2f78b5', '#5a8d3b']
    cols.forEach((col, i) => {
      const cx = 150 + i * 100
      const base = i % 2 ? 470 : 440
      s += path(`M${cx - 50} ${base - 150}L${cx + 50} ${base - 150}L${cx + 40} ${base}L${cx - 40} ${base}Z`, '#fffaf1') + path(`M${cx - 47} ${base - 110}L${cx + 47} ${base - 110}L${cx + 42} ${base - 50}L${cx - 42} ${base - 50}Z`, col)
      s += ellipse(cx, base - 150, 50, 12, '#f3d27a') + path(`M${cx - 20} ${base - 172}q-10-14 0-26M${cx + 10} ${base - 176}q-10-14 0-26`, 'none', stroke('#ffffff', 4) + op(0.8))
    })
    return s
  }
  if (nd.style === 'cold' || nd.style === 'hiyashi' || nd.style === 'fried' || nd.style === 'tsuke') {
    s += ellipse(300, 420, 236, 92, '#000', op(0.07))
    if (nd.style === 'cold') {
      s += ellipse(250, 400, 200, 80, '#e6f3f8', stroke('#b6d5e0', 4)) + ellipse(250, 398, 180, 66, '#d2ebf3')
      const bundle = (x: number, y: number, rot: number) => {
        let t = ellipse(0, 0, 62, 24, nd.noodle, stroke(shade(nd.noodle, 0.12), 2))
        let d = ''
        for (let i = -3; i <= 3; i++) d += `M-54 ${i * 5}Q0 ${i * 5 + (i % 2 ? 4 : -4)} 54 ${i * 5}`
        t += path(d, 'none', stroke(shade(nd.noodle, 0.1), 1.4))
        return grp(t, at(x, y, 1, rot))
      }
      s += bundle(190, 382, -12) + bundle(300, 376, 10) + bundle(240, 424, 4)
      for (let i = 0; i < 4; i++) s += grp(rect(-18, -16, 36, 32, WHITE, 6, op(0.55)), at(between(r, 140, 360), between(r, 360, 430), 1, between(r, -30, 30)))
      if (/ume/.test(c.en)) s += circle(330, 420, 18, '#c9415e') + circle(324, 414, 5, WHITE, op(0.35))
      s += grp(leafIcon('#4f8f3a'), at(120, 400, 1.4, -60))
      s += ellipse(470, 470, 64, 12, '#000', op(0.07)) + path('M412 380L528 380L518 462Q470 474 422 462Z', '#2f4f7f') + ellipse(470, 380, 58, 14, '#e9eef2') + ellipse(470, 382, 50, 10, '#6b3a1e')
      s += dotsPath([[455, 380, 4], [466, 384, 4], [478, 379, 4]], '#7dbf4a') + ellipse(492, 382, 8, 5, '#f3d27a')
    } else if (nd.style === 'fried') {
      s += ellipse(290, 400, 220, 88, '#fbf8f2') + ellipse(290, 396, 190, 70, '#f1ece4')
      s += ellipse(290, 392, 156, 56, shade(nd.noodle, 0.28)) + noodles(290, 390, 150, 52, nd.noodle, 6, 8)
      if (/sobameshi/.test(c.en)) s += dotsPath(Array.from({ length: 40 }, () => [between(r, 170, 410), between(r, 360, 420), 3.5]), '#f3dcb0')
      s += toppings(nd.tops, 290, 392, 130, 44, r)
      if (/yaki-ramen/.test(c.en)) s += ellipse(300, 380, 30, 22, '#fbf3e2') + ellipse(300, 380, 14, 11, '#f0a030')
    } else if (nd.style === 'hiyashi') {
      s += ellipse(290, 400, 220, 88, '#fbf8f2') + ellipse(290, 396, 176, 66, '#f3e2b0')
      s += noodles(290, 396, 170, 64, '#f3d27a', 5)
      const cols = ['#f6d04a', '#6fae4a', '#f1a3a8', '#e8443a', '#f6d04a', '#6fae4a']
      cols.forEach((col, i) => {
        const a = (i / cols.length) * Math.PI * 2
        let d = ''
        for (let j = 0; j < 4; j++) d += `M${n(-28 + j * 2)} ${n(-9 + j * 6)}h56`
        s += grp(path(d, 'none', stroke(col, 6)), at(290 + Math.cos(a) * 100, 396 + Math.sin(a) * 38, 1, (a * 180) / Math.PI + 90))
      })
      s += circle(290, 392, 16, '#e8443a')
    } else {
      s += ellipse(230, 476, 180, 18, '#000', op(0.08)) + rect(60, 290, 330, 180, '#2b2627', 16) + rect(72, 302, 306, 156, '#3a3336', 12)
      s += ellipse(225, 380, 140, 64, shade(nd.noodle, 0.3)) + noodles(225, 378, 136, 60, nd.noodle, 8, 8)
      s += toppings(['chashu', 'egg'], 225, 360, 96, 40, r) + grp(rect(-22, -34, 44, 60, '#1f2a24', 3), at(330, 330, 1, 12))
      s += ramenBowl(c, 480, 370, 104, { ...nd, width: 0, tops: ['negi', 'menma'] })
    }
    return s
  }
  s += ellipse(300, 480, 210, 30, '#000', op(0.08))
  if (nd.style === 'pot') {
    s += path('M90 320C90 430 170 470 300 470C430 470 510 430 510 320Z', '#6b4a3a') + ellipse(300, 320, 210, 86, '#5a3b2e') + ellipse(300, 322, 194, 76, nd.broth)
    s += noodles(300, 330, 160, 56, nd.noodle, nd.width, 6) + toppings(nd.tops, 300, 320, 160, 60, r) + rect(80, 356, 30, 16, '#5a3b2e', 6) + rect(490, 356, 30, 16, '#5a3b2e', 6)
    return s
  }
  s += ramenBowl(c, 300, 310, 230, nd)
  s += grp(line(0, 0, 260, 0, '#b9824a', 9) + line(0, 22, 260, 16, '#a87440', 9), at(330, 250, 1, -18))
  return s
}

// ───────────────────────────── drinks & tea ─────────────────────────────

function liquidOf(c: Ctx): string {
  const en = c.en
  const table: [RegExp, string][] = [
    [/cola/, '#4a2418'],
    [/coffee/, '#5a3524'],
    [/kurozu|black vinegar/, '#6a2a1c'],
    [/wasabi ginger/, '#dbe8a6'],
    [/ginger ale/, '#f0c870'],
    [/ginger/, '#e6b45a'],
    [/sanpin/, '#ead98a'],
    [/amazake|kuzu|milk soda|cultured/, '#f8f3e8'],
    [/hiyashi-ame/, '#e8c47a'],
    [/ume juice/, '#f2b86a'],
    [/ramune|sea salt cider/, '#b9e2f0'],
    [/persimmon/, '#ee9a4a'],
    [/haskap/, '#7a2a5a'],
    [/yuzu cider/, '#f5e6a0'],
    [/matcha/, '#9cc45a'],
    [/hot chocolate|cocoa/, '#7a4a33'],
  ]
  for (const [re, col] of table) if (re.test(en)) return col
  return c.pal.liquid
}

/** A glass of drink (base centre cx, base), or a mug when hot. */
function drinkGlass(c: Ctx, cx: number, base: number): string {
  const en = c.en
  const liq = liquidOf(c)
  const r = rng(`${c.p.sku}:glass`)
  const hot = /drip|kuzu-yu|hot|amazake|ginger drink|cocoa/.test(en)
  let s = ellipse(cx, base + 4, 90, 14, '#000', op(0.08))
  if (hot) {
    s += path(`M${cx + 62} ${base - 130}c46 0 46 70 0 70`, 'none', stroke('#f6efe4', 14))
    s += path(`M${cx - 74} ${base - 170}L${cx + 74} ${base - 170}L${cx + 66} ${base - 10}Q${cx} ${base + 4} ${cx - 66} ${base - 10}Z`, '#f6efe4')
    s += rect(cx - 70, base - 120, 140, 26, c.pal.main, 0, op(0.9))
    s += ellipse(cx, base - 170, 74, 16, '#e9dfcf') + ellipse(cx, base - 168, 64, 12, liq)
    if (/latte|milk|cocoa/.test(en)) s += path(`M${cx - 20} ${base - 170}c10-10 30-10 20 4c-10 8-30 0-20-4Z`, WHITE, op(0.7))
    s += path(`M${cx - 26} ${base - 196}q-14-20 0-40t0-40M${cx + 4} ${base - 200}q-14-20 0-40t0-40M${cx + 34} ${base - 196}q-14-20 0-40`, 'none', stroke(WHITE, 6) + op(0.75))
    return s
  }
  if (/kakigori/.test(en)) {
    s += path(`M${cx - 90} ${base - 90}L${cx + 90} ${base - 90}Q${cx + 80} ${base - 20} ${cx + 20} ${base - 16}L${cx + 20} ${base}L${cx - 20} ${base}L${cx - 20} ${base - 16}Q${cx - 80} ${base - 20} ${cx - 90} ${base - 90}Z`, '#e6f3f8', stroke('#b6d5e0', 3))
    s += path(`M${cx - 96} ${base - 90}C${cx - 90} ${base - 220} ${cx + 90} ${base - 220} ${cx + 96} ${base - 90}Z`, '#fbfdff')
    s += path(`M${cx - 70} ${base - 150}C${cx - 40} ${base - 200} ${cx + 40} ${base - 200} ${cx + 70} ${base - 150}C${cx + 40} ${base - 120} ${cx - 20} ${base - 170} ${cx - 70} ${base - 150}Z`, liq === '#f8f3e8' ? '#e8557a' : liq, op(0.9))
    s += path(`M${cx - 40} ${base - 110}C${cx - 20} ${base - 140} ${cx + 20} ${base - 130} ${cx + 50} ${base - 110}`, 'none', stroke('#9cc45a', 10) + op(0.8))
    return s
  }
  const top = base - 250
  const body = `M${cx - 66} ${top}L${cx + 66} ${top}L${cx + 54} ${base - 6}Q${cx} ${base + 4} ${cx - 54} ${base - 6}Z`
  s += `<clipPath id="${c.pid}g"><path d="${body}"/></clipPath>`
  s += path(body, '#eef7fa', op(0.85))
  let inner = rect(cx - 70, top + 50, 140, 210, liq, 0, op(0.92))
  if (/latte|milk syrup/.test(en)) inner = rect(cx - 70, top + 50, 140, 90, '#fbf6ec') + rect(cx - 70, top + 140, 140, 120, liq)
  for (let i = 0; i < 3; i++) inner += grp(rect(-20, -20, 40, 40, WHITE, 8, op(0.45)), at(cx - 30 + i * 30, top + 70 + (i % 2) * 22, 1, between(r, -20, 20)))
  if (/soda|cider|ramune|ale|cola|sparkling/.test(en)) for (let i = 0; i < 14; i++) inner += circle(cx + between(r, -46, 46), between(r, top + 80, base - 16), between(r, 2, 5), WHITE, op(0.75))
  s += grp(inner, '', ` clip-path="url(#${c.pid}g)"`)
  s += path(body, 'none', stroke('#b6d5e0', 3)) + ellipse(cx, top, 66, 10, '#f4fafc', stroke('#b6d5e0', 2))
  s += path(`M${cx - 50} ${top + 20}L${cx - 42} ${base - 30}`, 'none', stroke(WHITE, 7) + op(0.55))
  s += grp(rect(-6, -150, 12, 190, c.pal.key === 'cream' ? c.pal.accent : c.pal.main, 6) + rect(-6, -150, 12, 190, 'url(#straw)', 6), at(cx + 24, top + 40, 1, 14))
  if (/lemon|yuzu|mikan|mandarin|citrus|shikuwasa|komikan|orange|juice/.test(en) && !/ume|haskap|persimmon/.test(en)) s += grp(fruitSlice(/lemon|yuzu|shikuwasa/.test(en) ? '#f5d33a' : '#f4a13f'), at(cx - 56, top + 4, 1.1))
  return s
}
const fruitSlice = (col: string) => {
  let s = circle(0, 0, 34, shade(col, 0.15)) + circle(0, 0, 30, tint(col, 0.55)) + circle(0, 0, 26, col)
  for (let k = 0; k < 8; k++) s += line(0, 0, Math.cos((k * Math.PI) / 4) * 24, Math.sin((k * Math.PI) / 4) * 24, tint(col, 0.6), 2)
  return s
}

/** Fruit, leaves or flowers that garnish a serving, by flavour. */
function garnish(c: Ctx, x: number, y: number, k = 1): string {
  const { key } = c.pal
  const en = c.en
  const r = rng(`${c.p.sku}:garnish`)
  if (key === 'sakura' && /strawberr|amaou/.test(en)) return grp(path('M0-28C22-28 28-6 20 10C12 26 4 32 0 32C-4 32-12 26-20 10C-28-6-22-28 0-28Z', '#e0455a') + path('M-14-26L0-36L14-26L0-20Z', '#5a9a3a') + circle(-8, -6, 2, '#f7c9d0') + circle(8, 4, 2, '#f7c9d0') + circle(-4, 14, 2, '#f7c9d0'), at(x, y, k))
  if (key === 'sakura' && /peach/.test(en)) return grp(circle(0, 0, 34, '#f7c0b4') + path('M0-34C10-20 10 20 0 34', 'none', stroke('#ee9a90', 3)) + path('M0-34C10-50 30-44 28-36Z', '#6f9a4e'), at(x, y, k))
  if (key === 'sakura') return grp(sakuraFlower('#f29ab4', '#fbe6ec'), at(x, y, k * 1.6, 10)) + grp(sakuraFlower('#f6b7c8', '#fbe6ec'), at(x + 44 * k, y + 18 * k, k * 1.1, 40))
  if (key === 'matcha' || key === 'melon') return grp(leafIcon('#5a8d3b'), at(x, y, k * 1.4, -30)) + grp(leafIcon('#7fa84a'), at(x + 34 * k, y + 10 * k, k * 1.2, 40))
  if (key === 'citrus') return grp(fruitSlice('#f5d33a'), at(x, y, k)) + grp(circle(0, 0, 30, '#f0c02f') + ellipse(-8, -10, 8, 5, WHITE, op(0.4)), at(x + 56 * k, y - 10 * k, k))
  if (key === 'orange') return grp(circle(0, 0, 34, '#f08a2d') + ellipse(-10, -12, 9, 6, WHITE, op(0.35)) + path('M0-34C6-44 18-44 20-38Z', '#4f8f3a'), at(x, y, k)) + grp(fruitSlice('#f4a13f'), at(x + 60 * k, y + 8 * k, k * 0.9))
  if (key === 'ume') return grp(circle(0, 0, 26, '#c9415e') + circle(-8, -8, 6, WHITE, op(0.3)), at(x, y, k)) + grp(circle(0, 0, 22, '#b3354f'), at(x + 40 * k, y + 10 * k, k)) + grp(leafIcon('#5a8d3b'), at(x + 20 * k, y - 30 * k, k, 60))
  if (key === 'purple') {
    let s = ''
    for (let i = 0; i < 5; i++) s += circle(x + between(r, -30, 30) * k, y + between(r, -16, 16) * k, 10 * k, '#5a2a6a')
    return s
  }
  if (key === 'choco' && /coffee/.test(en)) {
    let s = ''
    for (let i = 0; i < 6; i++) s += grp(ellipse(0, 0, 12, 8, '#4a2a1a') + line(-8, 0, 8, 0, '#2a160e', 2), at(x + between(r, -40, 40) * k, y + between(r, -16, 16) * k, k, between(r, 0, 180)))
    return s
  }
  if (key === 'choco') return grp(rect(-30, -20, 60, 40, '#5a3425', 4) + line(-10, -20, -10, 20, '#7a4a33', 2) + line(10, -20, 10, 20, '#7a4a33', 2), at(x, y, k, -12))
  return ''
}

function teaCup(c: Ctx, cx: number, base: number): string {
  const en = c.en
  const r = rng(`${c.p.sku}:tea`)
  let s = ellipse(cx, base + 4, 100, 16, '#000', op(0.08))
  if (/matcha/.test(en) && !/latte|genmaicha|mini/.test(en)) {
    s += grp(drawItem('chawan', { ...c, pal: { ...c.pal, main: pick(r, ['#3d3a40', '#b8643a', '#5f7f9a']) } }), at(cx, base - 76, 0.62))
    s += ellipse(cx, base - 96, 76, 13, '#8db84a') + ellipse(cx - 10, base - 98, 40, 6, '#b9d87a', op(0.7))
    s += grp(drawItem('chasen', c), at(cx + 150, base - 70, 0.45))
    return s
  }
  if (/latte/.test(en)) return s + drinkGlass({ ...c, en: `${en} hot latte` }, cx, base)
  const black = /black tea|darjeeling|blend|1859|rose/.test(en)
  const liq = black ? '#b5532a' : /hojicha|bancha|stem/.test(en) ? '#b0703a' : /kombu/.test(en) ? '#e6d38a' : /sakura-yu|salted cherry/.test(en) ? '#fbe9ee' : /yuzu/.test(en) ? '#f6d86a' : /goya|sanpin/.test(en) ? '#e2d68a' : '#b9c95a'
  if (black) {
    s += ellipse(cx, base - 4, 110, 22, '#fbf8f2', stroke('#e6dccc', 2))
    s += path(`M${cx + 64} ${base - 100}c44-6 44 50 0 50`, 'none', stroke('#fbf8f2', 12))
    s += path(`M${cx - 84} ${base - 110}C${cx - 80} ${base - 30} ${cx - 40} ${base - 12} ${cx} ${base - 12}C${cx + 40} ${base - 12} ${cx + 80} ${base - 30} ${cx + 84} ${base - 110}Z`, '#fbf8f2')
    s += path(`M${cx - 84} ${base - 80}Q${cx} ${base - 60} ${cx + 84} ${base - 80}`, 'none', stroke(c.pal.accent, 5))
    s += ellipse(cx, base - 110, 84, 18, '#e9e1d3') + ellipse(cx, base - 108, 76, 14, liq)
  } else {
    s += path(`M${cx - 70} ${base - 150}L${cx + 70} ${base - 150}C${cx + 70} ${base - 70} ${cx + 64} ${base - 10} ${cx + 40} ${base - 6}Q${cx} ${base + 2} ${cx - 40} ${base - 6}C${cx - 64} ${base - 10} ${cx - 70} ${base - 70} ${cx - 70} ${base - 150}Z`, pick(r, ['#e9e2d2', '#5f7f9a', '#b8643a', '#f3efe6']))
    s += path(`M${cx - 68} ${base - 120}L${cx + 68} ${base - 120}L${cx + 67} ${base - 106}L${cx - 67} ${base - 106}Z`, c.pal.main, op(0.85))
    s += ellipse(cx, base - 150, 70, 15, '#efe8da') + ellipse(cx, base - 148, 62, 11, liq)
  }
  if (/sakura|cherry/.test(en)) s += grp(sakuraFlower('#f29ab4', '#fbe6ec'), at(cx, base - (black ? 108 : 148), 0.8))
  if (/lemon/.test(en)) s += grp(fruitSlice('#f5d33a'), at(cx + 20, base - 112, 0.6))
  s += path(`M${cx - 20} ${base - 176}q-12-18 0-36M${cx + 12} ${base - 180}q-12-18 0-36`, 'none', stroke(WHITE, 5) + op(0.7))
  return s
}

/** A side-handled Japanese teapot. */
function kyusu(c: Ctx, x: number, y: number): string {
  const col = pick(rng(`${c.p.sku}:kyusu`), ['#a8532e', '#3d3a40', '#5f7f9a', '#7a5a3a'])
  let s = ellipse(x, y + 52, 80, 12, '#000', op(0.07))
  s += path(`M${x - 64} ${y - 6}L${x - 104} ${y - 40}L${x - 96} ${y - 46}L${x - 50} ${y - 22}Z`, shade(col, 0.1))
  s += grp(rect(-8, -8, 86, 16, shade(col, 0.15), 8), at(x + 52, y + 2, 1, -22))
  s += ellipse(x, y + 8, 74, 52, col) + ellipse(x - 26, y - 8, 14, 22, WHITE, op(0.14))
  s += ellipse(x, y - 38, 44, 11, shade(col, 0.2)) + ellipse(x, y - 42, 38, 9, tint(col, 0.12)) + ellipse(x, y - 50, 9, 6, shade(col, 0.25))
  return s
}

function leafPile(c: Ctx, x: number, y: number): string {
  const r = rng(`${c.p.sku}:leaves`)
  const en = c.en
  const col = /hojicha|bancha|stem|black|darjeeling|blend|1859|rose|haskap/.test(en) ? '#6b3f22' : /kombu/.test(en) ? '#3b3a2a' : '#4f7a35'
  let s = ellipse(x, y + 6, 70, 14, '#000', op(0.06))
  for (let i = 0; i < 30; i++) s += grp(path('M0-8C4-3 4 3 0 8C-4 3-4-3 0-8Z', i % 3 ? col : tint(col, 0.25)), at(x + between(r, -60, 60) * (1 - i / 60), y - between(r, 0, 30) * (1 - Math.abs(i - 15) / 30), 1.1, between(r, 0, 180)))
  if (/genmaicha/.test(en)) for (let i = 0; i < 10; i++) s += ellipse(x + between(r, -50, 50), y - between(r, 0, 20), 5, 3.5, '#e9c47a')
  return s
}

// ───────────────────────────── regional gifts ─────────────────────────────

const dish = (cx: number, cy: number, rx: number, ry: number, col = '#fbf8f2') => ellipse(cx, cy + 8, rx + 4, ry + 4, '#000', op(0.07)) + ellipse(cx, cy, rx, ry, col) + ellipse(cx, cy - 2, rx * 0.8, ry * 0.72, shade(col, 0.04))
function riceBowl(cx: number, base: number, col: string, topping: string): string {
  let s = ellipse(cx, base + 4, 96, 14, '#000', op(0.08)) + rect(cx - 34, base - 16, 68, 16, shade(col, 0.2), 4)
  s += path(`M${cx - 100} ${base - 110}C${cx - 96} ${base - 30} ${cx - 50} ${base - 12} ${cx} ${base - 12}C${cx + 50} ${base - 12} ${cx + 96} ${base - 30} ${cx + 100} ${base - 110}Z`, col)
  s += path(`M${cx - 96} ${base - 110}C${cx - 80} ${base - 180} ${cx + 80} ${base - 180} ${cx + 96} ${base - 110}Z`, '#fdfbf5')
  for (let i = 0; i < 18; i++) s += ellipse(cx - 70 + ((i * 37) % 140), base - 120 - ((i * 23) % 40), 6, 3.5, '#efe9dc')
  return s + topping
}

function giftScene(c: Ctx): string {
  const en = c.en
  const r = rng(`${c.p.sku}:gift`)
  const sprinkle = (cx: number, cy: number, w: number, h: number, cols: string[], count: number, size = 4, shape: 'dot' | 'flake' | 'fish' = 'dot') => {
    let s = ''
    const byCol = new Map<string, number[][]>()
    for (let i = 0; i < count; i++) {
      const x = cx + between(r, -w, w)
      const y = cy + between(r, -h, h) * (1 - Math.abs(x - cx) / (w * 1.6))
      const col = pick(r, cols)
      if (shape === 'dot') byCol.set(col, [...(byCol.get(col) ?? []), [x, y, size * between(r, 0.6, 1.1)]])
      else s += shape === 'flake' ? grp(path('M-10-5L9-8L12 4L-8 7Z', col), at(x, y, size / 5, between(r, 0, 180))) : grp(path('M-8 0Q0-4 8 0Q0 4-8 0Z', col) + circle(-5, -0.5, 0.9, INK), at(x, y, size / 4, between(r, 0, 180)))
    }
    for (const [col, list] of byCol) s += dotsPath(list, col)
    return s
  }
  if (/assortment|gift box|gift set/.test(en) && !/curry|pickle|tsukemono|furikake|juice|tea/.test(en)) {
    let s = ellipse(300, 470, 250, 24, '#000', op(0.08)) + poly([80, 430, 130, 230, 470, 230, 520, 430], shade(c.pal.main, 0.1)) + poly([96, 420, 140, 242, 460, 242, 504, 420], '#f5ecd9')
    const kinds = /gold/.test(en) ? ['castella', 'choco', 'cookie', 'manju', 'sable', 'monaka'] : /tokyo/.test(en) ? ['cake', 'cookie', 'manju', 'langue', 'dorayaki', 'sable'] : ['yatsuhashi', 'momiji', 'cookie', 'manju', 'sable', 'langue']
    const cells: [number, number][] = [
      [190, 285],
      [300, 285],
      [410, 285],
      [176, 370],
      [300, 370],
      [424, 370],
    ]
    s += line(245, 244, 236, 420, '#e0d3b8', 4) + line(355, 244, 364, 420, '#e0d3b8', 4) + line(120, 328, 480, 328, '#e0d3b8', 4)
    cells.forEach(([x, y], i) => (s += piece(kinds[i] ?? 'manju', x, y, 84, c, i)))
    if (/gold/.test(en)) s += sprinkle(300, 320, 180, 70, ['#f2cf5a', '#e5b93a'], 24, 4)
    return s
  }
  if (/soup curry/.test(en)) {
    let s = riceBowl(430, 470, '#fbf8f2', '')
    s += dish(250, 420, 200, 74, '#2b2627') + ellipse(250, 414, 170, 58, '#c9802a')
    s += ellipse(200, 410, 30, 20, '#f08a3a') + ellipse(300, 420, 34, 22, '#f3d27a') + circle(260, 396, 22, '#3f7f3a') + ellipse(170, 430, 24, 16, '#fbf3e2') + ellipse(170, 430, 11, 9, '#f0a030') + grp(path('M-20-30L20-30L8 30L-8 30Z', '#7a3b22'), at(330, 396, 1, 30))
    return s
  }
  if (/curry/.test(en)) {
    let s = dish(300, 410, 230, 86)
    s += path('M110 410C110 330 250 320 270 400C260 450 120 460 110 410Z', '#fdfbf5')
    s += path('M250 380C290 330 470 340 490 400C480 460 300 470 250 420Z', /navy/.test(en) ? '#a8682a' : '#b8742a')
    for (let i = 0; i < 6; i++) s += grp(rect(-14, -12, 28, 24, pick(r, ['#f08a3a', '#f3d27a', '#8a4a3a']), 6), at(between(r, 320, 450), between(r, 380, 430), 1, between(r, 0, 90)))
    s += ellipse(200, 360, 20, 8, '#e8455a') + ellipse(185, 364, 12, 6, '#e8455a')
    return s
  }
  if (/pickle|tsukemono|narazuke/.test(en)) {
    let s = ellipse(300, 440, 230, 30, '#000', op(0.07)) + rect(80, 330, 440, 110, '#2b2627', 16) + rect(92, 340, 416, 90, '#3a3336', 10)
    if (/narazuke/.test(en)) for (let i = 0; i < 7; i++) s += grp(path('M-26-16C-10-22 12-22 26-16L22 16C8 20-8 20-22 16Z', '#9a5a22') + path('M-18-8Q0-14 18-8', 'none', stroke('#c08a4a', 3)), at(140 + i * 52, 386 + (i % 2) * 8, 1, between(r, -10, 10)))
    else {
      for (let i = 0; i < 4; i++) s += path(`M${130 + i * 22} 400a26 26 0 0 1 52 0Z`, '#f5d34a')
      for (let i = 0; i < 10; i++) s += grp(rect(-10, -6, 20, 12, '#8a3a7a', 3), at(between(r, 270, 340), between(r, 360, 410), 1, between(r, 0, 90)))
      for (let i = 0; i < 4; i++) s += circle(390 + i * 30, 390 + (i % 2) * 10, 18, '#6fae4a', stroke('#d8efb0', 4))
    }
    return s
  }
  if (/umeboshi/.test(en)) {
    let s = dish(300, 400, 170, 66)
    for (let i = 0; i < 7; i++) {
      const x = 220 + (i % 4) * 52 + (i > 3 ? 26 : 0)
      const y = 380 + (i > 3 ? 34 : 0)
      s += circle(x, y, 26, '#c23a4a') + path(`M${x + 6} ${y - 24}q10 14 16 18M${x - 22} ${y + 10}q10 2 14 12`, 'none', stroke('#9a2838', 2.5)) + ellipse(x - 9, y - 12, 7, 4, WHITE, op(0.3))
    }
    return s + grp(leafIcon('#7a2a3a'), at(420, 340, 1.4, 40))
  }
  if (/furikake|sansho|chirimen|salmon flakes|tsukudani|kugini|bonito flakes/.test(en)) {
    const top = /salmon/.test(en)
      ? sprinkle(300, 330, 70, 16, ['#f08a6a', '#f5a58a', '#e9775a'], 40, 5, 'flake')
      : /chirimen/.test(en)
        ? sprinkle(300, 330, 70, 16, ['#f6f1e4', '#ece3cf'], 30, 5, 'fish') + sprinkle(300, 330, 60, 14, ['#4f7a35'], 12, 3)
        : /kugini/.test(en)
          ? sprinkle(300, 330, 64, 14, ['#7a4a22', '#5a3418'], 26, 6, 'fish')
          : /tsukudani/.test(en)
            ? sprinkle(300, 330, 50, 12, ['#2b2a20', '#3b3a2a'], 16, 6, 'flake')
            : /bonito/.test(en)
              ? sprinkle(300, 320, 70, 20, ['#f3cdb4', '#e0a98a'], 36, 6, 'flake')
              : /mentaiko/.test(en)
                ? sprinkle(300, 330, 70, 16, ['#f08a8a', '#e9575a', '#fbd3d3'], 60, 3)
                : sprinkle(300, 330, 70, 16, ['#3b5a32', '#f3d27a', '#e98a4a', '#2b2a20', '#f1e6d0'], 70, 3)
    let s = riceBowl(300, 470, pick(r, ['#2f4f7f', '#b7282e', '#e9e2d2', '#3d3a40']), top)
    if (/wasabi/.test(en)) s += dish(470, 440, 60, 22) + ellipse(470, 434, 30, 10, '#f6f6f0')
    return s
  }
  if (/miso/.test(en)) {
    let s = dish(430, 450, 80, 28) + path('M390 446C390 420 470 420 470 446Z', '#6b3a22')
    s += ellipse(250, 470, 110, 14, '#000', op(0.07)) + path('M140 330C146 430 200 468 250 468C300 468 354 430 360 330Z', INK) + ellipse(250, 330, 110, 26, '#b3262c') + ellipse(250, 332, 98, 20, '#b8742a')
    s += rect(200, 320, 22, 18, '#fbf6ea', 3) + rect(262, 326, 22, 18, '#fbf6ea', 3) + path('M220 340q20-10 40 0', 'none', stroke('#2f5a2a', 6)) + circle(300, 330, 5, '#7dbf4a') + circle(230, 322, 5, '#7dbf4a')
    return s
  }
  if (/okonomiyaki sauce/.test(en)) {
    let s = dish(300, 410, 220, 84) + ellipse(300, 400, 170, 62, '#d9a05a') + ellipse(300, 396, 150, 52, '#5a2a1a')
    for (let i = 0; i < 6; i++) s += path(`M${170 + i * 45} 370l20 20l20-20l20 20`, 'none', stroke('#fff6e0', 5))
    return s + sprinkle(300, 396, 110, 30, ['#4f8a32'], 40, 3) + sprinkle(300, 390, 90, 24, ['#f3cdb4', '#e0a98a'], 14, 6, 'flake')
  }
  if (/soy sauce/.test(en)) {
    let s = dish(270, 420, 190, 72) + rect(170, 350, 160, 80, '#fbf8f1', 8) + rect(170, 350, 160, 16, '#f1ece0', 6)
    s += sprinkle(250, 356, 40, 8, ['#7dbf4a'], 14, 4) + ellipse(300, 350, 14, 8, '#f3d27a') + path('M190 358Q250 350 320 364', 'none', stroke('#3a1e12', 6) + op(0.8))
    return s + dish(460, 450, 56, 20) + ellipse(460, 446, 40, 13, '#3a1e12')
  }
  if (/tofu/.test(en)) return dish(300, 420, 180, 70, '#2b2627') + rect(220, 330, 160, 90, '#e9d6b0', 10) + rect(220, 330, 160, 18, '#f3e6c8', 8) + path('M230 420Q300 440 370 420', 'none', stroke('#8a4a22', 8)) + ellipse(300, 330, 16, 9, '#8fbf5a')
  if (/tongue/.test(en)) {
    let s = dish(300, 410, 220, 84) + sprinkle(190, 400, 50, 24, ['#e9f2c8', '#d6e8a6'], 30, 6, 'flake')
    for (let i = 0; i < 5; i++) s += grp(ellipse(0, 0, 48, 30, '#8a4a3a') + ellipse(0, 0, 40, 22, '#a8624a') + path('M-30-4l60 8M-26 10l50 6', 'none', stroke('#5a2a1e', 3)), at(260 + i * 36, 386 + (i % 2) * 16, 1, -10 + i * 6))
    return s + grp(path('M0 0L40-20A44 44 0 0 1 40 20Z', '#f5d33a'), at(430, 430))
  }
  if (/scallop/.test(en)) {
    let s = dish(300, 410, 200, 76)
    for (let i = 0; i < 9; i++) s += grp(ellipse(0, 0, 26, 20, '#e9b560') + ellipse(0, -4, 20, 14, '#f3cc7a') + path('M-14 0h28', 'none', stroke('#c9903a', 2)), at(210 + (i % 5) * 45, 390 + Math.floor(i / 5) * 36, 1, between(r, -20, 20)))
    return s
  }
  if (/oyster/.test(en)) {
    let s = dish(300, 410, 200, 76, '#e6f3f8') + ellipse(300, 404, 160, 56, '#e6c65a', op(0.6))
    for (let i = 0; i < 6; i++) s += grp(path('M-26 0C-20-20 20-22 26-2C20 18-20 20-26 0Z', '#d6b48a') + path('M-18 0C-12-10 12-12 18-2', 'none', stroke('#8a6a4a', 3)), at(220 + (i % 3) * 70, 390 + Math.floor(i / 3) * 30, 1, between(r, -20, 20)))
    return s + grp(leafIcon('#5a8d3b'), at(420, 380, 0.9, 50))
  }
  if (/rafute|braised pork/.test(en)) {
    let s = dish(300, 420, 170, 66, '#2f4f7f')
    for (let i = 0; i < 4; i++) s += grp(rect(-36, -30, 72, 60, '#7a3b22', 10) + rect(-36, -30, 72, 18, '#f1dcc0', 8) + rect(-36, -14, 72, 8, '#a8562e'), at(230 + (i % 2) * 80 + Math.floor(i / 2) * 40, 380 + Math.floor(i / 2) * 30))
    return s + ellipse(420, 380, 12, 8, '#f3c53a')
  }
  if (/salt/.test(en)) {
    let s = dish(230, 420, 110, 42) + path('M160 416C180 360 280 360 300 416Z', '#fbfbf8') + sprinkle(230, 400, 50, 10, ['#e9eef2'], 20, 2)
    if (/wasabi/.test(en)) s += dish(400, 440, 90, 34) + path('M344 436C360 392 440 392 456 436Z', '#cfe39a')
    else s += grp(ellipse(0, 0, 30, 20, '#d9b478') + rect(20, -6, 90, 12, '#d9b478', 6), at(380, 440, 1, -15))
    return s
  }
  if (/dashi/.test(en)) {
    const s = dish(240, 420, 170, 66) + path('M120 400L300 370L340 420L160 446Z', '#3a4a2e') + sprinkle(250, 400, 80, 20, ['#f3cdb4', '#e0a98a'], 26, 6, 'flake')
    return s + grp(rect(-30, -40, 60, 80, '#f3ead6', 6) + rect(-30, -40, 60, 10, '#c9a06a', 3), at(450, 400, 1, 10)) + grp(rect(-30, -40, 60, 80, '#f3ead6', 6) + rect(-30, -40, 60, 10, '#c9a06a', 3), at(500, 420, 1, -8))
  }
  if (/kuzu/.test(en)) {
    let s = dish(300, 420, 190, 72, '#2b2627')
    for (let i = 0; i < 12; i++) s += grp(poly([-14, -8, 4, -16, 16, -2, 8, 14, -10, 12], '#fbfbf6'), at(between(r, 180, 420), between(r, 390, 440), 1.3, between(r, 0, 90)))
    return s
  }
  if (/\bfu\b|gluten/.test(en)) {
    let s = ellipse(300, 470, 170, 16, '#000', op(0.07)) + path('M120 340C126 440 200 470 300 470C400 470 474 440 480 340Z', INK) + ellipse(300, 340, 180, 40, '#b3262c') + ellipse(300, 342, 166, 32, '#efd9a0')
    for (let i = 0; i < 7; i++) {
      const x = 200 + i * 32
      const y = 340 + (i % 2 ? 8 : -6)
      const col = pick(r, ['#f6b7c8', '#b9d98a', '#fbf3e6', '#f5d06a', '#f29a6a'])
      s += circle(x, y, 16, col) + path(`M${x - 14} ${y}h28M${x} ${y - 14}v28`, 'none', stroke(WHITE, 2) + op(0.7))
    }
    return s
  }
  if (/shichimi/.test(en)) return dish(380, 430, 110, 40) + path('M320 426C340 380 420 380 440 426Z', '#c8452c') + sprinkle(380, 410, 40, 10, ['#3a2a1a', '#e9a03a', '#4f7a35'], 20, 2.5) + grp(drawItem('gourd', c), at(200, 330, 0.85))
  return riceBowl(300, 470, '#2f4f7f', sprinkle(300, 330, 70, 16, [c.pal.fill, c.pal.main], 40, 4))
}

// ───────────────────────────── product pictures ─────────────────────────────

function makeCtx(p: CatalogueProduct, cityJa: string): Ctx {
  const en = p.name.en.toLowerCase()
  const pack = packOf(p)
  const cat = p.categories[0] ?? 'snacks'
  const serve = p.categories.find((x) => x !== 'seasonal') ?? 'sweets'
  const r = rng(`${p.sku}:pattern-pick`)
  const pal = paletteOf(p)
  let pattern: PatternKind = PATTERNS[hash(`${p.sku}:pattern`) % PATTERNS.length] ?? 'dots'
  if (pal.key === 'sakura') pattern = pick(r, ['sakura', 'dots', 'sakura'] as const)
  if (pal.key === 'sea') pattern = pick(r, ['seigaiha', 'waves', 'seigaiha'] as const)
  if (/shibori/.test(en)) pattern = 'dots'
  if (/silk/.test(en)) pattern = 'waves'
  if (/bingata/.test(en)) pattern = 'sakura'
  if (/tenugui|furoshiki|nishijin/.test(en)) pattern = pick(r, ['seigaiha', 'asanoha', 'shippo'] as const)
  const seal = p.categories[0] === 'seasonal' ? SEASON_SEAL(en) : (SEALS[cat] ?? '選')
  return { p, pal, r: rng(`${p.sku}:shape`), pack, shape: shapeOf(pack, en, serve), en, cat, serve, ja: p.name.ja, city: cityJa, pattern, seal, pid: 'pt' }
}

function drawShape(c: Ctx): Drawn {
  switch (c.shape) {
    case 'box':
    case 'gift':
    case 'kit':
    case 'teabox':
      return boxShape(c)
    case 'cookietin':
      return cookieTin(c)
    case 'cups':
      return cupsShape(c)
    case 'pillow':
      return pillowBag(c)
    case 'pouch':
      return pouch(c)
    case 'can':
      return can(c)
    case 'bottle':
      return bottle(c)
    case 'ramune':
      return ramune(c)
    case 'tin':
      return teaTin(c)
    case 'jar':
      return jar(c)
    case 'cloth':
      return cloth(c)
    case 'tote':
      return tote(c)
    case 'furoshiki':
      return furoshiki(c)
    case 'gourd':
    case 'item':
      return itemShot(c)
  }
}

/** Small motifs scattered around the edge of the picture: petals, leaves, bubbles, sparkles... */
function scatter(c: Ctx, count: number, w = 600, h = 600): string {
  const r = rng(`${c.p.sku}:scatter`)
  const { key } = c.pal
  const winter = c.p.trend_group === 'winter-limited' && key !== 'sakura'
  const motif = winter ? 'snow' : key === 'sakura' ? 'petal' : key === 'matcha' || key === 'melon' ? 'leaf' : key === 'sea' ? 'bubble' : key === 'gold' ? 'sparkle' : pick(r, ['dot', 'sparkle', 'dot', 'ring'] as const)
  const col = key === 'sakura' ? '#f29ab4' : tint(c.pal.accent === '#2e2a2a' ? c.pal.main : c.pal.accent, 0.15)
  let s = ''
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + between(r, -0.25, 0.25)
    const rad = between(r, 0.4, 0.47)
    const x = w / 2 + Math.cos(a) * w * rad
    const y = h / 2 + Math.sin(a) * h * rad * 0.92
    const k = between(r, 0.7, 1.25)
    const rot = between(r, 0, 360)
    s +=
      motif === 'petal'
        ? grp(path(PETAL_D, col), at(x, y, k * 1.3, rot), op(0.8))
        : motif === 'leaf'
          ? grp(leafIcon(col), at(x, y, k * 0.6, rot), op(0.7))
          : motif === 'bubble'
            ? circle(x, y, 7 * k, 'none', stroke(col, 2.5) + op(0.7))
            : motif === 'snow'
              ? grp(path('M0-10V10M-8.7-5L8.7 5M-8.7 5L8.7-5', 'none', stroke('#9fc3dd', 2.4)), at(x, y, k, rot))
              : motif === 'sparkle'
                ? grp(path('M0-11Q1.5-1.5 11 0Q1.5 1.5 0 11Q-1.5 1.5-11 0Q-1.5-1.5 0-11Z', col), at(x, y, k), op(0.85))
                : motif === 'ring'
                  ? circle(x, y, 6 * k, 'none', stroke(col, 2.5) + op(0.7))
                  : circle(x, y, 5 * k, col, op(0.7))
  }
  return s
}

const STRAW = '<pattern id="straw" width="12" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="12" height="6" fill="#fff" opacity=".8"/></pattern>'
function productDefs(c: Ctx): string {
  const base = c.pal.main
  const fg = luma(base) > 0.75 ? shade(base, 0.12) : tint(base, c.shape === 'item' || c.shape === 'cloth' || c.shape === 'furoshiki' || c.shape === 'tote' ? 0.4 : 0.2)
  return patternDef(c.pid, c.pattern, base, fg, c.shape === 'item' || c.shape === 'cloth' ? 30 : 34)
}
/** Only the definitions the body uses: the patterns of `ctxs` and the shared gradients. */
function defsFor(body: string, ctxs: Ctx[]): string {
  const seen = new Set<string>()
  let defs = ''
  for (const c of ctxs) {
    if (seen.has(c.pid) || !body.includes(`url(#${c.pid})`)) continue
    seen.add(c.pid)
    defs += productDefs(c)
  }
  return defs + (body.includes('url(#cyl)') ? CYL : '') + (body.includes('url(#straw)') ? STRAW : '')
}
const docFor = (body: string, c: Ctx) => svgDoc(600, 600, body, defsFor(body, [c]))

/** Picture 1: the package on a soft background. */
function productPicture(c: Ctx): string {
  const { pal } = c
  const d = drawShape(c)
  let body = rect(0, 0, 600, 600, pal.bg) + circle(300, 292, 236, pal.soft, op(0.55)) + scatter(c, 9)
  if (d.half > 0) body += ellipse(300, d.floor + 2, d.half, 16, shade(pal.soft, 0.3), op(0.35))
  body += d.body
  return docFor(body, c)
}

/** The package at scale k centred on (x, y), as a prop in the serving picture. */
function packageProp(c: Ctx, x: number, y: number, k: number): string {
  const d = drawShape(c)
  const shadow = d.half > 0 ? ellipse(300, d.floor + 2, d.half, 14, '#000', op(0.08)) : ''
  return grp(shadow + d.body, at(x - 300 * k, y - 300 * k, k))
}

function plateScene(c: Ctx): string {
  const kind = pieceOf(c)
  let s = packageProp(c, 445, 238, 0.5)
  if (c.serve === 'sweets') s += teaCupSmall(118, 350)
  const light = ['cream', 'whitechoc'].includes(c.pal.key) || ['karukan', 'konpeito', 'rakugan', 'snowman', 'stollen', 'uiro', 'cube', 'mochi', 'yatsuhashi', 'arare'].includes(kind)
  const plate = light ? pick(rng(`${c.p.sku}:plate`), ['#2f4f7f', '#3a3336', '#7a2f34']) : pick(rng(`${c.p.sku}:plate`), ['#fbf8f2', '#fbf8f2', '#fbf8f2', '#2f4f7f', '#f3e9d6'])
  s += ellipse(282, 432, 232, 88, '#000', op(0.08)) + ellipse(278, 420, 228, 86, plate) + ellipse(278, 414, 186, 66, shade(plate, 0.05)) + ellipse(278, 420, 228, 86, 'none', stroke(shade(plate, 0.09), 2))
  const big = ['jelly', 'pudding', 'baum', 'castella', 'gaufre', 'stollen', 'panda', 'tart', 'yokan', 'lemoncake', 'dorayaki', 'kaki', 'cake', 'sakuramochi', 'kinton', 'pie', 'financier', 'mochi', 'manju', 'momiji', 'rusk', 'karukan', 'uiro', 'monaka', 'sandwich', 'langue', 'wafer', 'sable', 'cookie', 'senbei', 'cracker', 'chinsuko', 'okoshi', 'choco', 'yatsuhashi', 'snowman', 'tempura', 'noodle', 'cube', 'candy']
  const spots: [number, number, number][] = big.includes(kind)
    ? [
        [196, 402, 104],
        [300, 392, 108],
        [250, 446, 112],
        [356, 440, 104],
      ]
    : [
        [190, 400, 104],
        [280, 388, 104],
        [366, 402, 100],
        [230, 446, 108],
        [330, 448, 108],
      ]
  spots.forEach(([x, y, sz], i) => (s += piece(kind, x, y, sz, c, i + 10)))
  s += garnish(c, 470, 476, 0.8)
  return s
}
const teaCupSmall = (x: number, y: number) =>
  ellipse(x, y + 60, 56, 10, '#000', op(0.07)) + path(`M${x - 46} ${y - 30}L${x + 46} ${y - 30}L${x + 40} ${y + 56}Q${x} ${y + 64} ${x - 40} ${y + 56}Z`, '#e9e2d2') + ellipse(x, y - 30, 46, 10, '#efe8da') + ellipse(x, y - 29, 40, 7, '#b9c95a')

function drinkScene(c: Ctx): string {
  return packageProp(c, 440, 260, 0.56) + drinkGlass(c, 230, 480) + garnish(c, 470, 486, 0.9)
}
function teaScene(c: Ctx): string {
  let s = packageProp(c, 452, 246, 0.5)
  const green = !/latte|black tea|darjeeling|blend|1859|rose|matcha(?! genmaicha)|yuzu|sakura-yu|salted/.test(c.en)
  if (green) s += kyusu(c, 122, 392)
  s += grp(teaCup(c, 0, 0), at(green ? 262 : 236, 478, 1.28))
  if (!/latte/.test(c.en)) s += leafPile(c, 452, 500)
  return s + (c.pal.key === 'citrus' || c.pal.key === 'sakura' || c.pal.key === 'purple' ? garnish(c, 110, 500, 0.7) : '')
}

/** Picture 2: contents / serving on a table, English name at the bottom. */
function servingPicture(c: Ctx): string {
  const { pal } = c
  let body = rect(0, 0, 600, 600, pal.bg) + circle(300, 240, 200, pal.soft, op(0.45))
  const table = '#e9cfa6'
  const closeUp = c.serve === 'souvenirs' || (c.shape === 'item' && c.serve !== 'regional-gifts')
  if (closeUp) {
    body += rect(0, 430, 600, 170, mix(pal.soft, '#e2cfa8', 0.55)) + rect(0, 430, 600, 6, mix(pal.soft, '#f3e6cc', 0.5))
    const kind = itemOf(c)
    body += ellipse(300, 470, 230, 28, '#000', op(0.08)) + grp(drawItem(kind, c), at(300, 290, 1.18))
  } else {
    body += rect(0, 372, 600, 228, table) + rect(0, 372, 600, 7, '#f4e2c4')
    for (let i = 0; i < 4; i++) body += path(`M0 ${410 + i * 46}Q150 ${400 + i * 46} 300 ${414 + i * 46}T600 ${408 + i * 46}`, 'none', stroke('#dcb98a', 2) + op(0.5))
    body +=
      c.serve === 'drinks'
        ? drinkScene(c)
        : c.serve === 'ramen-noodles'
          ? ramenScene(c)
          : c.serve === 'tea'
            ? teaScene(c)
            : c.serve === 'regional-gifts'
              ? (c.shape === 'item' ? '' : packageProp(c, 470, 232, 0.42)) + giftScene(c)
              : plateScene(c)
  }
  body += caption(c.p.name.en, pal)
  return docFor(body, c)
}

function caption(en: string, pal: Pal): string {
  const fs0 = 22
  const f = fitText(en, 500, 64, fs0, 2)
  const w = Math.min(560, Math.max(...f.lines.map(textEm)) * f.fs + 44)
  const h = f.lines.length * f.fs * 1.22 + 20
  const y = 600 - 18 - h
  return rect(300 - w / 2, y, w, h, '#ffffff', h / 2 > 24 ? 20 : h / 2, op(0.94)) + textBlock(en, 300, y + h / 2, 500, h - 16, fs0, pal.ink, 600, 2)
}

// ───────────────────────────── scenery helpers (cities, trend groups, banners) ─────────────────────────────

const cloud = (x: number, y: number, k: number, col = '#ffffff', o = 0.9) =>
  grp(path('M-60 14C-74 14-74-8-56-10C-56-30-26-34-16-20C-8-40 30-40 34-16C52-22 68-4 56 14Z', col), at(x, y, k), op(o))
/** A wavy band filling from y down to bottom. */
function hills(y: number, amp: number, col: string, seed: string, w = 800, bottom = 600, bumps = 4): string {
  const r = rng(seed)
  let d = `M0 ${n(y)}`
  const step = w / bumps
  for (let i = 0; i < bumps; i++) d += `Q${n(step * i + step / 2)} ${n(y - amp * between(r, 0.4, 1.2))} ${n(step * (i + 1))} ${n(y + between(r, -amp * 0.2, amp * 0.2))}`
  return path(`${d}L${w} ${bottom}L0 ${bottom}Z`, col)
}
const sakuraTree = (x: number, y: number, k: number, col = '#f6b7c8') =>
  grp(path('M-6 0L-4-60Q-20-80-30-90M-4-60Q10-84 24-96', 'none', stroke('#7a5040', 9)) + circle(-30, -100, 40, col) + circle(20, -112, 46, tint(col, 0.15)) + circle(-4, -140, 40, col) + circle(40, -84, 30, shade(col, 0.05)) + circle(-50, -76, 26, shade(col, 0.05)), at(x, y, k))
const roundTree = (x: number, y: number, k: number, col = '#5f9e4a') => grp(rect(-5, -40, 10, 40, '#7a5040') + circle(0, -62, 34, col) + circle(-14, -72, 14, tint(col, 0.15)), at(x, y, k))
const pineTree = (x: number, y: number, k: number, col = '#3f6f3a') =>
  grp(path('M0 0C-4-30 10-50-6-80C-14-96 8-110 20-120', 'none', stroke('#6b4a3a', 10)) + ellipse(-30, -78, 44, 14, col) + ellipse(26, -104, 46, 15, col) + ellipse(-8, -130, 36, 12, tint(col, 0.1)) + ellipse(30, -60, 30, 10, shade(col, 0.1)), at(x, y, k))
function water(y: number, col: string, seed: string, w = 800, h = 600): string {
  const r = rng(seed)
  let s = rect(0, y, w, h - y, col)
  const list: number[][] = []
  for (let i = 0; i < 16; i++) {
    const x = between(r, 20, w - 60)
    const yy = between(r, y + 14, h - 10)
    list.push([x, yy, x + between(r, 20, 50), yy])
  }
  s += segs(list, tint(col, 0.35), 3, op(0.7))
  return s
}
const torii = (x: number, y: number, k: number, col = '#d8392f') =>
  grp(rect(-62, -150, 14, 150, col) + rect(48, -150, 14, 150, col) + rect(-80, -120, 160, 12, col) + path('M-100-168Q0-156 100-168L104-150Q0-138-104-150Z', INK) + rect(-90, -154, 180, 12, col) + rect(-6, -140, 12, 22, col), at(x, y, k))
/** A Japanese castle keep with `tiers` roofs, standing on (x, y). */
function castle(x: number, y: number, k: number, roof: string, wall: string, trim: string, tiers = 4): string {
  let s = path('M-150 0L-120-80L120-80L150 0Z', '#9a9488') + segs([[-140, -26, 140, -26], [-130, -52, 130, -52]], '#857f74', 2)
  let w = 220
  let yy = -80
  for (let i = 0; i < tiers; i++) {
    const h = i === tiers - 1 ? 44 : 40
    s += rect(-w / 2, yy - h, w, h, wall)
    for (let j = 0; j < 3; j++) s += rect(-w / 2 + w * (0.2 + j * 0.25) - 7, yy - h + 12, 14, 16, shade(wall, 0.4))
    const rw = w / 2 + 26
    s += path(`M${-rw} ${yy - h + 6}Q${-w / 4} ${yy - h - 4} 0 ${yy - h - 20}Q${w / 4} ${yy - h - 4} ${rw} ${yy - h + 6}L${rw - 14} ${yy - h - 6}L${-rw + 14} ${yy - h - 6}Z`, roof)
    s += path(`M${-rw} ${yy - h + 6}Q${-w / 4} ${yy - h - 4} 0 ${yy - h - 20}Q${w / 4} ${yy - h - 4} ${rw} ${yy - h + 6}`, 'none', stroke(trim, 3))
    if (i % 2 === 1) s += path(`M-34 ${yy - h - 8}L0 ${yy - h - 40}L34 ${yy - h - 8}Z`, roof) + path(`M-34 ${yy - h - 8}L0 ${yy - h - 40}L34 ${yy - h - 8}`, 'none', stroke(trim, 3))
    yy -= h + 16
    w *= 0.78
  }
  s += path(`M-22 ${yy + 10}q8-18 18-10M22 ${yy + 10}q-8-18-18-10`, 'none', stroke(GOLD, 6))
  return grp(s, at(x, y, k))
}
function pagoda(x: number, y: number, k: number, tiers = 5): string {
  let s = rect(-70, -14, 140, 14, '#8a8478')
  let w = 110
  let yy = -14
  for (let i = 0; i < tiers; i++) {
    s += rect(-w / 2 + 8, yy - 40, w - 16, 40, i % 2 ? '#b8462e' : '#c9553a') + rect(-10, yy - 32, 20, 24, '#f0e2c6')
    const rw = w / 2 + 34
    s += path(`M${-rw} ${yy - 34}Q0 ${yy - 50} ${rw} ${yy - 34}L${rw - 26} ${yy - 52}L${-rw + 26} ${yy - 52}Z`, '#3a3336')
    yy -= 52
    w *= 0.88
  }
  s += rect(-3, yy - 90, 6, 92, GOLD) + segs([[-12, yy - 20, 12, yy - 20], [-11, yy - 34, 11, yy - 34], [-10, yy - 48, 10, yy - 48], [-9, yy - 62, 9, yy - 62]], GOLD, 4)
  return grp(s, at(x, y, k))
}
/** A red-and-white lattice tower (Tokyo Tower style). */
function latticeTower(x: number, y: number, k: number, col = '#e2452f'): string {
  let s = path('M-90 0L-10-330L10-330L90 0L60 0L6-300L-6-300L-60 0Z', col)
  s += segs([[-78, -40, 78, -40], [-60, -110, 60, -110], [-42, -180, 42, -180], [-28, -240, 28, -240], [-74, -40, 50, -110], [74, -40, -50, -110], [-56, -110, 36, -180], [56, -110, -36, -180]], col, 5)
  s += rect(-62, -126, 124, 22, WHITE) + rect(-62, -126, 124, 22, 'none', 4, stroke(col, 4)) + rect(-34, -258, 68, 18, WHITE) + rect(-6, -420, 12, 94, col) + rect(-6, -380, 12, 16, WHITE)
  return grp(s, at(x, y, k))
}
function skyline(y: number, seed: string, cols: string[], w = 800, count = 14, hmin = 60, hmax = 180): string {
  const r = rng(seed)
  let s = ''
  let x = -10
  for (let i = 0; i < count && x < w; i++) {
    const bw = between(r, 40, 90)
    const bh = between(r, hmin, hmax)
    const col = pick(r, cols)
    s += rect(x, y - bh, bw, bh + 2, col)
    const win: number[][] = []
    for (let wy = y - bh + 14; wy < y - 10; wy += 18) for (let wx = x + 8; wx < x + bw - 10; wx += 14) if (r() < 0.55) win.push([wx, wy, wx + 6, wy])
    s += segs(win, tint(col, 0.35), 5)
    x += bw + between(r, -6, 6)
  }
  return s
}
const deer = (x: number, y: number, k: number, flip = false) =>
  grp(
    rect(-34, -10, 8, 44, '#9a6a3e', 3) + rect(-18, -10, 8, 44, '#8a5a34', 3) + rect(20, -10, 8, 44, '#9a6a3e', 3) + rect(34, -10, 8, 44, '#8a5a34', 3) + ellipse(0, -20, 48, 24, '#b47a46') + dotsPath([[-10, -26, 3.5], [8, -30, 3.5], [20, -22, 3.5]], '#f3dfc0') + path('M34-30L52-72L64-66L52-30Z', '#b47a46') + ellipse(62, -76, 18, 12, '#b47a46') + ellipse(76, -72, 7, 5, '#3a2a2a') + ellipse(50, -86, 10, 5, '#b47a46') + circle(62, -80, 2.5, INK) + path('M56-86L50-104M50-104L44-110M50-104L58-110', 'none', stroke('#e6d2b0', 3)) + ellipse(-46, -26, 7, 9, '#f3dfc0'),
    `translate(${x} ${y}) scale(${flip ? -k : k} ${k})`,
  )
function fuji(x: number, y: number, w: number, h: number, col = '#4f7fc0'): string {
  let s = path(`M${x - w / 2} ${y}L${x - w * 0.08} ${y - h}Q${x} ${y - h - 8} ${x + w * 0.08} ${y - h}L${x + w / 2} ${y}Z`, col)
  s += path(`M${x - w * 0.08} ${y - h}Q${x} ${y - h - 8} ${x + w * 0.08} ${y - h}L${x + w * 0.2} ${y - h * 0.6}L${x + w * 0.1} ${y - h * 0.68}L${x + w * 0.02} ${y - h * 0.56}L${x - w * 0.06} ${y - h * 0.7}L${x - w * 0.2} ${y - h * 0.6}Z`, '#ffffff')
  return s
}
const sun = (x: number, y: number, r: number, col = '#fbd36a') => circle(x, y, r * 1.5, col, op(0.25)) + circle(x, y, r, col)
function lantern(x: number, y: number, k: number, col = '#e8384f'): string {
  return grp(line(0, -40, 0, -24, INK, 2) + rect(-16, -26, 32, 6, INK, 2) + ellipse(0, 0, 22, 26, col) + segs([[-20, -8, 20, -8], [-21, 4, 21, 4], [-18, 14, 18, 14]], shade(col, 0.2), 1.5) + rect(-12, 24, 24, 6, INK, 2), at(x, y, k))
}

// ───────────────────────────── cities ─────────────────────────────

const CITY_SCENES: Record<string, { sky: [string, string]; draw: () => string }> = {
  osaka: {
    sky: ['#8fd0f0', '#e9f6fb'],
    draw: () => cloud(140, 150, 1.1) + cloud(660, 120, 0.9) + hills(430, 40, '#9fcf8a', 'os1') + castle(400, 462, 0.92, '#3f8f7a', '#fbf8f2', GOLD, 4) + sakuraTree(120, 480, 1.1) + sakuraTree(690, 470, 1.2) + water(470, '#5fa8d8', 'osw') + rect(0, 462, 800, 10, '#8a8478'),
  },
  kyoto: {
    sky: ['#f6c9a8', '#fdf0e2'],
    draw: () =>
      sun(620, 170, 46, '#f6a04a') + hills(380, 80, '#c98a7a', 'ky1') + hills(430, 50, '#a8624a', 'ky2') + pagoda(470, 470, 1.05) + roundTree(620, 480, 1.3, '#d9542f') + roundTree(700, 470, 1.1, '#e9823a') + rect(0, 460, 800, 140, '#d9c29a') + torii(230, 540, 1.35) + roundTree(90, 520, 1.2, '#e0642f'),
  },
  kobe: {
    sky: ['#9fd0ee', '#eef8fc'],
    draw: () =>
      hills(330, 90, '#7fae7a', 'kb1', 800, 600, 3) + skyline(440, 'kbs', ['#e6e2d8', '#d9d2c4', '#cfd8de'], 800, 14, 40, 110) + water(440, '#3f86c4', 'kbw') + grp(path('M-40 0Q-6-120-30-260L30-260Q6-120 40 0Z', '#d8392f') + segs([[-34, -40, 34, -40], [-22, -100, 22, -100], [-14, -160, 14, -160], [-22, -220, 22, -220]], '#f6d7cf', 3) + ellipse(0, -262, 34, 8, '#d8392f') + rect(-4, -300, 8, 40, '#d8392f'), at(300, 440)) + grp(path('M-10 0L30-110L60-10M40 0L80-130L110 0', 'none', stroke(WHITE, 8)), at(470, 440)) + grp(path('M-70 0L70 0L56 24L-56 24Z', WHITE) + rect(-30, -26, 50, 26, '#f1ece4') + rect(-10, -44, 12, 18, '#d8392f'), at(640, 500)),
  },
  nara: {
    sky: ['#bfe3f3', '#f2f9fb'],
    draw: () =>
      cloud(620, 130, 1) + hills(380, 60, '#a9cf8e', 'nr1') + grp(rect(-176, -20, 352, 22, '#b9b2a4') + rect(-140, -92, 280, 72, '#c9553a') + segs([[-100, -86, -100, -20], [-50, -86, -50, -20], [0, -86, 0, -20], [50, -86, 50, -20], [100, -86, 100, -20]], '#a8432c', 6) + rect(-40, -80, 80, 40, '#f0e2c6') + path('M-196-84Q0-104 196-84L164-124L-164-124Z', '#3a3336') + rect(-112, -172, 224, 50, '#c9553a') + rect(-30, -164, 60, 26, '#f0e2c6') + path('M-166-166Q0-186 166-166L128-214L-128-214Z', '#3a3336') + path('M-124-212q-6-22 10-30M124-212q6-22-10-30', 'none', stroke(GOLD, 7)), at(400, 400, 0.95)) + rect(0, 400, 800, 200, '#8fc47a') + deer(250, 520, 1.2) + deer(560, 540, 1.0, true) + sakuraTree(90, 450, 1.1) + sakuraTree(720, 450, 1),
  },
  wakayama: {
    sky: ['#8fd3ee', '#f1fafc'],
    draw: () => {
      let s = sun(160, 140, 40) + cloud(600, 110, 0.9) + water(360, '#2f8fc9', 'wkw')
      s += path('M380 360L380 300Q380 250 430 240Q500 230 520 290L520 360L490 360L490 310Q480 280 450 284Q420 290 418 320L418 360Z', '#8a6a4a') + path('M380 300Q380 250 430 240Q500 230 520 290L500 282Q470 250 430 262Q396 272 392 304Z', '#4f8a3a')
      s += hills(470, 50, '#6fae4a', 'wk1') + castle(640, 470, 0.55, '#5a6a7a', '#fbf8f2', '#c9c2b0', 3)
      for (let i = 0; i < 5; i++) s += grp(circle(0, 0, 34, '#3f7f3a') + dotsPath([[-12, -8, 7], [10, 6, 7], [14, -14, 6], [-6, 14, 6]], '#f08a2d'), at(90 + i * 70, 520 + (i % 2) * 20))
      return s
    },
  },
  sapporo: {
    sky: ['#b9d6ea', '#f2f7fb'],
    draw: () => {
      let s = grp(path('M-20 0L-8-300L8-300L20 0Z', '#c9d2da') + rect(-30, -240, 60, 30, '#aebac6') + rect(-3, -360, 6, 60, '#c9d2da'), at(640, 430)) + hills(430, 30, '#ffffff', 'sp1')
      s += grp(rect(-150, -120, 300, 120, '#fbfaf6') + path('M-170-120L0-190L170-120Z', '#c8323a') + rect(-40, -260, 80, 100, '#fbfaf6') + path('M-52-260L0-300L52-260Z', '#c8323a') + circle(0, -218, 26, '#fffdf6', stroke(INK, 4)) + segs([[0, -218, 0, -236], [0, -218, 12, -212]], INK, 3) + segs(Array.from({ length: 6 }, (_, i) => [-130 + i * 52, -90, -130 + i * 52, -40]), '#6f8aa8', 14) + rect(-20, -50, 40, 50, '#7a5040'), at(360, 500))
      s += rect(0, 496, 800, 104, '#ffffff') + pineTree(90, 520, 1.1, '#3f6f5a') + pineTree(700, 520, 1, '#3f6f5a')
      const r = rng('snow')
      s += dotsPath(Array.from({ length: 60 }, () => [between(r, 0, 800), between(r, 0, 600), between(r, 2, 5)]), '#ffffff', op(0.9))
      return s
    },
  },
  sendai: {
    sky: ['#9fd4ef', '#f2fafd'],
    draw: () => {
      let s = skyline(470, 'sds', ['#cfd8de', '#dfe4e8', '#bfcad2'], 800, 16, 80, 220) + rect(0, 470, 800, 130, '#c9c2b0') + roundTree(60, 500, 1.4, '#4f9a4a') + roundTree(740, 500, 1.4, '#4f9a4a')
      const cols = ['#e8384f', '#f2b84b', '#2f79b5', '#5a8d3b', '#9a5ab8']
      ;[110, 240, 400, 560, 690].forEach((x, i) => {
        const col = cols[i % cols.length] ?? BRAND
        const y = x === 400 ? 210 : 120 + (i % 2) * 30
        s += line(x, 0, x, y - 30, '#8a8478', 3) + circle(x, y, 34, col) + circle(x, y, 34, 'none', stroke(tint(col, 0.4), 3))
        const streams: number[][] = []
        for (let j = -5; j <= 5; j++) streams.push([x + j * 5.5, y + 20, x + j * 7, y + 200 + (j % 2) * 20])
        s += segs(streams, tint(col, 0.2), 5)
      })
      return s
    },
  },
  tokyo: {
    sky: ['#f7b9a8', '#fdeee6'],
    draw: () =>
      sun(160, 170, 44, '#fbd36a') + grp(path('M-16 0L-6-420L6-420L16 0Z', '#b9c3cc') + rect(-22, -300, 44, 22, '#dfe4e8') + rect(-16, -370, 32, 14, '#dfe4e8'), at(620, 470)) + skyline(480, 'tks', ['#d9c8d2', '#c9b8c8', '#e2d2da'], 800, 14, 60, 160) + latticeTower(380, 500, 0.95) + rect(0, 480, 800, 120, '#c9b8c8') + sakuraTree(90, 560, 1.1) + sakuraTree(720, 560, 1.1),
  },
  yokohama: {
    sky: ['#2f4f8f', '#e98a7a'],
    draw: () => {
      let s = sun(640, 300, 36, '#fbd36a')
      s += grp(path('M-40 0L-30-300L30-300L40 0Z', '#c9cfd6') + path('M-30-300L0-320L30-300Z', '#aeb6bf'), at(250, 440)) + rect(120, 330, 60, 110, '#b9c0c8') + rect(350, 360, 70, 80, '#a8b0ba')
      s += grp(circle(0, 0, 120, 'none', stroke('#f4f1ea', 5)) + segs(Array.from({ length: 12 }, (_, i) => [0, 0, Math.cos((i * Math.PI) / 6) * 120, Math.sin((i * Math.PI) / 6) * 120]), '#f4f1ea', 2) + dotsPath(Array.from({ length: 24 }, (_, i) => [Math.cos((i * Math.PI) / 12) * 120, Math.sin((i * Math.PI) / 12) * 120, 6]), '#f7d64a') + path('M-30 140L0 0L30 140Z', 'none', stroke('#f4f1ea', 6)), at(520, 310))
      s += water(440, '#274a7a', 'ykw') + grp(rect(-120, -60, 240, 60, '#b8553a') + segs(Array.from({ length: 8 }, (_, i) => [-100 + i * 28, -46, -100 + i * 28, -20]), '#f3d7a0', 10), at(150, 500))
      return s
    },
  },
  shizuoka: {
    sky: ['#8fcbef', '#eef8fc'],
    draw: () => {
      let s = cloud(160, 140, 1) + cloud(680, 180, 0.8) + fuji(420, 424, 700, 236) + hills(410, 24, '#6fae4a', 'sz1')
      for (let i = 0; i < 6; i++) s += path(`M-20 ${440 + i * 30}Q400 ${410 + i * 34} 820 ${440 + i * 30}L820 ${460 + i * 30}Q400 ${430 + i * 34}-20 ${460 + i * 30}Z`, i % 2 ? '#4f8f3a' : '#5fa845')
      s += rect(0, 590, 800, 10, '#4f8f3a')
      return s
    },
  },
  nagoya: {
    sky: ['#f4b26a', '#fde9c8'],
    draw: () => sun(180, 190, 50, '#fbe08a') + hills(440, 40, '#b0865a', 'ng1') + castle(410, 476, 0.95, '#4f9a86', '#fbf8f2', GOLD, 4) + rect(0, 468, 800, 132, '#c9a06a') + roundTree(90, 520, 1.5, '#5a8d3b') + roundTree(720, 530, 1.4, '#4f8a3a') + pineTree(640, 560, 1),
  },
  kanazawa: {
    sky: ['#c9e2ec', '#f4fafc'],
    draw: () => {
      let s = hills(360, 40, '#9fc48a', 'kz1') + water(420, '#5f9fb8', 'kzw')
      s += grp(path('M0 0L-40-260M0 0L-40-260', 'none', stroke('#c9c2b0', 3)) + path('M-120-80L-40-260L40-80', 'none', stroke('#d9c29a', 2)) + path('M-80 0L-40-260L0 0', 'none', stroke('#d9c29a', 2)), at(620, 470)) + pineTree(620, 470, 1.6, '#3f6f3a')
      s += grp(rect(-70, -10, 24, 150, '#8a8478') + rect(30, -10, 24, 90, '#8a8478') + rect(-70, -40, 150, 32, '#9a9488', 6) + rect(-40, -100, 80, 60, '#aaa498') + rect(-24, -84, 48, 30, '#5a5650') + path('M-90-100L0-150L90-100Z', '#8a8478') + circle(0, -160, 14, '#8a8478'), at(300, 380))
      s += rect(0, 520, 800, 80, '#8fb87a')
      return s
    },
  },
  hiroshima: {
    sky: ['#f29a7a', '#fde2c8'],
    draw: () => sun(590, 260, 56, '#fbd36a') + hills(330, 90, '#9a6a7a', 'hs1', 800, 600, 3) + hills(370, 50, '#7a4a5a', 'hs2') + water(380, '#e88a7a', 'hsw') + torii(400, 520, 1.75, '#d8392f') + path('M220 530Q400 520 580 530', 'none', stroke('#f6c0a8', 4) + op(0.8)),
  },
  fukuoka: {
    sky: ['#9fd8f0', '#eefafd'],
    draw: () => {
      let s = cloud(180, 130, 0.9) + water(380, '#2f9fd0', 'fkw') + rect(0, 430, 800, 170, '#f3dfb0')
      s += grp(path('M-26 0L-14-380L14-380L26 0Z', '#8fb8d8') + path('M-14-380L14-380L14-200L-4-200Z', '#c9e2f2') + rect(-20, -300, 40, 16, '#4f6f8a') + rect(-3, -430, 6, 50, '#8fb8d8'), at(520, 440))
      s += skyline(430, 'fks', ['#dfe4e8', '#cfd8de'], 400, 6, 40, 110)
      s += grp(rect(-110, -90, 220, 90, '#8a5a34') + rect(-120, -120, 240, 34, '#c8323a') + rect(-110, -86, 220, 10, '#f1e6d0') + lantern(-70, -40, 0.9) + lantern(70, -40, 0.9) + rect(-100, 0, 12, 20, INK) + rect(88, 0, 12, 20, INK), at(230, 540))
      return s
    },
  },
  kagoshima: {
    sky: ['#f0b58a', '#fdeedd'],
    draw: () => {
      let s = path('M380 250C350 160 420 120 460 150C500 100 580 130 560 190C620 200 620 260 560 262Z', '#d9cfc6', op(0.9))
      s += path('M160 410L380 230Q420 214 460 232L700 410Z', '#6a5a6a') + path('M380 230Q420 214 460 232L480 250L440 246L410 258L370 246Z', '#8a7a8a')
      s += water(400, '#3f86c4', 'kgw') + rect(0, 500, 800, 100, '#e9d2a6')
      const palm = (x: number, y: number, k: number) => grp(path('M0 0Q10-80-6-160', 'none', stroke('#8a6a4a', 12)) + [0, 60, 120, 180, 240, 300].map((a) => grp(path('M0 0Q40-20 80 10Q40-6 0 0Z', '#3f8f4a'), `translate(-6 -160) rotate(${a})`)).join(''), at(x, y, k))
      return s + palm(120, 560, 1.1) + palm(700, 560, 0.95)
    },
  },
  okinawa: {
    sky: ['#6fcff0', '#e6f8fd'],
    draw: () => {
      let s = sun(650, 130, 40) + cloud(240, 120, 1) + rect(0, 330, 800, 110, '#2fb5d5') + rect(0, 330, 800, 30, '#1f8fc0') + water(400, '#5fd3e0', 'okw') + path('M0 450Q400 410 800 450L800 600L0 600Z', '#f6e7c0')
      s += rect(450, 420, 300, 110, '#e9e1d3') + path('M430 420L460 380L740 380L770 420Z', '#d2573a') + segs(Array.from({ length: 10 }, (_, i) => [460 + i * 30, 384, 452 + i * 30, 418]), '#b8432a', 3)
      s += grp(shisa(true), at(600, 314, 0.55))
      const hib = (x: number, y: number) => grp([0, 72, 144, 216, 288].map((a) => grp(ellipse(0, -16, 12, 18, '#e8384f'), `rotate(${a})`)).join('') + circle(0, 0, 6, '#f7d64a'), at(x, y))
      return s + hib(120, 520) + hib(180, 560) + hib(300, 540) + roundTree(90, 480, 1, '#3f9a4a')
    },
  },
}

function cityPicture(slug: string, ja: string, en: string): string {
  const scene = CITY_SCENES[slug]
  const h = hash(slug)
  const sky: [string, string] = scene?.sky ?? [hsl(h % 360, 0.6, 0.75), hsl(h % 360, 0.6, 0.94)]
  let body = rect(0, 0, 800, 600, 'url(#sky)')
  body += scene ? scene.draw() : hills(420, 60, hsl((h + 120) % 360, 0.35, 0.6), slug) + pagoda(400, 460, 1) + rect(0, 456, 800, 144, hsl((h + 120) % 360, 0.3, 0.55))
  // name plaque, kept inside the centre so a portrait crop still shows it
  const jf = fitText(ja, 330, 64, 56, 1)
  const ef = fitText(en, 330, 24, 21, 1)
  const w = Math.max(220, Math.min(380, Math.max(textEm(ja) * jf.fs, textEm(en) * ef.fs * 1.1) + 64))
  body += rect(400 - w / 2 + 4, 40, w, 118, '#000', 18, op(0.1)) + rect(400 - w / 2, 34, w, 118, '#fffaf1', 18, op(0.94))
  body += rect(400 - w / 2 + 8, 42, w - 16, 102, 'none', 13, stroke(BRAND, 2) + op(0.6))
  body += text(400, 82, ja, jf.fs, INK, ' font-weight="700"') + text(400, 126, en, ef.fs, BRAND, ' font-weight="600" letter-spacing="1"')
  const defs = `<linearGradient id="sky" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`
  return svgDoc(800, 600, body, defs + sceneDefs(body))
}

/** A context for reusing product drawings in scenery. */
function fakeCtx(en: string, seed: string, ja = ''): Ctx {
  const p: CatalogueProduct = {
    sku: `X-${seed.toUpperCase()}`,
    name: { zh_tw: ja, en, ja },
    description: { zh_tw: '', en, ja: '' },
    categories: ['snacks'],
    city: 'tokyo',
    trend_group: null,
    status: 'ACTIVE',
    stock_type: 'OFF_SHELF',
    expiry_date: null,
    arrival_days: 3,
    size: { length: 17, width: 11, height: 4.5, weight: 220 },
    rank: 0,
    images: ['/x.svg'],
    variants: [],
  }
  const ctx = { ...makeCtx(p, ''), pid: `f${hash(seed).toString(36)}` }
  sceneCtxs.push(ctx)
  return ctx
}
/** Contexts created while drawing the current scenery picture (their patterns go into its defs). */
let sceneCtxs: Ctx[] = []
function sceneDefs(body: string): string {
  const defs = defsFor(body, sceneCtxs)
  sceneCtxs = []
  return defs
}

/** A product drawing reused as a prop: package kind `pack`, flavour from the English name. */
function propCtx(en: string, ja: string, pack: string, cat = 'snacks', city = ''): Ctx {
  const [l = 17, w = 11, h = 4.5, g = 220] = PACKS[pack] ?? []
  const c = fakeCtx(en, `${pack}-${en}`, ja)
  const p = { ...c.p, size: { length: l, width: w, height: h, weight: g }, categories: [cat] }
  const ctx = { ...makeCtx(p, city), pid: `p${hash(en).toString(36)}` }
  sceneCtxs.push(ctx)
  return ctx
}
const prop = (c: Ctx, x: number, y: number, k: number) => packageProp(c, x, y, k)

/** Three dango on a skewer. */
const dango = (x: number, y: number, k: number, rot = 0) =>
  grp(line(0, -110, 0, 90, '#c9a06a', 7) + circle(0, -60, 30, '#f6b7c8') + circle(0, -2, 30, '#fbf6ee') + circle(0, 56, 30, '#a6c86a') + dotsPath([[-10, -70, 8], [-10, -12, 8], [-10, 46, 8]], WHITE, op(0.35)), at(x, y, k, rot))
/** A front-view gift box with ribbon and bow. */
function giftBox(x: number, y: number, w: number, h: number, col: string, ribbon: string): string {
  let s = rect(x - w / 2, y - h, w, h, col, 6) + rect(x - w / 2 - 8, y - h - 10, w + 16, h * 0.24, shade(col, 0.1), 6)
  s += rect(x - 12, y - h - 10, 24, h + 10, ribbon)
  s += path(`M${x} ${y - h - 10}C${x - 60} ${y - h - 70} ${x - 70} ${y - h} ${x} ${y - h - 10}Z`, ribbon) + path(`M${x} ${y - h - 10}C${x + 60} ${y - h - 70} ${x + 70} ${y - h} ${x} ${y - h - 10}Z`, shade(ribbon, 0.08)) + circle(x, y - h - 10, 11, shade(ribbon, 0.15))
  return s
}
function snowflakes(seed: string, w: number, h: number, count: number, col = '#ffffff'): string {
  const r = rng(seed)
  let s = ''
  for (let i = 0; i < count; i++) s += grp(path('M0-10V10M-8.7-5L8.7 5M-8.7 5L8.7-5', 'none', stroke(col, 2.4)), at(between(r, 0, w), between(r, 0, h), between(r, 0.6, 1.4), between(r, 0, 60)))
  return s
}
function petals(seed: string, x0: number, x1: number, h: number, count: number, col = '#f6b7c8'): string {
  const r = rng(seed)
  let s = ''
  for (let i = 0; i < count; i++) s += grp(path(PETAL_D, col), at(between(r, x0, x1), between(r, 10, h - 10), between(r, 0.8, 1.6), between(r, 0, 360)), op(0.85))
  return s
}

// ───────────────────────────── trend groups ─────────────────────────────

const TREND_SCENES: Record<string, { bg: string; draw: () => string }> = {
  'matcha-lovers': {
    bg: '#e5efd6',
    draw: () => {
      const c = fakeCtx('Uji Matcha Langue de Chat', 'tg-matcha')
      return grp(drawItem('chawan', { ...c, pal: { ...c.pal, main: '#3d3a40' } }), at(560, 250, 0.9)) + ellipse(560, 218, 112, 20, '#8db84a') + ellipse(548, 214, 60, 8, '#b9d87a', op(0.7)) + grp(drawItem('chasen', c), at(720, 250, 0.62)) + piece('langue', 420, 330, 90, c, 1) + piece('cube', 470, 350, 80, c, 2) + grp(leafIcon('#5a8d3b'), at(690, 80, 1.6, 30)) + grp(leafIcon('#7fa84a'), at(420, 110, 1.2, -40))
    },
  },
  'kansai-classics': {
    bg: '#fbe3dc',
    draw: () => {
      return hills(300, 30, '#f3cfc4', 'tgk', 800, 400) + castle(640, 300, 0.55, '#3f8f7a', '#fbf8f2', GOLD, 3) + torii(480, 310, 0.9) + deer(740, 350, 0.6, true) + grp(takoyaki(rng('tgk')), at(400, 330, 0.5)) + grp(takoyaki(rng('tgk2')), at(450, 340, 0.46))
    },
  },
  'gift-boxes': {
    bg: '#fde8ec',
    draw: () => giftBox(500, 350, 200, 140, '#e8384f', '#f6d7a0') + giftBox(660, 350, 150, 110, '#2f4f7f', '#e8384f') + giftBox(590, 210, 130, 90, '#f2b84b', '#fbf8f2') + petals('tgg', 380, 780, 400, 10),
  },
  'office-snacks': {
    bg: '#e8eef8',
    draw: () => {
      const bag = propCtx('Hokkaido Butter Potato Crisps', '北海道バターポテトチップス', 'bag-m')
      const c = fakeCtx('Osaka Auntie Fruit Candies', 'tg-office')
      return rect(380, 330, 420, 70, '#c9b08a') + rect(380, 330, 420, 8, '#dcc49e') + prop(bag, 520, 210, 0.48) + drinkGlass({ ...c, en: 'kobe drip coffee' }, 680, 340) + piece('candy', 430, 340, 70, c, 1) + piece('candy', 610, 360, 64, c, 2) + piece('caramel', 760, 360, 70, c, 3) + grp(rect(-40, -40, 80, 80, '#f7e27a') + path('M-40-40L40-40L40-28L-40-28Z', '#efd15a'), at(430, 120, 1, -8))
    },
  },
  'ramen-at-home': {
    bg: '#fbead8',
    draw: () => {
      const c = fakeCtx('Tokyo Shoyu Ramen Kit', 'tg-ramen')
      return ramenBowl(c, 580, 200, 180, noodleOf('tokyo shoyu ramen')) + grp(line(0, 0, 230, 0, '#b9824a', 8) + line(0, 18, 230, 12, '#a87440', 8), at(620, 150, 1, -18)) + path('M520 110q-14-20 0-40t0-40M580 104q-14-20 0-40t0-40M640 110q-14-20 0-40', 'none', stroke(WHITE, 6) + op(0.8))
    },
  },
  'winter-limited': {
    bg: '#e3ecf7',
    draw: () => {
      const c = fakeCtx('Tamba Chestnut Kinton', 'tg-winter')
      return snowflakes('tgw', 800, 400, 26, '#ffffff') + drinkGlass({ ...c, en: 'hokkaido milk hot chocolate' }, 520, 350) + piece('snowman', 690, 300, 120, c, 1) + piece('kinton', 640, 360, 80, c, 2) + piece('kinton', 720, 370, 76, c, 3)
    },
  },
  'sakura-season': {
    bg: '#fde6ee',
    draw: () => {
      const c = fakeCtx('Kyoto Domyoji Sakura Mochi', 'tg-sakura')
      let s = path('M800 40C700 60 620 40 520 90C470 115 430 110 400 130', 'none', stroke('#7a5040', 9)) + path('M640 58C620 90 600 110 560 120', 'none', stroke('#7a5040', 6))
      for (const [x, y, k] of [
        [520, 90, 1.6],
        [600, 64, 1.3],
        [700, 56, 1.7],
        [450, 116, 1.2],
        [560, 122, 1.1],
        [760, 44, 1.3],
      ] as const)
        s += grp(sakuraFlower('#f29ab4', '#fbe6ec'), at(x, y, k, x))
      return s + petals('tgs', 380, 800, 400, 16) + piece('sakuramochi', 520, 320, 110, c, 1) + piece('sakuramochi', 640, 330, 110, c, 2) + dango(740, 300, 0.8, 20)
    },
  },
  'new-arrivals': {
    bg: '#fff1dc',
    draw: () => {
      const bag = propCtx('Okinawa Beni-Imo Chips', '沖縄紅いもチップス', 'bag-m')
      const bottle = propCtx('Sakura Ramune', '桜ラムネ', 'ramune', 'drinks')
      const box = propCtx('Uji Matcha Baumkuchen', '宇治抹茶バウムクーヘン', 'box-m', 'sweets')
      let s = prop(bottle, 470, 220, 0.5) + prop(box, 720, 260, 0.42) + prop(bag, 600, 200, 0.52)
      const r = rng('tgn')
      for (let i = 0; i < 8; i++) s += grp(path('M0-11Q1.5-1.5 11 0Q1.5 1.5 0 11Q-1.5 1.5-11 0Q-1.5-1.5 0-11Z', pick(r, [BRAND, '#f2b84b', '#2f79b5'])), at(between(r, 400, 780), between(r, 30, 380), between(r, 0.8, 1.6)))
      return s
    },
  },
}

function trendPicture(slug: string, ja: string, en: string): string {
  const scene = TREND_SCENES[slug]
  const bg = scene?.bg ?? hsl(hash(slug) % 360, 0.6, 0.92)
  let body = rect(0, 0, 800, 400, bg) + circle(600, 200, 190, '#ffffff', op(0.35))
  body += scene ? scene.draw() : petals(slug, 380, 800, 400, 14, BRAND)
  body += rect(40, 110, 320, 180, '#fffaf1', 18, op(0.95)) + rect(48, 118, 304, 164, 'none', 13, stroke(BRAND, 2) + op(0.6))
  body += textBlock(ja, 200, 178, 280, 96, 44, INK, 700, 2) + line(150, 240, 250, 240, BRAND, 2, op(0.6)) + text(200, 262, en, Math.min(22, 270 / Math.max(1, textEm(en))), BRAND, ' font-weight="600"')
  return svgDoc(800, 400, body, sceneDefs(body))
}

// ───────────────────────────── categories ─────────────────────────────

const CATEGORY_ICONS: Record<string, { bg: string; draw: () => string }> = {
  snacks: {
    bg: '#fde3d6',
    draw: () => {
      const c = fakeCtx('Hokkaido Potato Chips', 'cat-snacks')
      const crimp = (y: number) => path(`M70 ${y}l10-8l10 8l10-8l10 8l10-8l10 8l10-8l10 8l10-8l10 8l10-8l10 8l10-8l10 8l10-8v18h-160Z`, '#c8323a')
      return crimp(62) + crimp(210) + path('M74 70L226 70Q240 145 226 220L74 220Q60 145 74 70Z', '#e8553a') + ellipse(150, 140, 52, 40, '#fff6e6') + piece('chip', 150, 140, 70, c, 1) + piece('chip', 100, 240, 70, c, 2) + piece('senbei', 205, 238, 66, c, 3)
    },
  },
  sweets: {
    bg: '#fde6ee',
    draw: () => {
      const c = fakeCtx('Sakura Mochi', 'cat-sweets')
      return ellipse(150, 210, 110, 40, '#fbf8f2') + ellipse(150, 206, 88, 30, '#f2ede4') + piece('sakuramochi', 122, 190, 90, c, 1) + piece('manju', 196, 196, 76, fakeCtx('Hakata Milk Manju', 'cat-s2'), 2) + dango(200, 120, 0.62, 25)
    },
  },
  drinks: {
    bg: '#dff1f8',
    draw: () => grp(ramune(propCtx('Classic Ramune Marble Soda', 'ラムネ', 'ramune', 'drinks')).body.replace(/<text[\s\S]*?<\/text>/g, ''), at(-50, 36, 0.5)) + grp(drinkGlass(fakeCtx('Setouchi Lemon Soda', 'cat-drinks'), 0, 0), at(196, 256, 0.62)),
  },
  'ramen-noodles': {
    bg: '#fbe9d4',
    draw: () => ramenBowl(fakeCtx('Tokyo Shoyu Ramen', 'cat-ramen'), 150, 150, 118, noodleOf('tokyo shoyu ramen')) + grp(line(0, 0, 140, 0, '#b9824a', 6) + line(0, 12, 140, 8, '#a87440', 6), at(160, 118, 1, -20)),
  },
  tea: {
    bg: '#e4efd6',
    draw: () => {
      const c = fakeCtx('Uji Sencha', 'cat-tea')
      return kyusu(c, 96, 150) + grp(teaCup(c, 0, 0), at(190, 236, 0.78)) + grp(leafIcon('#5a8d3b'), at(230, 70, 1.3, 30)) + grp(leafIcon('#7fa84a'), at(262, 100, 1, 70))
    },
  },
  'regional-gifts': {
    bg: '#fbe8d8',
    draw: () => giftBox(150, 240, 170, 130, '#e8384f', '#f6d7a0') + rect(95, 150, 80, 60, '#fffaf1', 4) + rect(101, 156, 68, 48, 'none', 3, stroke('#d6ad48', 1.5)) + circle(200, 170, 12, '#c8323a'),
  },
  souvenirs: {
    bg: '#f9e6d2',
    draw: () => grp(drawItem('neko', fakeCtx('Maneki-Neko', 'cat-souvenirs')), at(150, 150, 0.72)),
  },
  seasonal: {
    bg: '#fdf0dc',
    draw: () =>
      grp(sakuraFlower('#f29ab4', '#fbe6ec'), at(110, 120, 3.2, 10)) + grp(path('M0 40L-6 14L-40 20L-22 0L-46-20L-16-16L-18-46L0-24L18-46L16-16L46-20L22 0L40 20L6 14Z', '#e2632f') + path('M0 36L0-20', 'none', stroke('#b8432a', 3)), at(196, 196, 1.5, 15)) + grp(path('M0-10V10M-8.7-5L8.7 5M-8.7 5L8.7-5', 'none', stroke('#7fb0d8', 3)), at(220, 90, 1.8)),
  },
}

function categoryPicture(slug: string): string {
  const icon = CATEGORY_ICONS[slug]
  const bg = icon?.bg ?? hsl(hash(slug) % 360, 0.6, 0.9)
  const body = rect(0, 0, 300, 300, bg) + circle(150, 150, 118, '#ffffff', op(0.45)) + (icon ? icon.draw() : grp(sakuraFlower(BRAND, '#fff'), at(150, 150, 4)))
  return svgDoc(300, 300, body, sceneDefs(body))
}

// ───────────────────────────── banners ─────────────────────────────

function bannerPicture(i: number): string {
  const W = 1600
  const H = 600
  let body = ''
  let defs = ''
  if (i === 1) {
    defs = `<linearGradient id="bg" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#d92f47"/><stop offset=".5" stop-color="${BRAND}"/><stop offset="1" stop-color="#f26b7d"/></linearGradient>`
    body += rect(0, 0, W, H, 'url(#bg)') + circle(1180, 330, 290, '#ffffff', op(0.12)) + circle(1180, 330, 200, '#ffffff', op(0.08))
    body += path('M820 120C980 20 1240 10 1420 90', 'none', stroke('#ffffff', 4) + ' stroke-dasharray="2 14"' + op(0.8)) + grp(path('M-26-8L26 0L-26 8L-16 0Z', '#ffffff'), at(1430, 96, 1.3, 20))
    const bag = propCtx('Hokkaido Butter Potato Crisps', '北海道バターポテトチップス', 'bag-m', 'snacks', '札幌')
    const ram = propCtx('Classic Ramune Marble Soda', '昔ながらのラムネ', 'ramune', 'drinks', '大阪')
    const tin = propCtx('Uji Sencha', '宇治煎茶', 'tin', 'tea', '京都')
    body += petals('b1', 760, 1600, 600, 22, '#ffd6de') + prop(ram, 1030, 260, 0.62) + prop(bag, 1180, 240, 0.66) + prop(tin, 1330, 280, 0.56)
    body += path('M900 380L1460 380L1420 580L940 580Z', '#c99660') + path('M900 380L1460 380L1440 420L920 420Z', '#b07f4c') + path('M900 380L820 300L1000 300L1040 380Z', '#dcae78') + path('M1460 380L1540 300L1360 300L1320 380Z', '#d4a46e')
    body += rect(1100, 470, 160, 60, '#fffaf1', 8, op(0.9)) + grp(sakuraFlower(BRAND, '#fff'), at(1180, 500, 1.3))
  } else if (i === 2) {
    defs = `<linearGradient id="bg" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#f7a8b4"/><stop offset=".7" stop-color="#fde3d6"/></linearGradient>`
    body += rect(0, 0, W, H, 'url(#bg)') + sun(1280, 170, 70, '#fff2c8')
    body += hills(430, 90, '#e6a3a8', 'b2h', W, H, 6) + hills(470, 60, '#d88a92', 'b2h2', W, H, 7)
    body += grp(castle(0, 0, 1, '#3f8f7a', '#fbf8f2', GOLD, 4), at(1410, 470, 0.72)) + pagoda(1080, 480, 1.0) + torii(880, 560, 1.2, BRAND) + sakuraTree(1250, 560, 1.5) + sakuraTree(780, 600, 1.3) + sakuraTree(1560, 560, 1.2)
    body += rect(0, 540, W, 60, '#c9787e') + petals('b2', 700, 1600, 600, 26, '#fff0f4')
  } else {
    defs = `<linearGradient id="bg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#c42840"/><stop offset=".45" stop-color="${BRAND}"/><stop offset="1" stop-color="#ff8a7a"/></linearGradient>`
    body += rect(0, 0, W, H, 'url(#bg)')
    const r = rng('b3')
    for (let k = 0; k < 40; k++) body += grp(rect(-6, -3, 12, 6, pick(r, ['#ffd6de', '#f2c14a', '#ffffff', '#8fd4ec']), 2), at(between(r, 760, 1600), between(r, 20, 580), between(r, 0.8, 1.6), between(r, 0, 180)), op(0.9))
    body += grp(path('M-250-40L250-40L240 30L-240 30Z', '#f3e2c4') + rect(-20, -40, 40, 70, '#c42840'), at(1250, 200, 1, 14))
    const bag = propCtx('Uji Matcha Mini Wafers', '宇治抹茶ミニウエハース', 'bag-m', 'sweets', '京都')
    const can0 = propCtx('Setouchi Lemon Soda', '瀬戸内レモンソーダ', 'can', 'drinks', '広島')
    const box = propCtx('Kobe Almond Financiers', '神戸フィナンシェ', 'box-m', 'sweets', '神戸')
    const salt = propCtx('Noto Sea Salt Rice Crackers', '能登の塩あられ', 'bag-s', 'snacks', '金沢')
    body += prop(box, 1030, 290, 0.46) + prop(bag, 1140, 250, 0.52) + prop(can0, 1258, 270, 0.48) + prop(salt, 1370, 290, 0.48)
    body += path('M930 360L1450 360L1420 570L960 570Z', '#fbf1e0') + rect(926, 350, 528, 36, '#f3e2c4', 6) + rect(1170, 350, 40, 220, BRAND)
    body += path('M1190 360C1120 300 1100 390 1190 360ZM1190 360C1260 300 1290 390 1190 360Z', '#f2c14a') + circle(1190, 360, 12, '#e0a82a')
    body += grp(sakuraFlower(BRAND, '#fff'), at(1040, 470, 1.4)) + grp(sakuraFlower('#f29ab4', '#fff'), at(1340, 480, 1.2))
    body += grp(rect(-80, -90, 160, 180, '#ffffff', 12) + rect(-80, -90, 160, 44, '#2f4f7f', 12) + rect(-80, -60, 160, 14, '#2f4f7f') + dotsPath(Array.from({ length: 12 }, (_, k) => [-50 + (k % 4) * 33, -20 + Math.floor(k / 4) * 34, 8]), '#e6dccc') + circle(49, 48, 14, BRAND) + segs([[-40, -100, -40, -76], [40, -100, 40, -76]], INK, 6), at(1500, 430, 0.8, 8))
  }
  return svgDoc(W, H, body, defs + sceneDefs(body))
}

// ───────────────────────────── subscribe page ─────────────────────────────

/** An open cardboard snack box, rim centred on (x, y): its inside back wall, then (after the contents) its front and flaps. */
function snackBox(x: number, y: number, k: number, seed: string): { back: string; front: string } {
  const back = grp(path('M-280 0L-250-46L250-46L280 0Z', '#9c6e40') + path('M-250-46L250-46L246-30L-246-30Z', '#8a5f36'), at(x, y, k))
  const r = rng(seed)
  const tape = pick(r, [BRAND, '#2f4f7f', '#3f8f7a'])
  let front = path('M-280 0L280 0L250 200L-250 200Z', '#c99660') + path('M-280 0L280 0L268 40L-268 40Z', '#b07f4c')
  front += path('M-280 0L-372-84L-184-84L-140 0Z', '#dcae78') + path('M280 0L372-84L184-84L140 0Z', '#d4a46e')
  front += rect(-20, 40, 40, 160, tape, 0, op(0.85)) + rect(-96, 96, 192, 68, '#fffaf1', 10, op(0.95)) + grp(sakuraFlower(BRAND, '#fff'), at(-56, 130, 1.1))
  front += rect(-22, 116, 96, 8, '#d8cfc2', 4) + rect(-22, 136, 64, 8, '#e6ded2', 4)
  return { back, front: grp(front, at(x, y, k)) }
}
const bubbles = (seed: string, x0: number, x1: number, count: number, col = '#ffffff') => {
  const r = rng(seed)
  let s = ''
  for (let i = 0; i < count; i++) s += circle(between(r, x0, x1), between(r, 30, 560), between(r, 6, 22), 'none', stroke(col, 3) + op(0.55))
  return s
}
const steam = (x: number, y: number, k: number) => grp(path('M0 0C-20-30 20-50 0-80S20-130 0-160M40 10C20-20 60-40 40-70S60-120 40-150M-40 10C-60-20-20-40-40-70', 'none', stroke('#ffffff', 8) + op(0.6)), at(x, y, k))
const confetti = (seed: string, count: number, cols: string[]) => {
  const r = rng(seed)
  let s = ''
  for (let i = 0; i < count; i++) s += grp(rect(-7, -3, 14, 6, pick(r, cols), 2), at(between(r, 0, 1600), between(r, 20, 580), between(r, 0.8, 1.6), between(r, 0, 180)), op(0.9))
  return s
}

/**
 * The subscribe page's five pictures, 1600x600: an open snack box with the kind of things each
 * shows (everything, drinks, snacks, regional gifts, ramen), on its own colours.
 */
function subscribePicture(i: number): string {
  const W = 1600
  const H = 600
  const themes = [
    ['#fde7d3', '#f7b9a4'],
    ['#bfe3f5', '#7cc0e6'],
    ['#fff0b8', '#f7c948'],
    ['#2f3f6f', '#5a3f7f'],
    ['#b8462e', '#e08a4a'],
  ] as const
  const [from, to] = themes[i - 1] ?? themes[0]
  const defs = `<linearGradient id="bg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
  let body = rect(0, 0, W, H, 'url(#bg)') + circle(800, 330, 300, '#ffffff', op(0.14)) + circle(800, 330, 210, '#ffffff', op(0.1))
  const box = snackBox(800, 400, 1, `box-${i}`)
  let inside = ''
  let around = ''
  if (i === 1) {
    body += petals('s1', 0, 1600, 600, 30, '#ffffff')
    inside += prop(propCtx('Classic Ramune Marble Soda', '昔ながらのラムネ', 'ramune', 'drinks', '大阪'), 640, 300, 0.62)
    inside += prop(propCtx('Hokkaido Butter Potato Crisps', '北海道バターポテトチップス', 'bag-m', 'snacks', '札幌'), 760, 280, 0.62)
    inside += prop(propCtx('Sapporo Miso Ramen Kit', '札幌味噌ラーメン', 'kit', 'ramen', '札幌'), 890, 300, 0.5)
    inside += prop(propCtx('Uji Sencha', '宇治煎茶', 'tin', 'tea', '京都'), 990, 310, 0.52)
    around += prop(propCtx('Kobe Almond Financiers', '神戸フィナンシェ', 'box-m', 'sweets', '神戸'), 330, 430, 0.6) + prop(propCtx('Setouchi Lemon Soda', '瀬戸内レモンソーダ', 'can', 'drinks', '広島'), 1290, 440, 0.6)
  } else if (i === 2) {
    body += bubbles('s2', 0, 1600, 36) + cloud(260, 120, 1.4) + cloud(1380, 90, 1.1)
    inside += prop(propCtx('Setouchi Lemon Soda', '瀬戸内レモンソーダ', 'can', 'drinks', '広島'), 650, 300, 0.6)
    inside += prop(propCtx('Classic Ramune Marble Soda', '昔ながらのラムネ', 'ramune', 'drinks', '大阪'), 740, 280, 0.64)
    inside += prop(propCtx('Shizuoka Green Tea', '静岡緑茶', 'bottle', 'drinks', '静岡'), 840, 270, 0.58)
    inside += prop(propCtx('Okinawa Shikuwasa Juice', '沖縄シークヮーサー', 'bottle-s', 'drinks', '沖縄'), 950, 300, 0.62)
    around += prop(propCtx('Aomori Apple Cider', '青森りんごサイダー', 'can', 'drinks', '青森'), 330, 440, 0.7) + prop(propCtx('Melon Cream Soda', 'メロンクリームソーダ', 'bottle', 'drinks', '北海道'), 1280, 430, 0.62)
  } else if (i === 3) {
    body += confetti('s3', 44, ['#ffffff', BRAND, '#8fd4ec', '#f29ab4'])
    inside += prop(propCtx('Wasabi Potato Chips', 'わさびポテトチップス', 'bag-l', 'snacks', '静岡'), 660, 270, 0.5)
    inside += prop(propCtx('Uji Matcha Mini Wafers', '宇治抹茶ミニウエハース', 'bag-m', 'sweets', '京都'), 790, 270, 0.58)
    inside += prop(propCtx('Noto Sea Salt Rice Crackers', '能登の塩あられ', 'bag-s', 'snacks', '金沢'), 900, 300, 0.6)
    inside += prop(propCtx('Strawberry Chocolate Cookies', 'いちごチョコクッキー', 'box-s', 'sweets', '福岡'), 990, 320, 0.56)
    around += dango(330, 390, 1.1, -16) + dango(1290, 400, 1.0, 14)
  } else if (i === 4) {
    body += dotsPath(Array.from({ length: 40 }, (_, k) => [(k * 397) % 1600, 30 + ((k * 211) % 540), 3 + (k % 3)]), GOLD, op(0.6))
    inside += prop(propCtx('Kyoto Furoshiki Sweets', '京都ふろしき菓子', 'furoshiki', 'gifts', '京都'), 690, 300, 0.5)
    inside += prop(propCtx('Kobe Almond Financiers', '神戸フィナンシェ', 'box-m', 'sweets', '神戸'), 830, 290, 0.5)
    inside += prop(propCtx('Hakata Mentaiko Crackers', '博多明太子せんべい', 'box-s', 'snacks', '福岡'), 960, 310, 0.56)
    around += giftBox(330, 540, 200, 150, BRAND, GOLD) + giftBox(1290, 540, 180, 130, '#f3e2c4', BRAND) + giftBox(1440, 560, 110, 90, '#3f8f7a', '#ffffff')
  } else {
    body += lantern(200, 150, 1.6, '#ffffff') + lantern(1400, 160, 1.6, '#fbd36a') + steam(800, 200, 1.2)
    inside += prop(propCtx('Sapporo Miso Ramen Kit', '札幌味噌ラーメン', 'kit', 'ramen', '札幌'), 660, 300, 0.46)
    inside += prop(propCtx('Hakata Tonkotsu Ramen', '博多とんこつラーメン', 'kit', 'ramen', '福岡'), 800, 280, 0.46)
    inside += prop(propCtx('Tokyo Shoyu Cup Ramen', '東京醤油カップ麺', 'ceramic', 'ramen', '東京'), 950, 300, 0.62)
    around += prop(propCtx('Sanuki Udon Noodles', '讃岐うどん', 'bag-l', 'ramen', '高松'), 330, 430, 0.5) + prop(propCtx('Kitakata Dried Ramen', '喜多方乾麺', 'box-m', 'ramen', '喜多方'), 1280, 440, 0.56)
  }
  body += box.back + inside + box.front + around
  return svgDoc(W, H, body, defs + sceneDefs(body))
}

// ───────────────────────────── main ─────────────────────────────

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'public/images')
const file = resolve(process.argv[2] ?? join(root, 'server/db/seed/catalogue.json'))
const catalogue: CatalogueFile = v.parse(CatalogueFileSchema, JSON.parse(readFileSync(file, 'utf8')))
const written: Record<string, number> = {}
let bytes = 0
function write(rel: string, content: string) {
  const target = join(out, rel)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, content)
  const dir = rel.split('/')[0] ?? ''
  written[dir] = (written[dir] ?? 0) + 1
  bytes += Buffer.byteLength(content)
}
const localSvg = (url: string | undefined) => (url && /^\/images\/[\w./-]+\.svg$/.test(url) ? url.slice('/images/'.length) : undefined)

const cityJa = new Map(catalogue.cities.map((c) => [c.slug, c.name.ja]))
const only = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : null
for (const p of catalogue.products) {
  if (only && !only.test(p.sku)) continue
  const c = makeCtx(p, cityJa.get(p.city) ?? p.city)
  const lower = p.sku.toLowerCase()
  write(localSvg(p.images[0]) ?? `products/${lower}.svg`, productPicture(c))
  write(localSvg(p.images[1]) ?? `products/${lower}-2.svg`, servingPicture({ ...c, r: rng(`${p.sku}:shape`) }))
}
for (const city of catalogue.cities) {
  if (only) continue
  write(localSvg(city.picture) ?? `cities/${city.slug}.svg`, cityPicture(city.slug, city.name.ja, city.name.en))
}
for (const t of catalogue.trend_groups) {
  if (only) continue
  write(localSvg(t.picture) ?? `trend-groups/${t.slug}.svg`, trendPicture(t.slug, t.name.ja, t.name.en))
}
for (const cat of catalogue.categories) if (!only) write(`categories/${cat.slug}.svg`, categoryPicture(cat.slug))
if (!only) for (const i of [1, 2, 3]) write(`banners/banner-${i}.svg`, bannerPicture(i))
if (!only) for (const i of [1, 2, 3, 4, 5]) write(`subscribe/box-${i}.svg`, subscribePicture(i))
if (!only) {
  // the site's link-preview picture (og:image, /img/share/site.jpg): raster, as LINE and Facebook
  // take no SVG, and made here so that no shop start has to encode it (decision 65)
  const banner = join(out, SITE_SHARE_SOURCE.slice('/images/'.length))
  const share = await renderShare(readFileSync(banner), { format: 'svg', width: 1600, height: 600 }, 'site')
  mkdirSync(join(out, 'share'), { recursive: true })
  writeFileSync(join(out, 'share/site.jpg'), share)
  written.share = 1
  bytes += share.byteLength
}
console.log(`wrote ${Object.entries(written).map(([k, v0]) => `${v0} ${k}`).join(', ')} (${(bytes / 1024).toFixed(0)} KB) under ${out}`)
