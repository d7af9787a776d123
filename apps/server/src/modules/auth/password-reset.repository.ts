import type { Kysely, Transaction } from 'kysely';
import type { Database, PasswordResetTokenRow } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertPasswordResetToken(
  db: Db,
  token: { user_id: number; token_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('password_reset_tokens').values(token).execute();
}

export async function countPasswordResetTokensSince(
  db: Db,
  userId: number,
  since: string,
): Promise<number> {
  const { total } = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(total);
}

export async function findPasswordResetToken(
  db: Db,
  tokenHash: string,
): Promise<PasswordResetTokenRow | undefined> {
  return db
    .selectFrom('password_reset_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Uses a token once: false when it was already used (by a parallel request too). */
export async function usePasswordResetToken(db: Db, id: number, now: string): Promise<boolean> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Every other open link of the user stops working once the password changed. */
export async function closePasswordResetTokens(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** The new password, and no session issued before now stays valid. */
export async function setPasswordAndEndSessions(
  db: Db,
  userId: number,
  passwordHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, sessions_valid_after: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
