import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { html } from 'hono/html'
import { hostedPage } from '../hosted-page'
import { isReplyUrl, LogisticsError, type LogisticsSandbox } from './sandbox'
import { B2C_SUBTYPES, searchStores, type LogisticsSubType } from './stores'

/** What one request may carry: ECPay's forms are flat, a few dozen short fields. */
const LIMITS = { bytes: 16 * 1024, fields: 40, nameLength: 40, valueLength: 500 } as const

/** A flat form (URL-encoded, or multipart as PHP's curl sends it), refused over the limits. */
async function formOf(c: Context): Promise<Record<string, string>> {
  const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/')
  const raw =
    c.req.method === 'GET'
      ? new URL(c.req.url).searchParams
      : multipart
        ? await c.req.formData().catch(() => {
            throw new LogisticsError('The form could not be read')
          })
        : new URLSearchParams(await c.req.text())
  const fields: Record<string, string> = Object.create(null) as Record<string, string>
  let count = 0
  for (const [name, value] of raw.entries()) {
    if (typeof value !== 'string') throw new LogisticsError(`${name} must be text`)
    if (++count > LIMITS.fields) throw new LogisticsError(`At most ${LIMITS.fields} fields`)
    if (name.length > LIMITS.nameLength || value.length > LIMITS.valueLength) throw new LogisticsError(`${name.slice(0, LIMITS.nameLength)} is too long`)
    if (name in fields) throw new LogisticsError(`${name} is given twice`)
    fields[name] = value
  }
  return fields
}

const CHAIN_NAMES: Record<LogisticsSubType, string> = { UNIMART: '7-ELEVEN', FAMI: '全家 FamilyMart', HILIFE: '萊爾富 Hi-Life' }

const STYLES = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f6f7; color: #1a1a1a; }
main { max-width: 36rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.25rem; }
.test { background: #fff4d6; color: #5c4400; border-radius: 6px; padding: .5rem .75rem; font-weight: 600; }
.search { display: flex; gap: .5rem; margin: 1rem 0; }
.search input { flex: 1; padding: .6rem; font: inherit; border: 1px solid #999; border-radius: 8px; }
ul { list-style: none; padding: 0; margin: 0; display: grid; gap: .75rem; }
li { background: #fff; border-radius: 10px; padding: .75rem 1rem; box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
li h2 { font-size: 1rem; margin: 0; }
li p { margin: .25rem 0; color: #444; font-size: .9375rem; }
.island { display: inline-block; font-size: .8125rem; background: #e4f0ff; color: #0b3d91; border-radius: 4px; padding: 0 .375rem; }
button { min-height: 44px; padding: .5rem 1rem; font: inherit; font-weight: 600; color: #fff; background: #c8102e; border: 0; border-radius: 8px; cursor: pointer; }
.error { color: #a40e26; font-weight: 600; }
`

const page = (title: string, body: ReturnType<typeof html>) => hostedPage({ lang: 'zh-Hant-TW', title, styles: STYLES, body })

const MAP_FIELDS = ['MerchantID', 'MerchantTradeNo', 'LogisticsType', 'LogisticsSubType', 'IsCollection', 'ServerReplyURL', 'ExtraData', 'Device', 'CheckMacValue', 'q']

/**
 * ECPay's logistics API as the sandbox serves it, under the base address the shop is given
 * (`/ecpay-sandbox`): the store map (`/Express/map`, a page a shopper's browser is sent to), and
 * the server-to-server calls (`/Express/Create`, `/Helper/QueryLogisticsTradeInfo/V2`,
 * `/Helper/UpdateShipmentInfo`), answered in ECPay's plain text. `/Sandbox/Advance` is the
 * sandbox's own: an operator moves a parcel on (signed with the merchant's keys, like the rest).
 */
export function ecpaySandboxRoutes(opened: () => Promise<LogisticsSandbox>, onReports: () => void) {
  const app = new Hono()
  app.use('*', bodyLimit({ maxSize: LIMITS.bytes, onError: (c) => c.text('0|The request is too large', 413) }))
  app.use('*', async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
  })

  const api = (handle: (sandbox: LogisticsSandbox, fields: Record<string, string>) => Promise<string> | string) => async (c: Context) => {
    try {
      const answer = await handle(await opened(), await formOf(c))
      onReports()
      return c.text(answer)
    } catch (error) {
      if (error instanceof LogisticsError) return c.text(`0|${error.message}`)
      throw error
    }
  }
  app.post('/Express/Create', api((sandbox, fields) => sandbox.create(fields)))
  app.post('/Helper/QueryLogisticsTradeInfo/V2', api((sandbox, fields) => sandbox.query(fields)))
  app.post('/Helper/UpdateShipmentInfo', api((sandbox, fields) => sandbox.changeStore(fields)))
  app.post('/Sandbox/Advance', api((sandbox, fields) => sandbox.advance(fields)))

  // the store map: the shopper searches the chain's stores and picks one, which their browser posts to ServerReplyURL
  app.on(['GET', 'POST'], '/Express/map', async (c) => {
    const problem = (message: string) => c.html(page('門市地圖 · Store map', html`<h1>門市地圖 · Store map</h1><p class="error" role="alert">${message}</p>`), 400)
    let fields: Record<string, string>
    try {
      fields = await formOf(c)
    } catch (error) {
      if (error instanceof LogisticsError) return problem(error.message)
      throw error
    }
    const sandbox = await opened()
    for (const name of Object.keys(fields)) if (!MAP_FIELDS.includes(name)) return problem(`${name} is not a parameter of the map`)
    if (fields.MerchantID !== sandbox.keys.merchantId) return problem('MerchantID Error')
    if (fields.LogisticsType !== 'CVS') return problem('LogisticsType must be CVS')
    const subType = fields.LogisticsSubType as LogisticsSubType
    if (!B2C_SUBTYPES.includes(subType)) return problem('LogisticsSubType Error')
    if (fields.IsCollection !== 'Y' && fields.IsCollection !== 'N') return problem('IsCollection must be Y or N')
    if (!isReplyUrl(fields.ServerReplyURL)) return problem('ServerReplyURL must be an http(s) address of 200 characters at most')
    if (fields.MerchantTradeNo !== undefined && !/^[A-Za-z0-9]{1,20}$/.test(fields.MerchantTradeNo)) return problem('MerchantTradeNo must be 1 to 20 letters or digits')
    if ((fields.ExtraData ?? '').length > 20) return problem('ExtraData may hold 20 characters')
    const query = (fields.q ?? '').slice(0, 40)
    const stores = searchStores(subType, query)
    const kept = MAP_FIELDS.filter((name) => name !== 'q' && fields[name] !== undefined)
    const chain = CHAIN_NAMES[subType]
    return c.html(
      page(
        `${chain} 門市地圖 · Store map`,
        html`<h1>${chain} 門市地圖 · Store map</h1>
          <p class="test" role="note">測試模式：門市為測試資料。Test mode: the stores are the sandbox's fixtures.</p>
          <form class="search" method="post" action="" role="search">
            ${kept.map((name) => html`<input type="hidden" name="${name}" value="${fields[name]}" />`)}
            <input type="search" name="q" value="${query}" aria-label="搜尋門市名稱、店號或地址 · Search by store name, number or address" placeholder="門市名稱、店號或地址" maxlength="40" />
            <button type="submit">搜尋 · Search</button>
          </form>
          <p role="status">${stores.length} 間門市 · ${stores.length} stores</p>
          <ul>
            ${stores.map(
              (store) => html`<li>
                <form method="post" action="${fields.ServerReplyURL}">
                  <input type="hidden" name="MerchantID" value="${sandbox.keys.merchantId}" />
                  <input type="hidden" name="MerchantTradeNo" value="${fields.MerchantTradeNo ?? ''}" />
                  <input type="hidden" name="LogisticsSubType" value="${subType}" />
                  <input type="hidden" name="CVSStoreID" value="${store.id}" />
                  <input type="hidden" name="CVSStoreName" value="${store.name}" />
                  <input type="hidden" name="CVSAddress" value="${store.address}" />
                  <input type="hidden" name="CVSTelephone" value="${store.telephone}" />
                  <input type="hidden" name="CVSOutSide" value="${store.outside}" />
                  <input type="hidden" name="ExtraData" value="${fields.ExtraData ?? ''}" />
                  <h2>${store.name} <small>(${store.id})</small> ${store.outside === '1' ? html`<span class="island">離島 · Outlying island</span>` : ''}</h2>
                  <p>${store.address}</p>
                  <p>${store.telephone}</p>
                  <button type="submit" aria-label="選擇此門市 · Choose ${store.name}">選擇此門市 · Choose</button>
                </form>
              </li>`,
            )}
          </ul>`,
      ),
    )
  })
  return app
}
