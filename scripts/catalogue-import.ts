/**
 * `npm run catalogue:import -- FILE.json`: loads a shop owner's catalogue into the database the
 * server uses (same DATABASE_URL / DATA_DIR), upserting by SKU in one transaction. A bad file is
 * refused whole, naming each record and field. A picture may be a file beside the catalogue
 * (`photos/matcha.jpg`): it is checked and stored in the database. Stop the server first when it runs on PGlite:
 * an embedded database has one user at a time.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { CatalogueFileError, importCatalogue, parseCatalogueFile, readLocalImages } from '../server/flows/catalogue-import/import'

async function main(argv: string[]) {
  const file = argv[0]
  if (!file || argv.length > 1) {
    process.stderr.write('usage: npm run catalogue:import -- FILE.json\n')
    return 64
  }
  let raw: unknown
  try {
    raw = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    process.stderr.write(`Cannot read ${file} as JSON: ${(error as Error).message}\n`)
    return 65
  }
  const config = loadConfig()
  let parsed: Awaited<ReturnType<typeof readLocalImages>>
  try {
    // pictures are read and checked before the database is opened: a bad one refuses the file without touching it
    parsed = await readLocalImages(parseCatalogueFile(raw), path.dirname(path.resolve(file)))
  } catch (error) {
    if (error instanceof CatalogueFileError) {
      process.stderr.write(`${error.message}\n`)
      return 65
    }
    throw error
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    const summary = await importCatalogue(database.db, parsed.file, parsed.images)
    process.stdout.write(
      `Imported ${file}: ${summary.products.created} products created, ${summary.products.updated} updated, ` +
        `${summary.variants} variants, ${summary.categories} categories, ${summary.cities} cities, ${summary.trend_groups} trend groups` +
        `${parsed.images.length ? `, ${parsed.images.length} pictures` : ''}.\n`,
    )
    return 0
  } catch (error) {
    if (error instanceof CatalogueFileError) {
      process.stderr.write(`${error.message}\n`)
      return 65
    }
    throw error
  } finally {
    await database.close()
  }
}

process.exitCode = await main(process.argv.slice(2))
