import type { Kysely, Transaction } from 'kysely';
import type { Database, EmailConfirmationTokenRow } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertEmailConfirmationToken(
  db: Db,
  token: { user_id: number; token_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('email_confirmation_tokens').values(token).execute();
}

export async function countEmailConfirmationTokensSince(
  db: Db,
  userId: number,
  since: string,
): Promise<number> {
  const { total } = await db
    .selectFrom('email_confirmation_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(total);
}

export async function findEmailConfirmationToken(
  db: Db,
  tokenHash: string,
): Promise<EmailConfirmationTokenRow | undefined> {
  return db
    .selectFrom('email_confirmation_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Uses the account's open links at once: false when `id` was already used (by a parallel
 * request too). Once the address is proven, no other link of the account is needed.
 */
export async function useEmailConfirmationTokens(
  db: Db,
  id: number,
  userId: number,
  now: string,
): Promise<boolean> {
  const used = await db
    .updateTable('email_confirmation_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .returning('id')
    .execute();
  return used.some((row) => row.id === id);
}
