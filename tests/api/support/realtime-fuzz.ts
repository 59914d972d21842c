import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import fc from 'fast-check'
import WebSocket from 'ws'
import { channelAuth, LIMITS, type PusherApp } from '../../../server/emulators/pusher/protocol'
import { app, connected, startPusher, subscribed } from './embedded-pusher'

/**
 * A generated walk over the embedded Pusher server's WebSocket protocol: each case opens a
 * connection and sends a sequence of frames (well-formed and not, in any order: unsubscribe before
 * subscribe, pong without ping, client events on channels never joined, signed and forged private
 * and presence subscriptions, non-JSON, binary, invalid UTF-8, over 10 KB), or breaks the
 * WebSocket framing itself on a hand-made connection. The server's "5xx" here is:
 *
 * - a frame it sends that is not JSON with a known event, or an error without a code and message;
 * - a close with a code the protocol does not give for what was sent (1006: cut without a close
 *   frame; 1011: the server failed), or a socket that stays open but stops answering;
 * - a connection the server still counts after its socket closed;
 * - an exception nothing caught (the process would have died);
 * - a member elsewhere who stops receiving what the shop publishes.
 */

export type Step =
  | { kind: 'frame'; frame: Record<string, unknown>; sign?: { channel: string; channelData?: string } }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; bytes: Uint8Array }
  | { kind: 'invalid-utf8' }
  | { kind: 'oversized' }
  | { kind: 'control-ping' }
  | { kind: 'close'; code: number }

export interface Case {
  /** send the first step as soon as the socket opens, before connection_established is read */
  eager: boolean
  steps: Step[]
}

/** Hand-made WebSocket framing after a valid upgrade. */
export interface RawCase {
  name: string
  bytes: Buffer
}

export interface RealtimeFinding {
  kind: string
  case: string
  detail: string
}

export interface RealtimeWalkResult {
  cases: number
  rawCases: number
  framesSent: number
  /** replies by event name */
  replies: Record<string, number>
  /** closes by code, and `open` for sockets still answering at the end of their case */
  endings: Record<string, number>
  bystanderChecks: number
  findings: RealtimeFinding[]
}

export interface RealtimeWalkOptions {
  app: PusherApp
  port: number
  seed: number
  runs: number
  /** connections and occupied channels the server counts right now */
  stats: () => { connections: number; channels: number }
  /** the server's connections while no case runs (the bystander's) */
  baseline: { connections: number; channels: number }
  /** publishes one event to a member connected elsewhere; resolves once the member has it */
  bystanderReceives: () => Promise<void>
  progress?: (done: number) => void
}

const EVENTS_FROM_SERVER = new Set([
  'pusher:connection_established',
  'pusher:error',
  'pusher:pong',
  'pusher:ping',
  'pusher_internal:subscription_succeeded',
  'pusher:subscription_error',
  'pusher_internal:member_added',
  'pusher_internal:member_removed',
])

/** close codes the server may end a case with; 1000 and the client's own codes come from the client */
const SERVER_CLOSES = new Set([1002, 1007, 1009, 4100, 4101, 4201])

const SENTINEL = 'walk-sentinel'

// ---- generated cases ---------------------------------------------------------------------------

const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'channel', 'event', 'data')), tie('value'), { maxKeys: 3 }),
  ),
})).value

const channelName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('news', 'private-User.1.Notification', 'private-orders', 'presence-room', 'presence-room-2', 'private-encrypted-secret', 'cache-x', '__proto__', 'constructor') },
  { weight: 2, arbitrary: fc.stringMatching(/^(private-|presence-)?[A-Za-z0-9_\-=@,.;]{1,20}$/) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'bad channel!', 'x'.repeat(165), 'presence-', 'private-', '頻道', 'a\u0000b', '\ud800') },
  { weight: 1, arbitrary: anyJson },
)

const userData = fc.oneof(
  fc.record({ user_id: fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant('x'.repeat(129)), anyJson), user_info: fc.option(anyJson) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.constantFrom('{', 'null', '[]', '"id"', '{"user_id":null}'),
  anyJson,
)

const eventName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('pusher:subscribe', 'pusher:unsubscribe', 'pusher:ping', 'pusher:pong') },
  { weight: 2, arbitrary: fc.constantFrom('client-typing', `client-${'x'.repeat(LIMITS.eventNameLength)}`, 'pusher:signin', 'pusher:cache_miss', 'pusher_internal:subscription_succeeded', 'pusher:error') },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: anyJson },
)

/** a frame as a client sends it; `sign` asks for a valid signature of this socket when sent */
const frameStep: fc.Arbitrary<Step> = fc
  .record({
    event: eventName,
    channel: fc.option(channelName, { nil: undefined }),
    data: fc.oneof(
      { weight: 4, arbitrary: fc.record({ channel: channelName, auth: fc.option(fc.oneof(fc.constant('shop-key:forged'), fc.string({ maxLength: 80 })), { nil: undefined }), channel_data: fc.option(userData, { nil: undefined }) }, { requiredKeys: ['channel'] }) },
      { weight: 1, arbitrary: anyJson },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    signed: fc.boolean(),
    extra: fc.option(fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'user_id')), anyJson, { maxKeys: 2 }), { nil: undefined }),
  })
  .map(({ event, channel, data, signed, extra }) => {
    const frame: Record<string, unknown> = { ...extra, event }
    if (channel !== undefined) frame.channel = channel
    if (data !== undefined) frame.data = data
    const target = data && typeof data === 'object' ? (data as { channel?: unknown; channel_data?: unknown }) : undefined
    const sign =
      signed && typeof target?.channel === 'string' ? { channel: target.channel, channelData: typeof target.channel_data === 'string' ? target.channel_data : undefined } : undefined
    return { kind: 'frame' as const, frame, sign }
  })

const textStep: fc.Arbitrary<Step> = fc
  .oneof(
    fc.constantFrom('', ' ', 'null', '[]', '{}', '"text"', '42', 'true', '{"event":1}', '{"event":null}', '{"event":"pusher:subscribe"}', '{"event":"pusher:subscribe","data":"{\\"channel\\":\\"news\\"}"}', '{"event":"pusher:subscribe","data":{"channel":"news"}', '{"__proto__":{"polluted":1},"event":"pusher:ping"}', '{"event":"pusher:subscribe","data":{"__proto__":{"channel":"news"}}}', '\ud800', '\u0000', '['.repeat(5000), `{"event":"pusher:ping","data":"${'x'.repeat(LIMITS.dataBytes - 40)}"}`),
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
    anyJson.map((value) => JSON.stringify(value) ?? 'undefined'),
  )
  .map((text) => ({ kind: 'text' as const, text }))

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 24, arbitrary: frameStep },
  { weight: 8, arbitrary: textStep },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ kind: 'binary' as const, bytes })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'control-ping' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'invalid-utf8' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'oversized' as const }) },
  { weight: 1, arbitrary: fc.constantFrom(1000, 1001, 3000, 4999).map((code) => ({ kind: 'close' as const, code })) },
)

const caseArbitrary: fc.Arbitrary<Case> = fc.record({ eager: fc.boolean(), steps: fc.array(step, { minLength: 1, maxLength: 8 }) })

const subscribe = (channel: string, extra: Record<string, unknown> = {}): Step => ({ kind: 'frame', frame: { event: 'pusher:subscribe', data: { channel, ...extra } } })
const signed = (channel: string, channelData?: string): Step => ({
  kind: 'frame',
  frame: { event: 'pusher:subscribe', data: channelData === undefined ? { channel } : { channel, channel_data: channelData } },
  sign: { channel, channelData },
})
const send = (frame: Record<string, unknown>): Step => ({ kind: 'frame', frame })

/** Sequences every walk sends, whatever the seed: the orders a client is not meant to use. */
export const FIXED_CASES: Case[] = [
  { eager: true, steps: [send({ event: 'pusher:unsubscribe', data: { channel: 'news' } }), send({ event: 'pusher:pong', data: {} })] },
  { eager: false, steps: [send({ event: 'client-typing', channel: 'private-orders', data: {} }), signed('private-orders'), send({ event: 'client-typing', channel: 'private-orders', data: 'x' })] },
  { eager: false, steps: [subscribe('news'), subscribe('news'), send({ event: 'pusher:unsubscribe', data: { channel: 'news' } }), send({ event: 'pusher:unsubscribe', data: { channel: 'news' } })] },
  { eager: false, steps: [signed('presence-room', '{"user_id":"7","user_info":{"name":"小明"}}'), send({ event: 'pusher:unsubscribe', data: { channel: 'presence-room' } }), signed('presence-room', '{"user_id":7}')] },
  { eager: false, steps: [signed('presence-room', '{"user_id":"7"}'), signed('presence-room-2', '{"user_id":"7"}'), { kind: 'close', code: 1000 }] },
  { eager: false, steps: Array.from({ length: 102 }, (_, i) => subscribe(`many-${i}`)) },
  { eager: false, steps: [signed('private-orders'), ...Array.from({ length: 12 }, () => send({ event: 'client-x', channel: 'private-orders', data: {} }))] },
  { eager: false, steps: [subscribe('private-orders', { auth: 'shop-key:forged' }), subscribe('presence-room', { auth: 'shop-key:forged' }), subscribe('private-encrypted-secret')] },
  { eager: true, steps: [{ kind: 'text', text: '['.repeat(LIMITS.dataBytes - 1) }] },
  { eager: false, steps: [subscribe('news'), { kind: 'oversized' }] },
  { eager: false, steps: [signed('presence-room', '{"user_id":"8"}'), { kind: 'invalid-utf8' }] },
]

/** WebSocket framing no client library sends. */
export const RAW_CASES: RawCase[] = (() => {
  const mask = Buffer.from([1, 2, 3, 4])
  const masked = (first: number, payload: Buffer, lengthByte?: number) => {
    const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!))
    return Buffer.concat([Buffer.from([first, 0x80 | (lengthByte ?? payload.length)]), mask, body])
  }
  const ping = Buffer.from('{"event":"pusher:ping","data":{}}')
  return [
    { name: 'unmasked text frame', bytes: Buffer.concat([Buffer.from([0x81, ping.length]), ping]) },
    { name: 'RSV1 set without an extension', bytes: masked(0xc1, ping) },
    { name: 'reserved opcode 0x3', bytes: masked(0x83, ping) },
    { name: 'control frame of 126 bytes', bytes: Buffer.concat([Buffer.from([0x89, 0xfe, 0, 126]), mask, Buffer.alloc(126)]) },
    { name: 'fragmented ping', bytes: masked(0x09, Buffer.from('x')) },
    { name: 'continuation without a first fragment', bytes: masked(0x80, ping) },
    { name: 'text fragment, then another text frame', bytes: Buffer.concat([masked(0x01, ping.subarray(0, 5)), masked(0x81, ping)]) },
    { name: '64-bit length of 2^62', bytes: Buffer.concat([Buffer.from([0x81, 0xff, 0x40, 0, 0, 0, 0, 0, 0, 0]), mask]) },
    { name: 'close code 1005 (reserved)', bytes: masked(0x88, Buffer.from([0x03, 0xed])) },
    { name: 'close with a 1-byte payload', bytes: masked(0x88, Buffer.from([0x03])) },
    { name: 'close reason not UTF-8', bytes: masked(0x88, Buffer.from([0x03, 0xe8, 0xff, 0xfe])) },
    { name: 'half a frame header', bytes: Buffer.from([0x81]) },
    { name: 'random bytes', bytes: randomBytes(64) },
  ]
})()

// ---- running a case --------------------------------------------------------------------------

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What a frame from the server lacks, if anything. */
function frameProblem(text: string): string | undefined {
  let frame: { event?: unknown; data?: unknown; channel?: unknown }
  try {
    frame = JSON.parse(text)
  } catch {
    return 'not JSON'
  }
  if (!frame || typeof frame !== 'object' || typeof frame.event !== 'string') return 'no event'
  if (!EVENTS_FROM_SERVER.has(frame.event) && !frame.event.startsWith('client-')) return `unknown event ${frame.event}`
  if (frame.event === 'pusher:error') {
    const data = frame.data as { code?: unknown; message?: unknown } | undefined
    if (!data || (data.code !== null && typeof data.code !== 'number') || typeof data.message !== 'string' || !data.message) return 'error without code and message'
  }
  if (frame.event === 'pusher:subscription_error') {
    const data = frame.data as { type?: unknown; error?: unknown; status?: unknown } | undefined
    if (!data || typeof data.type !== 'string' || typeof data.error !== 'string' || typeof data.status !== 'number') return 'subscription error without type, error and status'
  }
  if (frame.event.startsWith('pusher_internal:') && typeof frame.channel !== 'string') return 'internal event without channel'
  return undefined
}

const describeStep = (s: Step) => {
  switch (s.kind) {
    case 'frame':
      return `${JSON.stringify(s.frame).slice(0, 160)}${s.sign ? ' (signed)' : ''}`
    case 'text':
      return `text ${JSON.stringify(s.text.slice(0, 80))}${s.text.length > 80 ? `… (${s.text.length})` : ''}`
    case 'binary':
      return `binary ${s.bytes.length} bytes`
    case 'close':
      return `close ${s.code}`
    default:
      return s.kind
  }
}
export const describeCase = (c: Case) => `${c.eager ? 'eager ' : ''}[${c.steps.map(describeStep).join(', ')}]`.slice(0, 900)

/** Whether the server's count of connections is back to `before` within 3 s. */
async function settleCount(options: RealtimeWalkOptions, before: number) {
  for (let i = 0; i < 60; i++) {
    if (options.stats().connections === before) return true
    await wait(50)
  }
  return false
}

async function runCase(options: RealtimeWalkOptions, c: Case, result: RealtimeWalkResult) {
  const name = describeCase(c)
  const finding = (kind: string, detail: string) => result.findings.push({ kind, case: name, detail: detail.slice(0, 400) })
  const before = options.stats().connections
  const ws = new WebSocket(`ws://127.0.0.1:${options.port}/app/${options.app.key}?protocol=7&client=js&version=8.6.0`, { perMessageDeflate: false })
  let socketId: string | undefined
  const arrivals: (() => void)[] = []
  const received: { event: string; channel?: string }[] = []
  ws.on('message', (raw, isBinary) => {
    const text = String(raw)
    const problem = isBinary ? 'binary frame from the server' : frameProblem(text)
    if (problem) finding('bad frame', `${problem}: ${text.slice(0, 200)}`)
    else {
      const frame = JSON.parse(text) as { event: string; channel?: string; data?: unknown }
      received.push(frame)
      if (frame.channel !== SENTINEL) result.replies[frame.event] = (result.replies[frame.event] ?? 0) + 1
      if (frame.event === 'pusher:connection_established') socketId = (JSON.parse(frame.data as string) as { socket_id: string }).socket_id
    }
    arrivals.splice(0).forEach((arrived) => arrived())
  })
  ws.on('error', () => undefined)
  let closedBy: number | undefined
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve((closedBy = code))))
  const until = async (test: () => boolean, ms: number) => {
    const deadline = performance.now() + ms
    while (!test() && closedBy === undefined && performance.now() < deadline) await Promise.race([new Promise<void>((resolve) => arrivals.push(resolve)), wait(50)])
    return test()
  }
  await Promise.race([new Promise((resolve) => ws.once('open', resolve)), closed, wait(3_000)])
  if (ws.readyState !== WebSocket.OPEN) {
    ws.terminate()
    return finding('refused', closedBy === undefined ? 'not open within 3 s' : `closed ${closedBy} before opening`)
  }
  if (!c.eager) await until(() => socketId !== undefined, 2_000)
  let closedByUs: number | undefined
  for (const s of c.steps) {
    if (ws.readyState !== WebSocket.OPEN) break
    result.framesSent++
    switch (s.kind) {
      case 'frame': {
        if (s.sign && !socketId) await until(() => socketId !== undefined, 2_000)
        const frame = s.sign && socketId ? { ...s.frame, data: { ...(s.frame.data as object), auth: channelAuth(options.app, socketId, s.sign.channel, s.sign.channelData) } } : s.frame
        ws.send(JSON.stringify(frame))
        break
      }
      case 'text':
        ws.send(s.text)
        break
      case 'binary':
        ws.send(s.bytes, { binary: true })
        break
      case 'invalid-utf8':
        ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false })
        break
      case 'oversized':
        ws.send(JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(LIMITS.dataBytes + 1) }))
        break
      case 'control-ping':
        ws.ping(Buffer.from('are you there'))
        break
      case 'close':
        closedByUs = s.code
        ws.close(s.code)
        break
    }
  }
  // the server reads in order: its answer to a last subscription means every frame before was handled
  let stillOpen = false
  if (ws.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: SENTINEL } }))
    const answered = await until(() => received.some((f) => f.channel === SENTINEL), 3_000)
    if (ws.readyState === WebSocket.OPEN) {
      if (!answered) finding('stopped answering', `no answer to a subscription within 3 s; last frames ${JSON.stringify(received.slice(-3))}`)
      stillOpen = true
      ws.close((closedByUs = 1000))
    }
  }
  const code = await Promise.race([closed, wait(5_000).then(() => undefined)])
  const ending = code === undefined ? 'not closed' : stillOpen ? 'open' : code === closedByUs ? `${code} (client)` : String(code)
  result.endings[ending] = (result.endings[ending] ?? 0) + 1
  if (code === undefined) {
    finding('not closed', 'the socket did not close within 5 s of the close frame')
    ws.terminate()
  } else if (code !== closedByUs && !SERVER_CLOSES.has(code)) finding('close code', `closed with ${code}`)
  if (!(await settleCount(options, before))) finding('connection kept', `the server counts ${options.stats().connections} connections, ${before} before this case`)
}

/** A hand-made connection: upgrade, then `bytes`. The server must close it (or wait for the rest of a frame) and let go of it. */
async function runRawCase(options: RealtimeWalkOptions, c: RawCase, result: RealtimeWalkResult) {
  const finding = (kind: string, detail: string) => result.findings.push({ kind, case: `raw: ${c.name}`, detail })
  const before = options.stats().connections
  const socket: Socket = connect(options.port, '127.0.0.1')
  socket.on('error', () => undefined)
  let received = Buffer.alloc(0)
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])))
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  socket.write(
    [`GET /app/${options.app.key}?protocol=7&client=js&version=8.6.0 HTTP/1.1`, 'Host: 127.0.0.1', 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`, 'Sec-WebSocket-Version: 13', '', ''].join('\r\n'),
  )
  for (let i = 0; i < 40 && !received.includes('pusher:connection_established'); i++) await wait(25)
  if (!received.toString('latin1').startsWith('HTTP/1.1 101')) return finding('upgrade', received.toString('latin1').slice(0, 120))
  socket.write(c.bytes)
  const closedInTime = await Promise.race([ended.then(() => true), wait(1_000).then(() => false)])
  // a frame header asking for more bytes leaves the server waiting for them, as it should
  if (!closedInTime) socket.destroy()
  const text = received.toString('latin1')
  const closeAt = text.lastIndexOf('\x88')
  const code = closeAt >= 0 && closeAt + 3 < received.length ? received.readUInt16BE(closeAt + 2) : undefined
  result.endings[closedInTime ? `raw ${code ?? 'cut'}` : 'raw waiting'] = (result.endings[closedInTime ? `raw ${code ?? 'cut'}` : 'raw waiting'] ?? 0) + 1
  if (code !== undefined && code !== 1002 && code !== 1007 && code !== 1009 && code !== 1000) finding('close code', `closed with ${code}`)
  if (!(await settleCount(options, before))) finding('connection kept', `the server counts ${options.stats().connections} connections, ${before} before this case`)
}

export async function walkRealtime(options: RealtimeWalkOptions): Promise<RealtimeWalkResult> {
  const result: RealtimeWalkResult = { cases: 0, rawCases: 0, framesSent: 0, replies: {}, endings: {}, bystanderChecks: 0, findings: [] }
  let current = ''
  const onUncaught = (error: unknown) => result.findings.push({ kind: 'uncaught', case: current, detail: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  process.on('uncaughtException', onUncaught)
  process.on('unhandledRejection', onUncaught)
  const bystander = async (when: string) => {
    result.bystanderChecks++
    const timeout = wait(3_000).then(() => 'timeout' as const)
    if ((await Promise.race([options.bystanderReceives().then(() => 'ok' as const), timeout])) === 'timeout') result.findings.push({ kind: 'bystander', case: when, detail: 'a member connected elsewhere did not receive a published event within 3 s' })
  }
  try {
    const generated = fc.sample(caseArbitrary, { seed: options.seed, numRuns: options.runs })
    for (const c of [...FIXED_CASES, ...generated]) {
      // a broken server makes every later case wait for its timeouts: ten findings tell enough
      if (result.findings.length >= 10) break
      current = describeCase(c)
      await runCase(options, c, result)
      result.cases++
      options.progress?.(result.cases)
      if (result.cases % 50 === 0) await bystander(`after case ${result.cases}`)
    }
    for (const c of RAW_CASES) {
      if (result.findings.length >= 10) break
      current = `raw: ${c.name}`
      await runRawCase(options, c, result)
      result.rawCases++
    }
    await bystander('at the end')
    const after = options.stats()
    if (after.connections !== options.baseline.connections || after.channels !== options.baseline.channels) {
      result.findings.push({ kind: 'leak', case: 'at the end', detail: `server counts ${JSON.stringify(after)}, baseline ${JSON.stringify(options.baseline)}` })
    }
  } finally {
    process.off('uncaughtException', onUncaught)
    process.off('unhandledRejection', onUncaught)
  }
  return result
}

/** One line per finding. */
export const describeRealtimeFinding = (f: RealtimeFinding) => `${f.kind}: ${f.case} -> ${f.detail}`

/**
 * The server a walk runs against: the embedded server on a port of its own with client events on
 * (so their paths and rate limit are walked too), and a member's pusher-js subscribed to their
 * channel, who must keep receiving what is published.
 */
export async function startRealtimeFuzzTarget() {
  const server = await startPusher({ clientEvents: true })
  const member = server.client()
  await connected(member)
  const channel = member.subscribe('private-User.1.Notification')
  await subscribed(channel)
  let sent = 0
  const bystanderReceives = async () => {
    const n = ++sent
    const arrived = new Promise<void>((resolve) => {
      const handler = (data: { n: number }) => {
        if (data.n !== n) return
        channel.unbind('SendNotification', handler)
        resolve()
      }
      channel.bind('SendNotification', handler)
    })
    await server.sdk().trigger('private-User.1.Notification', 'SendNotification', { n })
    await arrived
  }
  return {
    walk: (seed: number, runs: number, progress?: (done: number) => void) =>
      walkRealtime({ app, port: server.port, seed, runs, stats: () => server.realtime.stats(), baseline: server.realtime.stats(), bystanderReceives, progress }),
    async close() {
      member.disconnect()
      await server.close()
    },
  }
}
