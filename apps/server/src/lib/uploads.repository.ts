import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowIso } from './clock.ts';
import { isUploadKey, type UploadStorage } from './storage.ts';

/** Files in the `uploads` table, so every instance on one PostgreSQL database serves them. */
export function createDatabaseStorage(db: Kysely<Database>): UploadStorage {
  return {
    async put(key, data) {
      if (!isUploadKey(key)) throw new Error(`clave de almacenamiento no válida: ${key}`);
      await db
        .insertInto('uploads')
        .values({ key, data, created_at: nowIso() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ data }))
        .execute();
    },
    async get(key) {
      if (!isUploadKey(key)) return null;
      const row = await db
        .selectFrom('uploads')
        .select('data')
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? Buffer.from(row.data) : null;
    },
    async delete(key) {
      if (!isUploadKey(key)) return;
      await db.deleteFrom('uploads').where('key', '=', key).execute();
    },
  };
}
