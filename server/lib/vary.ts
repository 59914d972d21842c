/** Adds header names to `Vary` without repeating one already there (CORS, for one, sets `Vary: Origin`). */
export function addVary(headers: Headers, ...names: string[]) {
  const current = headers.get('vary')
  if (current?.trim() === '*') return
  const listed = new Set((current ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean))
  const missing = names.filter((name) => !listed.has(name.toLowerCase()))
  if (missing.length) headers.set('vary', [current, ...missing].filter(Boolean).join(', '))
}
