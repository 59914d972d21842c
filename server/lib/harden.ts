/**
 * Defence in depth against prototype pollution: whatever a parser somewhere lets through, nothing
 * can add to or change what every object inherits. Input parsers refuse `__proto__`,
 * `constructor` and `prototype` keys themselves; this makes a missed one harmless. Imported first
 * by server/main.ts, before any dependency has run.
 */
Object.freeze(Object.prototype)
Object.freeze(Array.prototype)
Object.freeze(Function.prototype)
