import { toJsonSchema } from '@valibot/to-json-schema'
import type { GenericSchema } from 'valibot'
import { SEARCH_LIMITS, SearchParamsSchema } from './params'
import { SearchSynonymsSchema, SynonymSchema } from './synonyms'

/**
 * The embedded engine's routes (routes.ts) as an OpenAPI 3.1 document: what the fuzz walk of
 * tests/api/fuzz.test.ts sends generated requests to, as it does for the shop's API. The search
 * parameters and synonyms come from the schemas the engine validates with; a test fails when a
 * route is not described here. Operations are listed in the order the walk takes them: searches,
 * then reads, then writes, clearing and deleting last.
 */

type JsonSchema = Record<string, unknown>

const fromValibot = (schema: GenericSchema): JsonSchema => {
  const { $schema: _, ...json } = toJsonSchema(schema, { errorMode: 'ignore' }) as JsonSchema
  return json
}

const searchParams = fromValibot(SearchParamsSchema)
/** a query's parameters as JSON fields, or URL-encoded in `params` (both may come together) */
const query: JsonSchema = { ...searchParams, properties: { ...(searchParams.properties as JsonSchema), params: { type: 'string', maxLength: 4096 } } }
const text = (maxLength = 100): JsonSchema => ({ type: 'string', maxLength })
const indexName: JsonSchema = { type: 'string', minLength: 1, maxLength: 512, examples: ['products', 'products_price_asc', 'products_price_desc'] }
const objectID: JsonSchema = { type: 'string', minLength: 1, maxLength: 100, examples: ['1', '2', 'daifuku-en'] }
const stringList = (items: JsonSchema = text()): JsonSchema => ({ type: 'array', items, maxItems: SEARCH_LIMITS.listLength })
/** a record as the shop's indexer writes it: any attributes, a few of them named */
const record: JsonSchema = {
  type: 'object',
  properties: {
    objectID,
    name_en: text(),
    name_ja: text(),
    price_min: { type: 'integer', minimum: 0 },
    category_ids: { type: 'array', items: { type: 'integer' } },
    city: text(40),
    status: { enum: ['ACTIVE', 'INACTIVE'] },
    rank: { type: 'number' },
  },
}
const settings: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    searchableAttributes: stringList(),
    attributesForFaceting: stringList(),
    numericAttributesForFiltering: stringList(),
    customRanking: stringList(),
    ranking: stringList(),
    replicas: stringList(indexName),
    alternativesAsExact: stringList({ enum: ['ignorePlurals', 'singleWordSynonym', 'multiWordsSynonym', 'ignoreConjugations'] }),
    userData: {},
  },
}

/** the credentials, as headers (which the walk sets) or, as Algolia also takes them, in the query */
const credentials = [
  { name: 'x-algolia-application-id', in: 'query', schema: text(64) },
  { name: 'x-algolia-api-key', in: 'query', schema: text(64) },
]
const flag = (name: string) => ({ name, in: 'query', schema: { enum: ['true', 'false'] } })
const path = (...names: string[]) => names.map((name) => ({ name, in: 'path', required: true, schema: name === 'index' ? indexName : name === 'task' ? { type: 'integer', minimum: 0 } : objectID }))

interface Operation {
  summary: string
  /** the key it needs: the search key searches, the admin key does everything */
  acl: 'search' | 'admin'
  parameters?: JsonSchema[]
  body?: JsonSchema
}

const operation = ({ summary, acl, parameters = [], body }: Operation) => ({
  summary,
  'x-acl': acl,
  security: [{ [acl === 'search' ? 'searchKey' : 'adminKey']: [] }],
  parameters: [...parameters, ...credentials],
  ...(body ? { requestBody: { content: { 'application/json': { schema: body } } } } : {}),
  responses: { '200': { description: 'Algolia’s answer' }, '4XX': { description: '`{"message", "status"}`' } },
})

export const searchEngineOpenApi = {
  openapi: '3.1.0',
  info: { title: 'Embedded Algolia-compatible search engine', version: '1' },
  servers: [{ url: '/search' }],
  components: {
    securitySchemes: {
      searchKey: { type: 'apiKey', in: 'header', name: 'x-algolia-api-key' },
      adminKey: { type: 'apiKey', in: 'header', name: 'x-algolia-api-key' },
    },
  },
  paths: {
    '/1/indexes/*/queries': {
      post: operation({
        summary: 'several queries in one request',
        acl: 'search',
        body: { type: 'object', required: ['requests'], properties: { requests: { type: 'array', maxItems: SEARCH_LIMITS.queriesPerBatch, items: { ...query, required: ['indexName'], properties: { ...(query.properties as JsonSchema), indexName, type: { enum: ['default'] } } } } } },
      }),
    },
    '/1/indexes/{index}/query': { post: operation({ summary: 'search an index', acl: 'search', parameters: path('index'), body: query }) },
    '/1/indexes/{index}/{objectID}': {
      get: operation({ summary: 'one record', acl: 'search', parameters: path('index', 'objectID') }),
      put: operation({ summary: 'replace a record', acl: 'admin', parameters: path('index', 'objectID'), body: record }),
      delete: operation({ summary: 'delete a record', acl: 'admin', parameters: path('index', 'objectID') }),
    },
    '/1/indexes': { get: operation({ summary: 'the indexes', acl: 'admin' }) },
    '/1/indexes/{index}/settings': {
      get: operation({ summary: 'an index’s settings', acl: 'admin', parameters: path('index') }),
      put: operation({ summary: 'change an index’s settings', acl: 'admin', parameters: path('index'), body: settings }),
    },
    '/1/indexes/{index}/task/{task}': { get: operation({ summary: 'a task’s status', acl: 'admin', parameters: path('index', 'task') }) },
    '/1/indexes/{index}/synonyms/search': { post: operation({ summary: 'search the synonyms', acl: 'admin', parameters: path('index'), body: fromValibot(SearchSynonymsSchema) }) },
    '/1/indexes/{index}/synonyms/{objectID}': {
      get: operation({ summary: 'one synonym', acl: 'admin', parameters: path('index', 'objectID') }),
      put: operation({ summary: 'save a synonym', acl: 'admin', parameters: [...path('index', 'objectID'), flag('forwardToReplicas')], body: fromValibot(SynonymSchema) }),
      delete: operation({ summary: 'delete a synonym', acl: 'admin', parameters: [...path('index', 'objectID'), flag('forwardToReplicas')] }),
    },
    '/1/indexes/{index}/synonyms/batch': {
      post: operation({
        summary: 'save synonyms',
        acl: 'admin',
        parameters: [...path('index'), flag('forwardToReplicas'), flag('replaceExistingSynonyms')],
        body: { type: 'array', items: fromValibot(SynonymSchema), maxItems: 10 },
      }),
    },
    '/1/indexes/{index}/batch': {
      post: operation({
        summary: 'save and delete records',
        acl: 'admin',
        parameters: path('index'),
        body: { type: 'object', required: ['requests'], properties: { requests: { type: 'array', maxItems: 10, items: { type: 'object', required: ['action', 'body'], properties: { action: { enum: ['addObject', 'updateObject', 'deleteObject'] }, body: record } } } } },
      }),
    },
    '/1/indexes/{index}/operation': {
      post: operation({
        summary: 'copy or move an index',
        acl: 'admin',
        parameters: path('index'),
        body: { type: 'object', required: ['operation', 'destination'], properties: { operation: { enum: ['copy', 'move'] }, destination: indexName, scope: { type: 'array', items: { enum: ['settings', 'synonyms', 'rules'] } } } },
      }),
    },
    '/1/indexes/{index}/synonyms/clear': { post: operation({ summary: 'delete every synonym', acl: 'admin', parameters: [...path('index'), flag('forwardToReplicas')] }) },
    '/1/indexes/{index}/clear': { post: operation({ summary: 'delete every record', acl: 'admin', parameters: path('index') }) },
    '/1/indexes/{index}': {
      post: operation({ summary: 'add a record', acl: 'admin', parameters: path('index'), body: record }),
      delete: operation({ summary: 'delete an index', acl: 'admin', parameters: path('index') }),
    },
  },
}
