import type { radix } from '@orama/orama/trees'

type Node = radix.RadixNode

/**
 * Lookups in the index's radix tree (Orama's `RadixTree`: `c` children by first character, `s` the
 * edge's characters, `w` the word so far, `e` a word ends here, `d` its documents).
 */

function visitAll(node: Node, visit: (word: Node) => void) {
  const stack = [node]
  const push = (child: Node) => stack.push(child)
  for (let n = stack.pop(); n; n = stack.pop()) {
    if (n.e) visit(n)
    n.c.forEach(push)
  }
}

/** Visits the word equal to `term` (exact) or every word starting with it. */
export function findWords(tree: Node, term: string, exact: boolean, visit: (word: Node) => void) {
  let node = tree
  let i = 0
  while (i < term.length) {
    const child = node.c.get(term[i]!)
    if (!child) return
    const edge = child.s
    let j = 0
    while (j < edge.length && i + j < term.length && edge[j] === term[i + j]) j++
    if (j === edge.length) {
      node = child
      i += j
    } else {
      // the term ends inside this edge: every word below starts with it
      if (i + j === term.length && !exact) visitAll(child, visit)
      return
    }
  }
  if (!exact) visitAll(node, visit)
  else if (node.e) visit(node)
}

let rows = new Int32Array(1024)

/**
 * Visits every word that starts with `term` or is within `budget` typos of it, counting as Algolia
 * does: a missing, extra or wrong letter is one typo, and so is a swap of two letters next to each
 * other (optimal string alignment distance). The tree is walked once with one row of the distance
 * table per character; a branch is left once its row exceeds the budget and the row before it
 * cannot bring it back through a swap.
 */
export function findWithin(tree: Node, term: string, budget: number, visit: (word: Node) => void) {
  const width = term.length + 1
  const codes = Array.from(term, (_, i) => term.charCodeAt(i))
  for (let i = 0; i < width; i++) rows[i] = i

  const walk = (node: Node, depth: number, prefix: boolean, before: number, beforeMin: number) => {
    for (const child of node.c.values()) {
      let d = depth
      let same = prefix
      let last = before
      let lastMin = beforeMin
      let alive = true
      for (let k = 0; k < child.s.length; k++) {
        const ch = child.s.charCodeAt(k)
        if ((d + 2) * width > rows.length) {
          const grown = new Int32Array(rows.length * 2)
          grown.set(rows)
          rows = grown
        }
        const prev = d * width
        const next = prev + width
        rows[next] = d + 1
        let min = d + 1
        for (let i = 1; i < width; i++) {
          const substitute = rows[prev + i - 1]! + (codes[i - 1] === ch ? 0 : 1)
          const remove = rows[prev + i]! + 1
          const insert = rows[next + i - 1]! + 1
          let v = substitute < remove ? (substitute < insert ? substitute : insert) : remove < insert ? remove : insert
          if (i > 1 && d > 0 && codes[i - 1] === last && codes[i - 2] === ch) {
            const swap = rows[prev - width + i - 2]! + 1
            if (swap < v) v = swap
          }
          rows[next + i] = v
          if (v < min) min = v
        }
        same = same && d < term.length && codes[d] === ch
        d++
        if (same && d === term.length) {
          visitAll(child, visit)
          alive = false
          break
        }
        if (min > budget && lastMin >= budget) {
          alive = false
          break
        }
        last = ch
        lastMin = min
      }
      if (!alive) continue
      if (child.e && rows[d * width + term.length]! <= budget) visit(child)
      walk(child, d, same, last, lastMin)
    }
  }
  walk(tree, 0, true, -1, 0)
}

let rowBefore = new Int32Array(64)
let previousRow = new Int32Array(64)
let currentRow = new Int32Array(64)

/**
 * The smallest number of typos (as in findWithin, a swap of neighbours counting as one) between
 * `term` and any stretch of `word`: the table's first row is free, so the match may start anywhere
 * in the word, and the best last cell ends it anywhere. Gives up above `limit`.
 */
export function prefixDistance(word: string, term: string, limit: number) {
  if (previousRow.length <= word.length) {
    rowBefore = new Int32Array(word.length * 2 + 1)
    previousRow = new Int32Array(word.length * 2 + 1)
    currentRow = new Int32Array(word.length * 2 + 1)
  }
  let before = rowBefore
  let previous = previousRow.fill(0, 0, word.length + 1)
  let current = currentRow
  let previousMin = 0
  for (let i = 1; i <= term.length; i++) {
    current[0] = i
    let rowMin = i
    const t = term.charCodeAt(i - 1)
    const u = i > 1 ? term.charCodeAt(i - 2) : -1
    for (let j = 1; j <= word.length; j++) {
      const w = word.charCodeAt(j - 1)
      let v = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (t === w ? 0 : 1))
      if (j > 1 && u === w && t === word.charCodeAt(j - 2)) v = Math.min(v, before[j - 2]! + 1)
      current[j] = v
      if (v < rowMin) rowMin = v
    }
    if (rowMin > limit && previousMin >= limit) return limit + 1
    previousMin = rowMin
    ;[before, previous, current] = [previous, current, before]
  }
  let best = previous[0]!
  for (let j = 1; j <= word.length; j++) if (previous[j]! < best) best = previous[j]!
  return Math.min(best, limit + 1)
}

/** Whether one word of a record's text comes within `typos` of `term` (see prefixDistance). */
export function wordNear(word: string, term: string, typos: number) {
  if (Math.abs(word.length - term.length) > typos && word.length < term.length) return false
  // within `typos` edits, all but `typos` of the term's letters are matched by letters of the word
  let missing = 0
  for (let i = 0; i < term.length; i++) if (word.indexOf(term[i]!) < 0 && ++missing > typos) return false
  return prefixDistance(word, term, typos) <= typos
}
