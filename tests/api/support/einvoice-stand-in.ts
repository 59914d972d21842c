import { createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * A local stand-in for the Ministry of Finance e-invoice platform's mobile-barcode check
 * (`POST /BIZAPIVAN/biz`, form-encoded, `action=bcv`). It checks what the real service checks —
 * the app id, a fresh `timeStamp`, the HMAC-SHA256 `signature` over the sorted parameters — and
 * answers `{"v":"1.0","code":200,"msg":"執行成功","isExist":"Y"|"N"}`. `mode` makes it fail the
 * ways a remote service fails.
 */
export interface EinvoiceStandIn {
  url: string
  appId: string
  apiKey: string
  /** barcodes the stand-in knows (upper-case, with the slash) */
  barcodes: Set<string>
  /** every request's parameters, oldest first */
  requests: Record<string, string>[]
  mode: 'ok' | 'down' | 'slow' | 'refuse'
  close(): Promise<void>
}

const sign = (params: Record<string, string>, key: string) =>
  createHmac('sha256', key)
    .update(
      Object.entries(params)
        .filter(([name]) => name !== 'signature')
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, value]) => `${name}=${value}`)
        .join('&'),
    )
    .digest('base64')

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })

export async function startEinvoiceStandIn(options: { barcodes?: string[]; appId?: string; apiKey?: string } = {}): Promise<EinvoiceStandIn> {
  const appId = options.appId ?? 'EINV0000000000001'
  const apiKey = options.apiKey ?? 'c3RhbmQtaW4ta2V5LWZvci10ZXN0cw=='
  const sockets = new Set<Socket>()
  const standIn: EinvoiceStandIn = {
    url: '',
    appId,
    apiKey,
    barcodes: new Set(options.barcodes ?? []),
    requests: [],
    mode: 'ok',
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    }),
  }
  const server: Server = createServer(async (req, res) => {
    const params = Object.fromEntries(new URLSearchParams(await read(req)))
    standIn.requests.push(params)
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify(body))
    }
    if (standIn.mode === 'down') return answer(502, { error: 'bad gateway' })
    if (standIn.mode === 'slow') return void setTimeout(() => answer(200, { v: '1.0', code: 200, msg: '執行成功', isExist: 'Y' }), 5_000)
    if (standIn.mode === 'refuse') return answer(200, { v: '1.0', code: 998, msg: '系統忙碌中' })
    if (req.method !== 'POST' || req.url !== '/BIZAPIVAN/biz' || !(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return answer(404, { error: 'not found' })
    }
    const missing = ['version', 'action', 'barCode', 'TxID', 'timeStamp', 'appId', 'signature'].filter((name) => !params[name])
    if (missing.length > 0 || params.action !== 'bcv') return answer(200, { v: '1.0', code: 903, msg: `參數錯誤 ${missing.join(',')}` })
    if (params.appId !== appId) return answer(200, { v: '1.0', code: 951, msg: 'appId 錯誤' })
    if (Math.abs(Number(params.timeStamp) - Date.now() / 1000) > 180) return answer(200, { v: '1.0', code: 952, msg: 'timeStamp 逾時' })
    if (params.signature !== sign(params, apiKey)) return answer(200, { v: '1.0', code: 953, msg: '簽名錯誤' })
    return answer(200, { v: '1.0', code: 200, msg: '執行成功', isExist: standIn.barcodes.has(params.barCode!) ? 'Y' : 'N' })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as { port: number }
  standIn.url = `http://127.0.0.1:${port}/BIZAPIVAN/biz`
  return standIn
}
