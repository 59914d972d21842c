import { Hono } from 'hono'
import * as v from 'valibot'
import { dataSchema } from '../../../contract/page'
import { RecipientInputSchema, RecipientParamSchema, RecipientSchema } from '../../../contract/recipient'
import { documented, validate } from '../../lib/route'
import type { RouteDeps } from '../../core/deps'
import * as service from './service'

const RULES =
  'Taiwan phone numbers (mobile 09xxxxxxxx or a landline with its area code; +886 accepted); county and district from the table in `contract/taiwan-districts.ts`; a postal code of 3, 5 or 6 digits starting with the district’s 3-digit code.'

/** The member's saved recipients. Another member's recipient answers 404. */
export function recipientRoutes(deps: RouteDeps) {
  const tags = ['Recipients']
  const member = deps.members.required
  const one = dataSchema(RecipientSchema)
  const list = dataSchema(v.array(RecipientSchema))
  return new Hono()
    .get('/recipient', documented({ summary: "The member's recipients, the default first", tags, response: list, auth: true }), member, async (c) =>
      c.json({ data: await service.listRecipients(deps.db, c.get('session').user.id) }),
    )
    .post(
      '/recipient',
      documented({ summary: `Save a recipient (the first one becomes the default). ${RULES}`, tags, response: one, created: true, auth: true, errors: { 409: 'At most 20 recipients (RECIPIENT_LIMIT)' } }),
      member,
      validate('json', RecipientInputSchema),
      async (c) => c.json({ data: await service.addRecipient(deps.db, c.get('session').user.id, c.req.valid('json'), deps.clock()) }, 201),
    )
    .put(
      '/recipient/:id',
      documented({ summary: `Replace a recipient; \`is_default: true\` makes it the default. ${RULES}`, tags, response: one, auth: true, notFound: true }),
      member,
      validate('param', RecipientParamSchema),
      validate('json', RecipientInputSchema),
      async (c) => c.json({ data: await service.updateRecipient(deps.db, c.get('session').user.id, c.req.valid('param').id, c.req.valid('json'), deps.clock()) }),
    )
    .delete(
      '/recipient/:id',
      documented({ summary: 'Delete a recipient and answer the remaining ones (a deleted default passes to the newest)', tags, response: list, auth: true, notFound: true }),
      member,
      validate('param', RecipientParamSchema),
      async (c) => c.json({ data: await service.deleteRecipient(deps.db, c.get('session').user.id, c.req.valid('param').id, deps.clock()) }),
    )
}
