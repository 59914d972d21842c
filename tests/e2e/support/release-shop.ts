/**
 * The shop for the update spec (returning-shopper.spec.ts): serves a copy of the built PWA
 * (`PUBLIC_DIR`, "build A") that the spec replaces with a next release ("build B") while a
 * returning shopper has the app open. Its own data and port, so no other spec sees the swap.
 */
import { cp, rm } from 'node:fs/promises'

const target = process.env.PUBLIC_DIR
if (!target || target === 'dist') throw new Error('PUBLIC_DIR must name a copy of dist/ to serve')
await rm(target, { recursive: true, force: true })
await cp('dist', target, { recursive: true })
// the build the other shops run (playwright.config.ts sets SHOP_SERVER); a name, not a literal: dist-api/ may not be built
const compiled = '../../../dist-api/main.js'
await (process.env.SHOP_SERVER === 'compiled' ? import(compiled) : import('../../../server/main'))
