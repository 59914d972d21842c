/**
 * The seed catalogue's files, beside this code (and beside the built server: rolldown.config.ts
 * copies them), loaded into an empty shop by server/flows/catalogue-import/seed.ts.
 */
export const SEED_CATALOGUE = new URL('./seed/catalogue.json', import.meta.url)
/** the kana readings of the seed catalogue's Japanese names, written with it by `npm run catalogue:seed` */
export const SEED_READINGS = new URL('./seed/readings.json', import.meta.url)
