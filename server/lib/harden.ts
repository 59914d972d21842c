import { createRequire } from 'node:module'

/**
 * Defence in depth against prototype pollution: whatever a parser somewhere lets through, nothing
 * can add to or change what every object inherits. Input parsers refuse `__proto__`,
 * `constructor` and `prototype` keys themselves; this makes a missed one harmless. Imported first
 * by server/main.ts, before any dependency has run.
 *
 * A few libraries written before frozen intrinsics assign over an inherited property while they
 * load (`URL.prototype.toString = …` in whatwg-url, which the pusher SDK loads through
 * node-fetch 2; `BN.prototype.toString` in bn.js, which web-push loads through asn1.js): with
 * `Object.prototype` frozen that assignment throws. They are loaded first.
 */
const require = createRequire(import.meta.url)
require('pusher')
require('web-push')

Object.freeze(Object.prototype)
Object.freeze(Array.prototype)
Object.freeze(Function.prototype)
