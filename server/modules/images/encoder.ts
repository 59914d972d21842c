import { fork, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import type { ImageFormat, ImagePresetName } from '../../../contract/images'
import type { SourceSize } from './render'

export interface EncodeRequest {
  id: number
  /** the original, a file on this server's disk */
  input: string
  source: SourceSize
  what: { kind: 'derivative'; preset: ImagePresetName; width: number; format: ImageFormat } | { kind: 'share'; share: 'product' | 'site' }
  /** where the made file goes */
  out: string
}

/** the compiled server was built without the encoder's entry: no picture can be made */
export class EncoderMissing extends Error {}

export type EncodeReply = { id: number; cpu: NodeJS.CpuUsage } & ({ ok: true; ms: number; bytes: number } | { ok: false; error: string })

/**
 * The encoder process's entry: beside this file from source (through tsx), and `image-encoder.js`
 * beside the compiled server (dist-api/, decision 68), as the database's thread is.
 */
function entry() {
  if (import.meta.url.endsWith('.ts')) return { file: fileURLToPath(new URL('./encoder-process.ts', import.meta.url)), execArgv: ['--import', import.meta.resolve('tsx')] }
  return { file: fileURLToPath(new URL('./image-encoder.js', import.meta.url)), execArgv: [] }
}

/**
 * The encoder's CPU priority: `IMAGE_ENCODER_NICE` (0 to 19; default 19, the lowest). The test
 * suite runs it at 0: at 19, on a machine its own workers keep busy, it would get almost no CPU.
 */
export const encoderNice = (value = process.env.IMAGE_ENCODER_NICE) => {
  const nice = Number(value ?? 19)
  return Number.isInteger(nice) && nice >= 0 && nice <= 19 ? nice : 19
}

/**
 * The parent's side of the encoder process (encoder-process.ts): started when there is a picture
 * to make, one request at a time, and ended once it has had nothing to do for `idleMs`, so an
 * idle shop holds no encoder and none of libvips' memory.
 */
export class Encoder {
  #child: ChildProcess | undefined
  #ready: Promise<void> | undefined
  #pending: { id: number; resolve: (reply: EncodeReply) => void; reject: (error: Error) => void } | undefined
  #nextId = 1
  #idleTimer: NodeJS.Timeout | undefined
  /** CPU time the encoder processes have used, in microseconds (user + system), counted at each answer */
  cpuMicros = 0
  #cpuOfChild = 0

  constructor(private readonly idleMs = 3000) {}

  /** the running process's id, for tests that kill it mid-way */
  get pid() {
    return this.#child?.pid
  }

  #start() {
    const { file, execArgv } = entry()
    if (!existsSync(file)) throw new EncoderMissing(`the picture encoder ${file} is missing`)
    const child = fork(file, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    try {
      // the whole process at the lowest priority; it sets its own main thread too (some systems refuse a parent)
      if (child.pid) os.setPriority(child.pid, encoderNice())
    } catch {
      // not allowed here: the process still lowers its own
    }
    this.#child = child
    this.#cpuOfChild = 0
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#pending = { id: 0, resolve: () => resolve(), reject }
    })
    child.on('message', (reply: EncodeReply) => {
      const cpu = reply.cpu.user + reply.cpu.system
      this.cpuMicros += cpu - this.#cpuOfChild
      this.#cpuOfChild = cpu
      const pending = this.#pending
      if (pending?.id !== reply.id) return
      this.#pending = undefined
      pending.resolve(reply)
    })
    child.once('exit', (code, signal) => {
      if (this.#child === child) {
        this.#child = undefined
        this.#ready = undefined
      }
      const pending = this.#pending
      this.#pending = undefined
      pending?.reject(new Error(`the picture encoder stopped (${signal ?? code})`))
    })
    child.on('error', () => undefined)
  }

  /** makes one file; rejects when the process dies meanwhile */
  async encode(request: Omit<EncodeRequest, 'id'>): Promise<EncodeReply> {
    clearTimeout(this.#idleTimer)
    if (!this.#child) this.#start()
    await this.#ready
    const child = this.#child
    if (!child) throw new Error('the picture encoder stopped')
    const id = this.#nextId++
    const reply = new Promise<EncodeReply>((resolve, reject) => (this.#pending = { id, resolve, reject }))
    child.send({ ...request, id } satisfies EncodeRequest)
    const answer = await reply
    this.#idleTimer = setTimeout(() => this.#end(), this.idleMs)
    this.#idleTimer.unref()
    return answer
  }

  #end() {
    const child = this.#child
    if (!child) return
    if (child.connected) child.disconnect()
    else child.kill()
  }

  /** ends the process now, a file being made included (its temporary file is removed at the next start) */
  async stop() {
    clearTimeout(this.#idleTimer)
    const child = this.#child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
  }
}
