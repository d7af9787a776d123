import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sha256Hex } from '../../lib/sha256.ts';
import { LOGIN_FAILURE_WINDOW_MS, type LoginFailureStore } from './login-failures.ts';

/** Failed sign-ins counted across instances; keys name people, so only their hash is stored. */
export function createDatabaseLoginFailureStore(db: Kysely<Database>): LoginFailureStore {
  return {
    async recent(key, windowMs) {
      const rows = await db
        .selectFrom('login_failures')
        .select('failed_at_ms')
        .where('key', '=', sha256Hex(key))
        .where('failed_at_ms', '>', Date.now() - windowMs)
        .orderBy('failed_at_ms')
        .execute();
      return rows.map((r) => Number(r.failed_at_ms));
    },
    async record(key) {
      const now = Date.now();
      await db
        .insertInto('login_failures')
        .values({ key: sha256Hex(key), failed_at_ms: now })
        .execute();
      // Now and then every failure older than the window goes; reads skip them anyway.
      if (Math.random() < 0.01) {
        await db
          .deleteFrom('login_failures')
          .where('failed_at_ms', '<=', now - LOGIN_FAILURE_WINDOW_MS)
          .execute();
      }
    },
    async clear(key) {
      await db.deleteFrom('login_failures').where('key', '=', sha256Hex(key)).execute();
    },
  };
}
