import { maxHeaderSize, Server, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { DEFAULT_LOCALE } from '../../contract/constants'
import type { ApiErrorBody, ErrorCode, ErrorDetail } from '../../contract/errors'
import { AddressCounter, isListedProxy, type ProxyTrust } from './client-address'
import { translate } from './messages'

/** How long a refused client may go on sending before its connection is cut. */
const LINGER_MS = 2_000

/**
 * What the server answers when Node's HTTP parser refuses a request before the app sees it. Node's
 * own answers have no body; these have the API's error shape.
 */
const PARSER_REFUSALS: Record<string, { status: number; code: ErrorCode; message: string; detail?: ErrorDetail }> = {
  // the request line (a long URL) and the headers together are over Node's limit, 16 KB by default
  HPE_HEADER_OVERFLOW: { status: 431, code: 'REQUEST_HEADER_TOO_LARGE', message: 'The request’s address or headers are too large.', detail: { limit_bytes: maxHeaderSize } },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' },
}
const MALFORMED: (typeof PARSER_REFUSALS)[string] = { status: 400, code: 'MALFORMED_REQUEST', message: 'The request is not valid HTTP.' }

/**
 * The shop's HTTP server for `fetch`, listening, hardened (below). A connection gets
 * HTTP_HEADERS_TIMEOUT_SECONDS to send its request's headers and HTTP_REQUEST_TIMEOUT_SECONDS for
 * the whole request, then is answered 408 and closed: with Node's own 60 s and 300 s, half-sent
 * requests piled up until the process ran out of file descriptors (decision 60). Node looks for
 * such requests every connectionsCheckingInterval (30 s by default, which would stretch a 10 s
 * limit to 40 s).
 */
/** The HTTP server's limits (HTTP_* and TRUST_PROXY in server/config.ts). */
export interface HttpLimits {
  headersTimeoutMs: number
  requestTimeoutMs: number
  keepAliveMs: number
  maxConnectionsPerAddress: number
  /** connections from these (TRUST_PROXY's listed proxies) carry many clients and are not capped */
  uncappedProxies: ProxyTrust
}

export function serveShop(fetch: Parameters<typeof serve>[0]['fetch'], address: { hostname: string; port: number }, limits: HttpLimits, onListening?: (info: AddressInfo) => void) {
  const serverOptions = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Node's 5 s closed idle connections while a client (a load balancer, a keep-alive agent) was
    // already sending its next request down one: that request was reset
    keepAliveTimeout: limits.keepAliveMs,
    connectionsCheckingInterval: Math.max(250, Math.min(1_000, limits.headersTimeoutMs / 4)),
  }
  return hardenHttpServer(serve({ fetch, ...address, serverOptions }, onListening), limits)
}

/**
 * Caps the connections one socket address holds at HTTP_MAX_CONNECTIONS_PER_ADDRESS (WebSockets
 * included): a connection over that is closed at once, before anything is read from it (decision 60).
 *
 * And makes every connection end the way its last answer said it would:
 *
 * - An answer written before the request's body has arrived (a 413 from a body limit, in the API
 *   or an embedded emulator) says `Connection: close`. The rest of that body is not read: the
 *   adapter (@hono/node-server) destroys the socket when a cancelled body stream is destroyed, or
 *   when the body takes over 500 ms to drain. Answered `keep-alive`, the client sent its next
 *   request down a connection about to be cut and saw "other side closed".
 * - A request Node's parser refuses (headers over the limit, broken framing) is answered in the
 *   API's JSON error shape with `Connection: close`, instead of Node's empty 431 or 400.
 *
 * In both cases the connection lingers, reading and discarding, until the client closes it or
 * LINGER_MS pass: closing with unread data makes the kernel send a reset, which can reach the
 * client before it has read the answer.
 *
 * HTTP/2 servers are returned as they are: a stream error there does not end the connection.
 */
export function hardenHttpServer<S extends ServerType>(server: S, limits: Pick<HttpLimits, 'maxConnectionsPerAddress'> & Partial<Pick<HttpLimits, 'uncappedProxies'>>): S {
  if (!(server instanceof Server)) return server
  if (limits.maxConnectionsPerAddress > 0) {
    const counter = new AddressCounter(limits.maxConnectionsPerAddress)
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress
      if (address === undefined || (limits.uncappedProxies && isListedProxy(limits.uncappedProxies, address))) return
      if (!counter.take(address)) return void socket.destroy()
      socket.once('close', () => counter.release(address))
    })
  }
  server.prependListener('request', closeAfterEarlyAnswer)
  server.on('clientError', answerParserError)
  return server
}

function closeAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse) {
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete) {
      this.setHeader('connection', 'close')
      lingerOnClose(req.socket)
    }
    return writeHead.apply(this, args as Parameters<ServerResponse['writeHead']>)
  } as ServerResponse['writeHead']
}

function answerParserError(error: Error & { code?: string }, socket: Socket) {
  if (socket.destroyed || socket.writableEnded) return
  // once the app's answer has begun on this connection, nothing else can be written on it
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy()
    return
  }
  const refusal = PARSER_REFUSALS[error.code ?? ''] ?? MALFORMED
  // the request's headers were not read, so neither was its language
  const body: ApiErrorBody = { error: { code: refusal.code, message: translate(DEFAULT_LOCALE, refusal.message), detail: refusal.detail ?? {} } }
  const json = JSON.stringify(body)
  const head = [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}`,
    'Content-Type: application/json; charset=UTF-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ]
  const answer = `${head.join('\r\n')}\r\n\r\n${json}`
  if (inFlight) {
    // the app is still answering the request whose body broke off: as Node does, the connection is
    // cut at once, so that the app's answer is not written after this one
    socket.write(answer)
    socket.destroy()
    return
  }
  socket.end(answer)
  linger(socket)
}

/**
 * Node ends a `Connection: close` connection with destroySoon(): the socket is destroyed as soon
 * as the answer is written, with the rest of the body unread. Half-closing instead lets the
 * parser read on (and discard) what the client still sends.
 */
function lingerOnClose(socket: Socket) {
  socket.destroySoon = function (this: Socket) {
    if (!this.writableEnded) this.end()
    linger(this)
  }
}

const lingering = new WeakSet<Socket>()

function linger(socket: Socket) {
  if (lingering.has(socket)) return
  lingering.add(socket)
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  timer.unref()
  socket.once('close', () => clearTimeout(timer))
}
