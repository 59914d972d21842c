/**
 * `npm run bench:auth`: whether the sign-in and password-recovery answers tell which addresses have
 * accounts by their timing. A shop started as `npm start` runs it (PGlite, mails written to the file
 * outbox under DATA_DIR), and each endpoint is asked BENCH_RUNS times (default 24) for a known and
 * an unknown address in turn, one request at a time; the medians and their ratio are printed. Each
 * try uses a new address (the 30-second mail cooldown, and the lock-out after three failures).
 */
import os from 'node:os'
import { startShopProcess } from './lib/shop-process'

const runs = Number(process.env.BENCH_RUNS ?? 24)

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const shop = await startShopProcess({ SEED_CATALOGUE: 'false', AUTH_RATE_LIMIT: '10000' })
try {
  const post = async (path: string, body: unknown) => {
    const started = performance.now()
    const res = await fetch(`${shop.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    await res.arrayBuffer()
    return { status: res.status, ms: performance.now() - started }
  }
  const password = 'matcha-2026'
  const known: string[] = []
  for (let i = 0; i < runs; i++) {
    const email = `bench${i}@example.tw`
    const registered = await post('/register', { first_name: '小明', last_name: '王', email, phone_number: '0912345678', password, password_confirmation: password })
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`)
    known.push(email)
  }
  const compare = async (label: string, ask: (email: string) => Promise<{ status: number; ms: number }>) => {
    const knownMs: number[] = []
    const unknownMs: number[] = []
    // a first request of each kind warms the path up and is not counted
    await ask('warm-up@example.tw')
    for (let i = 0; i < runs; i++) {
      // interleaved, so that whatever else the machine does weighs on both alike
      const a = await ask(known[i]!)
      const b = await ask(`nobody${i}@example.tw`)
      if (a.status !== b.status) throw new Error(`${label}: a known address answered ${a.status}, an unknown one ${b.status}`)
      knownMs.push(a.ms)
      unknownMs.push(b.ms)
    }
    const k = median(knownMs)
    const u = median(unknownMs)
    console.log(`${label.padEnd(24)} known ${k.toFixed(1).padStart(6)} ms   unknown ${u.toFixed(1).padStart(6)} ms   ratio ${(k / u).toFixed(2)}`)
  }
  console.log(`${runs} tries each, medians; ${os.cpus().length} cores, Node ${process.version}`)
  await compare('POST /forgot_password', (email) => post('/forgot_password', { email }))
  await compare('POST /login (wrong)', (email) => post('/login', { email, password: 'not-the-password' }))
} finally {
  await shop.stop()
}
