/**
 * Work that must reach the server while the member's token is still valid, before signing out
 * revokes it (a feature forgets this device's push subscription). Shared code may not import a
 * feature, so features register here and the sign-out runs them.
 */
const tasks = new Set<() => Promise<void>>()

export function beforeSignOut(task: () => Promise<void>): () => void {
  tasks.add(task)
  return () => tasks.delete(task)
}

/** Runs every task, each failure ignored, waiting at most `timeoutMs`: signing out never hangs. */
export async function runBeforeSignOut(timeoutMs = 3_000): Promise<void> {
  const all = Promise.allSettled([...tasks].map((task) => task()))
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, timeoutMs))])
}
