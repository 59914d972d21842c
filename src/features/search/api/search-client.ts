import type { LiteClient } from 'algoliasearch/lite'
import type { Locale } from '../../../../contract/constants'
import type { SearchHit } from '../../../../contract/search-record'
import type { PublicConfig } from '../../../../contract/shop'
import { apiGet } from '@/lib/api-client'

export type SearchConfig = PublicConfig['search']


export { STOCK_STATUSES, type SearchHit, type StockStatus } from '../../../../contract/search-record'

/** The part of an Algolia response the shop reads (the lite client does not check the shape). */
export interface SearchResult {
  hits: SearchHit[]
  nbHits: number
  /** 0-based */
  page: number
  nbPages: number
  hitsPerPage: number
  facets?: Record<string, Record<string, number>>
}

/** The hit's name in the display language. */
export const hitName = (hit: SearchHit, locale: Locale): string => hit[`name_${locale}`] || hit.name

export const hitCity = (hit: SearchHit, locale: Locale): string =>
  (locale === 'en' ? hit.location.city_en : locale === 'ja' ? hit.location.city_ja : hit.location.city) || hit.city

let config: Promise<SearchConfig> | undefined
let client: { key: string; client: Promise<LiteClient> } | undefined

// The browser learns where to search at run time, so one build serves any deployment.
async function searchConfig(locale: Locale): Promise<SearchConfig> {
  config ??= apiGet<{ data: PublicConfig }>('/config', { locale }).then((r) => r.data.search)
  try {
    return await config
  } catch (error) {
    config = undefined
    throw error
  }
}

/** The client is loaded on the first search, not with the page: most visits never search. */
export async function createSearchClient(settings: SearchConfig): Promise<LiteClient> {
  const { liteClient } = await import('algoliasearch/lite')
  const { app_id, search_key, hosts, protocol } = settings
  return liteClient(app_id, search_key, hosts ? { hosts: hosts.map((url) => ({ url, protocol, accept: 'read' as const })) } : undefined)
}

/** Runs one or more search requests against the index named by the shop's config. */
export async function runSearch(locale: Locale, requests: (index: string) => Record<string, unknown>[]): Promise<SearchResult[]> {
  const settings = await searchConfig(locale)
  const key = JSON.stringify(settings)
  if (client?.key !== key) client = { key, client: createSearchClient(settings) }
  const { results } = await (await client.client).search({ requests: requests(settings.index) as never })
  return results as unknown as SearchResult[]
}
