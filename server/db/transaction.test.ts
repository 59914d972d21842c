import { DrizzleQueryError } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import type { Db, Tx } from './client'
import { TRANSACTION_ATTEMPTS, isRetriedConflict, transaction } from './transaction'

/** An error as node-postgres (and PGlite) reports it: the SQLSTATE as `code`. */
const driverError = (code: string) => Object.assign(new Error(`failed with ${code}`), { code })
/** The same, as drizzle throws it from a query: wrapped, the driver's error as the cause. */
const wrapped = (code: string) => new DrizzleQueryError('update "payments" set ...', [], driverError(code))

/** A database whose transactions fail with the given errors, in turn, and then succeed. */
function failing(...errors: Error[]) {
  const runs: number[] = []
  const db = {
    async transaction<T>(run: (tx: Tx) => Promise<T>) {
      runs.push(runs.length + 1)
      const result = await run({} as Tx)
      const error = errors.shift()
      if (error) throw error
      return result
    },
  }
  return { db: db as unknown as Db, runs }
}

describe('transaction', () => {
  it.each([
    ['a deadlock', driverError('40P01')],
    ['a serialization failure', driverError('40001')],
    ['a deadlock wrapped by drizzle', wrapped('40P01')],
    ['a serialization failure wrapped by drizzle', wrapped('40001')],
  ])('runs the transaction again after %s', async (_, error) => {
    const { db, runs } = failing(error)
    let calls = 0
    await expect(transaction(db, async () => ++calls)).resolves.toBe(2)
    expect(runs).toEqual([1, 2])
  })

  it.each([
    ['a unique violation', driverError('23505')],
    ['a unique violation wrapped by drizzle', wrapped('23505')],
    ['an error without a code', new Error('no')],
    ['the shop’s own refusal', Object.assign(new Error('Out of stock'), { code: 'OUT_OF_STOCK', status: 409 })],
  ])('does not run it again after %s', async (_, error) => {
    const { db, runs } = failing(error)
    await expect(transaction(db, async () => 1)).rejects.toBe(error)
    expect(runs).toEqual([1])
  })

  it('gives up after its attempts, answering the last failure', async () => {
    expect(TRANSACTION_ATTEMPTS).toBe(2)
    const errors = [wrapped('40P01'), wrapped('40P01'), wrapped('40P01'), wrapped('40P01')]
    const { db, runs } = failing(...errors)
    await expect(transaction(db, async () => 1)).rejects.toBe(errors[1])
    expect(runs).toEqual([1, 2])
    const three = failing(...errors.map(() => driverError('40001')))
    await expect(transaction(three.db, async () => 1, 3)).rejects.toMatchObject({ code: '40001' })
    expect(three.runs).toEqual([1, 2, 3])
  })

  it('leaves a savepoint to the transaction around it: the conflict ended that one', async () => {
    const { db, runs } = failing(driverError('40P01'))
    const tx = Object.assign(Object.create(PgTransaction.prototype) as Tx, { transaction: db.transaction })
    await expect(transaction(tx, async () => 1)).rejects.toMatchObject({ code: '40P01' })
    expect(runs).toEqual([1])
  })

  it('finds the code through causes only', () => {
    expect(isRetriedConflict(wrapped('40P01'))).toBe(true)
    expect(isRetriedConflict({ message: '40P01' })).toBe(false)
    expect(isRetriedConflict(undefined)).toBe(false)
  })
})
