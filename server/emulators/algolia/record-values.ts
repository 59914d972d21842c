/** The values at an attribute path of a record (`location.city`, `categories.category.name`): arrays along the way are flattened, null and undefined dropped. */
export const valuesAt = (record: Record<string, unknown>, path: string): unknown[] => {
  if (!path.includes('.')) {
    const value = record[path]
    return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]
  }
  let current: unknown[] = [record]
  for (const key of path.split('.')) {
    current = current.flatMap((v) => (v && typeof v === 'object' ? [(v as Record<string, unknown>)[key]] : [])).flatMap((v) => (Array.isArray(v) ? v : [v]))
  }
  return current.filter((v) => v !== undefined && v !== null)
}
