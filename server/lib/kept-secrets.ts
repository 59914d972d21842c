import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { ensureDataDir, writePrivateFile } from './private-files'

/**
 * Secrets an embedded emulator needs (keys, signing secrets): read from `dataDir/fileName`, or made
 * once and written there (owner-only), so that restarts and `npm run shop` use the same ones.
 */
export async function keptSecrets<T>(dataDir: string, fileName: string, make: () => T): Promise<T> {
  const file = path.join(dataDir, fileName)
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T
  } catch {
    const secrets = make()
    await ensureDataDir(dataDir)
    // also over a file that could not be read as secrets, whatever its mode was
    await writePrivateFile(file, JSON.stringify(secrets, null, 2))
    return secrets
  }
}
