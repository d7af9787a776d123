import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';

export async function updateAvatarPath(
  db: Kysely<Database>,
  userId: number,
  avatarPath: string | null,
  now: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ avatar_path: avatarPath, updated_at: now })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}
