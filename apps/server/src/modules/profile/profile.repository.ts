import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { updateUser } from '../users/index.ts';

/** The account row belongs to the users module; the profile changes only its avatar. */
export async function updateAvatarPath(
  db: Kysely<Database>,
  userId: number,
  avatarPath: string | null,
  now: string,
): Promise<UserRow | undefined> {
  return updateUser(db, userId, { avatar_path: avatarPath, updated_at: now });
}
