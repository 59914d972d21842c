import { MAX_RECIPIENTS, type Recipient, type RecipientInput } from '../../../contract/recipient'
import type { Db, DbOrTx } from '../../db/client'
import { transaction } from '../../db/transaction'
import { AppError, notFound } from '../../lib/errors'
import * as repo from './repo'

export const toRecipient = (row: repo.RecipientRow): Recipient => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  zip_code: row.zip_code,
  county: row.county,
  district: row.district,
  address: row.address,
  is_default: row.is_default,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})

const missing = () => notFound('This recipient does not exist.')

const fieldsOf = ({ is_default: _default, ...fields }: RecipientInput) => fields

export async function listRecipients(db: DbOrTx, userId: number): Promise<Recipient[]> {
  return (await repo.listFor(db, userId)).map(toRecipient)
}

/**
 * A member's recipient by id, for the order module (a saved recipient chosen at checkout).
 * Another member's id answers 404, as if it did not exist.
 */
export async function recipientOf(db: DbOrTx, userId: number, id: number): Promise<Recipient> {
  const row = await repo.findFor(db, userId, id)
  if (!row) throw missing()
  return toRecipient(row)
}

/** Saves a new recipient; the member's first one, or one marked `is_default`, becomes the default. */
export function addRecipient(db: Db, userId: number, input: RecipientInput, now: Date): Promise<Recipient> {
  return transaction(db, async (tx) => {
    await repo.lockMember(tx, userId)
    const existing = await repo.countFor(tx, userId)
    if (existing >= MAX_RECIPIENTS) throw new AppError('RECIPIENT_LIMIT', 409, 'You can keep at most 20 recipients.')
    const isDefault = existing === 0 || input.is_default === true
    if (isDefault) await repo.clearDefault(tx, userId, now)
    return toRecipient(await repo.insert(tx, userId, fieldsOf(input), isDefault, now))
  })
}

/**
 * Replaces a recipient's fields. `is_default: true` makes it the default; the default stays the
 * default until another recipient is marked, so a member with recipients always has one.
 */
export function updateRecipient(db: Db, userId: number, id: number, input: RecipientInput, now: Date): Promise<Recipient> {
  return transaction(db, async (tx) => {
    await repo.lockMember(tx, userId)
    const row = await repo.findFor(tx, userId, id)
    if (!row) throw missing()
    if (input.is_default && !row.is_default) {
      await repo.clearDefault(tx, userId, now)
      return toRecipient(await repo.update(tx, id, { ...fieldsOf(input), is_default: true }, now))
    }
    return toRecipient(await repo.update(tx, id, fieldsOf(input), now))
  })
}

/** Deletes a recipient; when it was the default, the newest remaining one becomes the default. */
export function deleteRecipient(db: Db, userId: number, id: number, now: Date): Promise<Recipient[]> {
  return transaction(db, async (tx) => {
    await repo.lockMember(tx, userId)
    const row = await repo.findFor(tx, userId, id)
    if (!row) throw missing()
    await repo.remove(tx, id)
    const rest = await repo.listFor(tx, userId)
    if (row.is_default && rest[0]) {
      await repo.makeDefault(tx, rest[0].id, now)
      return listRecipients(tx, userId)
    }
    return rest.map(toRecipient)
  })
}
