import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';

export async function findUserByGoogleSub(
  db: Kysely<Database>,
  googleSub: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', googleSub).executeTakeFirst();
}

/** Links only an account that has no Google account yet; undefined otherwise. */
export async function linkGoogleSub(
  db: Kysely<Database>,
  userId: number,
  googleSub: string,
  now: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ google_sub: googleSub, updated_at: now })
    .where('id', '=', userId)
    .where('google_sub', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
