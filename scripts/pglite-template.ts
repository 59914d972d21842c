/**
 * Part of `npm run build`: makes the embedded database's initdb template (server/db/pglite-template.ts,
 * decision 69) unless it is already made for this PGlite version, so that not even a shop's very
 * first start runs initdb. Prints where it is.
 */
import { databaseTemplate, databaseTemplateFile } from '../server/db/pglite-template'

const started = performance.now()
const template = await databaseTemplate()
process.stdout.write(`database template: ${await databaseTemplateFile()} (${(template.size / 1024 / 1024).toFixed(1)} MB, ${Math.round(performance.now() - started)} ms)\n`)
