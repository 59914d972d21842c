import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startShopProcess, type ShopProcess } from '../../scripts/lib/shop-process'
import { registration } from '../fixtures/member-factory'
import { createPostgresDatabase, databaseTargets, freePort } from './harness'
import { startPushService } from './support/push-service'

const targets = await databaseTargets()

// The outbox survives the process: a web push in flight when the shop is killed (SIGKILL, no
// shutdown) is sent again by the next start once the delivery's lease (30 s) has passed.
// Each database runs side by side with a push service of its own: the service's answer rule is
// one for all its paths, and a rule set by one run ("hang", then "201") must not answer the other's.
describe('notifications survive a SIGKILL between commit and delivery', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-notify-crash-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it.concurrent.each(targets)('on $kind', { timeout: 90_000 }, async (target) => {
    const dataDir = await mkdtemp(path.join(dir, `${target.kind}-`))
    const push = await startPushService()
    const caFile = path.join(dataDir, 'push-ca.pem')
    await writeFile(caFile, push.certPem)
    const port = await freePort()
    const env: Record<string, string> = { DATA_DIR: dataDir, PUSH_SERVICE_HOSTS: push.host, NODE_EXTRA_CA_CERTS: caFile, AUTH_RATE_LIMIT: '1000', SEED_CATALOGUE: 'false' }
    const scratch = target.kind === 'postgres' ? await createPostgresDatabase(target.url) : undefined
    if (scratch) env.DATABASE_URL = scratch.url
    let shop: ShopProcess = await startShopProcess(env, port)
    const post = async (pathname: string, body: unknown, token?: string) =>
      fetch(shop.url + pathname, { method: 'POST', headers: { 'content-type': 'application/json', 'x-localization': 'ja', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })
    try {
      const referrer = registration()
      await post('/api/v1/register', referrer)
      const token = (await (await post('/api/v1/login', { email: referrer.email, password: referrer.password })).json()).data.token as string
      const code = (await (await fetch(`${shop.url}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()).data.referrer_code as string
      // whatever the time of day in Taipei, the push may go now
      const put = await fetch(`${shop.url}/api/v1/user/notification-settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ quiet_hours: { enabled: false, start: '22:00', end: '08:00', time_zone: 'Asia/Taipei' } }),
      })
      expect(put.status).toBe(200)
      const device = push.subscription(`crash-${target.kind}`)
      expect((await post('/api/v1/push-subscription', device, token)).status).toBe(201)

      // the push service takes the message and never answers; the shop is killed while it waits
      push.answer((p) => (p === `/push/crash-${target.kind}` ? 'hang' : 201))
      expect((await post('/api/v1/register', registration({ first_name: '花子', referrer_code: code }))).status).toBe(201)
      const deadline = Date.now() + 15_000
      while (!push.hanging.includes(`/push/crash-${target.kind}`)) {
        if (Date.now() > deadline) throw new Error('the push never left')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      shop.child.kill('SIGKILL')
      await new Promise((resolve) => shop.child.once('exit', resolve))

      push.answer(() => 201)
      shop = await startShopProcess(env, port)
      const endpoint = `/push/crash-${target.kind}`
      const got = await push.until(1, 60_000, endpoint).then((all) => all.filter((p) => p.path === endpoint))
      expect(got).toHaveLength(1)
      expect(got[0]!.message).toMatchObject({ type: 'referral_joined', title: 'お友だちが登録しました', lang: 'ja' })
      // and it is the one notification the member has, once
      const list = await (await fetch(`${shop.url}/api/v1/user/notification`, { headers: { authorization: `Bearer ${token}` } })).json()
      expect(list.total).toBe(1)
      expect(got[0]!.message.id).toBe(list.data[0].id)
    } finally {
      await shop.stop()
      await scratch?.drop()
      await push.close()
    }
  })
})
