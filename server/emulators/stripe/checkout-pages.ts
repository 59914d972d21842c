import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { html, raw } from 'hono/html'
import { formatCardNumber, TEST_CARDS } from '../../../contract/payment'
import { hostedPage } from '../hosted-page'
import type { Customer } from './billing-objects'
import { portalToken } from './portal-token'
import type { StripeSandbox } from './sandbox'

const validToken = (secretKey: string, customer: string, returnUrl: string, token: string | undefined) => {
  const expected = Buffer.from(portalToken(secretKey, customer, returnUrl))
  const given = Buffer.from(token ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const money = (minor: number, currency: string) => `${currency.toUpperCase() === 'TWD' ? 'NT$' : `${currency.toUpperCase()} `}${(minor / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`

const STYLES = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f6f7; color: #1a1a1a; }
main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 1px 4px rgb(0 0 0 / 12%); }
.test { background: #fff4d6; color: #5c4400; border-radius: 6px; padding: .5rem .75rem; font-weight: 600; }
fieldset { border: 1px solid #ccc; border-radius: 8px; margin: 1rem 0; }
label { display: block; margin: .25rem 0; }
input[type=email] { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; }
button { width: 100%; padding: .75rem; font: inherit; font-weight: 600; color: #fff; background: #c8102e; border: 0; border-radius: 8px; cursor: pointer; }
.error { color: #a40e26; font-weight: 600; }
a { color: #0b57d0; }
`

const page = (title: string, body: ReturnType<typeof html>) => hostedPage({ lang: 'en', title, styles: STYLES, body })

const TEST_LABEL = html`<p class="test" role="note">Test mode: this is the shop's payment sandbox. Only the test cards below work; no money moves.</p>`

/**
 * The pages Stripe hosts, as the sandbox serves them on the shop's origin: the Checkout Session's
 * payment page (`/sandbox-checkout/{session}`: the plan, the price, a choice of test cards, Pay,
 * and a link back to `cancel_url`) and the customer portal's (`/sandbox-checkout/portal/{customer}`:
 * choose another default test card). Plain HTML forms, no script, so the shop's CSP holds.
 */
export function sandboxCheckoutPages(opened: () => Promise<StripeSandbox>, onEvents: () => void) {
  const app = new Hono()
  app.use('*', bodyLimit({ maxSize: 4096, onError: (c) => c.text('Too large', 413) }))
  app.use('*', async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
  })

  const checkoutPage = (sandbox: StripeSandbox, id: string, error?: string) => {
    const hosted = sandbox.billing.hostedSession(id)
    if (!hosted) return undefined
    const { session, price, product, email } = hosted
    const every = price.recurring.interval_count === 1 ? 'every month' : `every ${price.recurring.interval_count} months`
    if (session.status !== 'open') {
      return page(
        'Checkout closed',
        html`${TEST_LABEL}
          <h1>This checkout is ${session.status === 'complete' ? 'already paid' : 'no longer open'}</h1>
          ${session.status === 'complete' ? html`<p><a href="${session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id)}">Back to the shop</a></p>` : session.cancel_url ? html`<p><a href="${session.cancel_url}">Back to the shop</a></p>` : ''}`,
      )
    }
    return page(
      `Subscribe to ${product.name}`,
      html`${TEST_LABEL}
        <h1>${product.name}</h1>
        <p><strong>${money(price.unit_amount, price.currency)}</strong> ${every}</p>
        ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
        <form method="post" action="/sandbox-checkout/${session.id}">
          <label for="email">E-mail</label>
          <input id="email" name="email" type="email" required maxlength="254" value="${email ?? ''}" autocomplete="email" />
          <fieldset>
            <legend>Test card</legend>
            ${TEST_CARDS.map(
              (card, i) =>
                html`<label><input type="radio" name="payment_method" value="${card.payment_method}" ${raw(i === 0 ? 'checked' : '')} /> ${formatCardNumber(card.number)} (${card.outcome === 'succeeded' ? 'pays' : `declines: ${card.decline_code}`})</label>`,
            )}
          </fieldset>
          <button type="submit">Subscribe</button>
        </form>
        ${session.cancel_url ? html`<p><a href="${session.cancel_url}">Cancel and go back</a></p>` : ''}`,
    )
  }

  app.get('/:id{cs_test_[A-Za-z0-9]{56}}', async (c) => {
    const body = checkoutPage(await opened(), c.req.param('id'))
    return body ? c.html(body) : c.text('No such checkout session', 404)
  })

  app.post('/:id{cs_test_[A-Za-z0-9]{56}}', async (c) => {
    const sandbox = await opened()
    const id = c.req.param('id')
    if (!sandbox.billing.hostedSession(id)) return c.text('No such checkout session', 404)
    const form = await c.req.parseBody()
    const method = typeof form.payment_method === 'string' ? form.payment_method : ''
    const email = typeof form.email === 'string' && /^[^\s@]{1,64}@[^\s@]{1,189}$/.test(form.email) ? form.email : null
    const result = sandbox.billing.paySession(id, method, email)()
    if (result.ops.length) {
      sandbox.store.apply(result.ops)
      await sandbox.store.commit()
      onEvents()
    }
    if (result.outcome === 'paid') return c.redirect(result.redirect, 303)
    return c.html(checkoutPage(sandbox, id, result.message)!, result.outcome === 'declined' ? 402 : 409)
  })

  const portalPage = (customer: Customer, token: string, returnUrl: string, saved = false) =>
    page(
      'Payment method',
      html`${TEST_LABEL}
        <h1>Payment method</h1>
        ${saved ? html`<p role="status">Saved: renewals are charged to this card.</p>` : ''}
        <form method="post" action="/sandbox-checkout/portal/${customer.id}?token=${token}&return_url=${encodeURIComponent(returnUrl)}">
          <fieldset>
            <legend>Card for renewals</legend>
            ${TEST_CARDS.map(
              (card) =>
                html`<label><input type="radio" name="payment_method" value="${card.payment_method}" ${raw(customer.invoice_settings.default_payment_method === card.payment_method ? 'checked' : '')} /> ${formatCardNumber(card.number)}</label>`,
            )}
          </fieldset>
          <button type="submit">Save</button>
        </form>
        <p><a href="${returnUrl}">Back to the shop</a></p>`,
    )

  const portalCustomer = async (c: { req: { param: (n: 'customer') => string; query: (n: string) => string | undefined } }) => {
    const sandbox = await opened()
    const id = c.req.param('customer')
    const token = c.req.query('token')
    // the page links back only to what the session was created with (an http(s) URL the shop chose), as the token proves
    const returnUrl = c.req.query('return_url') ?? ''
    const found = sandbox.store.billing.get(id)
    if (!found || found.object !== 'customer' || !/^https?:\/\//.test(returnUrl) || !validToken(sandbox.keys.secretKey, id, returnUrl, token)) return undefined
    return { sandbox, customer: found, token: token!, returnUrl }
  }

  app.get('/portal/:customer{cus_[A-Za-z0-9]{14}}', async (c) => {
    const found = await portalCustomer(c)
    if (!found) return c.text('This link is not valid', 404)
    return c.html(portalPage(found.customer, found.token, found.returnUrl))
  })

  app.post('/portal/:customer{cus_[A-Za-z0-9]{14}}', async (c) => {
    const found = await portalCustomer(c)
    if (!found) return c.text('This link is not valid', 404)
    const form = await c.req.parseBody()
    const method = TEST_CARDS.find((card) => card.payment_method === form.payment_method)
    if (!method) return c.html(portalPage(found.customer, found.token, found.returnUrl), 400)
    const next: Customer = { ...found.customer, invoice_settings: { default_payment_method: method.payment_method } }
    found.sandbox.store.apply([{ k: 'b', v: next }])
    await found.sandbox.store.commit()
    return c.html(portalPage(next, found.token, found.returnUrl, true))
  })

  return app
}
