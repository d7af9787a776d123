import type { User } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowIso } from '../../lib/clock.ts';
import { AVATAR_PROFILE, processImage } from '../../lib/images.ts';
import { isUploadKey, newUploadKey, type UploadStorage } from '../../lib/storage.ts';
import { toUserView } from '../users/index.ts';
import { updateAvatarPath } from './profile.repository.ts';

/** Where avatars are served, without a token so that an `<img>` can show them. */
export const AVATAR_PATH = '/api/avatars/';

export interface ProfileDeps {
  db: Kysely<Database>;
  storage: UploadStorage;
  imageMaxBytes: number;
}

function avatarKeyOf(path: string | null): string | null {
  if (!path?.startsWith(AVATAR_PATH)) return null;
  const key = `avatars/${path.slice(AVATAR_PATH.length)}`;
  return isUploadKey(key) ? key : null;
}

/** Stores a re-encoded avatar; the old file goes only once the account points at the new one. */
export async function uploadAvatar(
  deps: ProfileDeps,
  actor: UserRow,
  file: Buffer | null,
): Promise<User> {
  if (!file) throw new AppError('VALIDATION_FAILED', 'Elige una imagen para el avatar.');
  const image = await processImage(file, AVATAR_PROFILE, deps.imageMaxBytes);
  const key = newUploadKey('avatars', image.extension);
  await deps.storage.put(key, image.data);
  const updated = await updateAvatarPath(
    deps.db,
    actor.id,
    AVATAR_PATH + key.slice('avatars/'.length),
    nowIso(),
  ).catch(async (error: unknown) => {
    await deps.storage.delete(key);
    throw error;
  });
  if (!updated) {
    await deps.storage.delete(key);
    throw new AppError('UNAUTHENTICATED');
  }
  const oldKey = avatarKeyOf(actor.avatar_path);
  if (oldKey) await deps.storage.delete(oldKey);
  return toUserView(updated);
}

/** The bytes of an avatar by its served name; 404 when there is none. */
export async function readAvatar(
  storage: UploadStorage,
  name: string,
): Promise<{ data: Buffer; contentType: string }> {
  const key = `avatars/${name}`;
  const data = isUploadKey(key) ? await storage.get(key) : null;
  if (!data) throw new AppError('NOT_FOUND', 'Ese avatar no existe.');
  return { data, contentType: 'image/webp' };
}
