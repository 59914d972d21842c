import * as v from 'valibot'

/**
 * The settings of a service run on its own (`npm run realtime`, `npm run stripe-sandbox`): read
 * from the environment, or the process exits 78 naming each bad variable; `together` must be set
 * all or none. Answers the settings and whether `together` was set.
 */
export function standaloneEnv<S extends v.GenericSchema<Record<string, unknown>, Record<string, unknown>>>(schema: S, together: string[]) {
  const parsed = v.safeParse(schema, process.env)
  if (!parsed.success) {
    process.stderr.write(`Invalid configuration:\n${parsed.issues.map((i) => `  ${v.getDotPath(i)}: ${i.message}`).join('\n')}\n`)
    process.exit(78)
  }
  const env = parsed.output as v.InferOutput<S>
  const given = together.filter((name) => (env as Record<string, unknown>)[name]).length
  if (given !== 0 && given !== together.length) {
    process.stderr.write(`Invalid configuration:\n  ${together.join(', ')} are set together or not at all\n`)
    process.exit(78)
  }
  return { env, given: given === together.length }
}
