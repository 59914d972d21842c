/**
 * The picture queue's encoder: a process of its own at the lowest CPU priority (nice 19), so that
 * making pictures takes only what the shop's requests leave over, and libvips' memory is given back
 * when it exits after the queue runs dry. It makes one file per message, writes it (a temporary
 * name, then renamed) and answers; server/modules/images/encoder.ts starts it.
 */
import os from 'node:os'
import { encoderNice, type EncodeReply, type EncodeRequest } from './encoder'

try {
  // before sharp starts its threads, which take this thread's priority
  os.setPriority(encoderNice())
} catch {
  // a system that does not allow it: the parent set the process's priority already where it could
}

const [{ default: sharp }, { readFile }, { renderDerivative, renderShare }, { writeAtomically }] = await Promise.all([
  import('sharp'),
  import('node:fs/promises'),
  import('./render'),
  import('./disk-cache'),
])
// one thread for one picture at a time: the other core stays the shop's
sharp.concurrency(1)

let last: { file: string; bytes: Buffer } | undefined
/** a photo is read once for the dozen files made from it in a row */
const input = async (file: string) => (last?.file === file ? last.bytes : (last = { file, bytes: await readFile(file) }).bytes)

async function encode(request: EncodeRequest): Promise<EncodeReply> {
  const started = performance.now()
  try {
    const bytes = await input(request.input)
    const made =
      request.what.kind === 'derivative'
        ? await renderDerivative(bytes, request.source, request.what.preset, request.what.width, request.what.format)
        : await renderShare(bytes, request.source, request.what.share)
    await writeAtomically(request.out, made)
    return { id: request.id, ok: true, ms: performance.now() - started, bytes: made.byteLength, cpu: process.cpuUsage() }
  } catch (error) {
    return { id: request.id, ok: false, error: (error as Error).message, cpu: process.cpuUsage() }
  }
}

process.on('message', (request: EncodeRequest) => {
  void encode(request).then((reply) => process.send?.(reply))
})
// the shop stopped or died: nothing is left to make pictures for
process.on('disconnect', () => process.exit(0))
process.send?.({ id: 0, ok: true, ms: 0, bytes: 0, cpu: process.cpuUsage() } satisfies EncodeReply)
