import { html, raw } from 'hono/html'

type Html = ReturnType<typeof html>

/**
 * A page an emulator hosts as the real service would (Stripe's checkout and portal, ECPay's store
 * map): plain HTML, no script (the shop's CSP holds), never indexed, with the emulator's styles.
 */
export const hostedPage = (options: { lang: string; title: string; styles: string; body: Html }) => html`<!doctype html>
<html lang="${options.lang}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${options.title}</title>
    <style>${raw(options.styles)}</style>
  </head>
  <body>
    <main>${options.body}</main>
  </body>
</html>`
