import { chmod, mkdir, writeFile } from 'node:fs/promises'

/**
 * What the shop keeps under DATA_DIR is its own user's alone (decision 63): mails with live reset
 * and verification links (their file names hold the address), the database, the Stripe sandbox's
 * journal, generated keys. Folders 0700, files 0600.
 */
export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/**
 * Creates DATA_DIR, and any missing folder above it, owner-only; one that exists is left as it is
 * (a mount point, or a folder the operator prepared with rights of its own): what the shop puts in
 * it is closed to others by itself. mkdir's mode passes through the umask, which only takes rights
 * away.
 */
export const ensureDataDir = async (dataDir: string) => void (await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE }))

/**
 * A folder of the shop's own under DATA_DIR: created owner-only with any missing folder above it,
 * and set to 0700 when it exists already (an earlier version made it 0755), which closes what it
 * already holds too. chmod does not pass through the umask.
 */
export async function privateDir(dir: string) {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  await chmod(dir, PRIVATE_DIR_MODE)
}

/**
 * Writes a file of the shop's own under DATA_DIR, owner-only. writeFile's mode applies only when it
 * creates the file: one that was there already (unreadable, or left open) is set to 0600 after.
 */
export async function writePrivateFile(file: string, data: string | Uint8Array) {
  await writeFile(file, data, { mode: PRIVATE_FILE_MODE })
  await chmod(file, PRIVATE_FILE_MODE)
}

/**
 * Closes a folder of the shop's own that an earlier version may have left open (0755), and with it
 * what it holds, without touching each file; one that is not there yet is made by its first use.
 */
export const closeDir = (dir: string) => chmod(dir, PRIVATE_DIR_MODE).catch(() => undefined)
