import type { Kysely, Transaction } from 'kysely';
import type { Database, LoginCodeRow } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertLoginCode(
  db: Db,
  code: { user_id: number; code_hash: string; created_at: string; expires_at: string },
): Promise<LoginCodeRow> {
  return db.insertInto('login_codes').values(code).returningAll().executeTakeFirstOrThrow();
}

/** Codes sent to a user since an instant, for the per-account sending limit. */
export async function countLoginCodesSince(db: Db, userId: number, since: string): Promise<number> {
  const { total } = await db
    .selectFrom('login_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The newest code of a user that has not been used or replaced. */
export async function findOpenLoginCode(db: Db, userId: number): Promise<LoginCodeRow | undefined> {
  return db
    .selectFrom('login_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Closes every open code of a user (a new one replaces them; a password reset ends them). */
export async function closeOpenLoginCodes(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('login_codes')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
}

/**
 * Counts one attempt, atomically and only while attempts remain: answers the row after the
 * increment, or undefined when the code is used up (so parallel guesses cannot exceed the limit).
 */
export async function countLoginCodeAttempt(
  db: Db,
  id: number,
  maxAttempts: number,
): Promise<LoginCodeRow | undefined> {
  return db
    .updateTable('login_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .returningAll()
    .executeTakeFirst();
}

/** Marks a code used; false when another request used it first. */
export async function consumeLoginCode(db: Db, id: number, now: string): Promise<boolean> {
  const row = await db
    .updateTable('login_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
