import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { sha256Hex } from './sha256.ts';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Counters older than this are removed now and then (no window is longer than a minute). */
const STALE_AFTER_MS = 10 * 60_000;

/** A @fastify/rate-limit store in a table, so the limit counts every instance's requests. */
export function databaseRateLimitStore(db: Kysely<Database>) {
  class DatabaseRateLimitStore {
    // The plugin passes its options first; children get their route's prefix second.
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, done: Counted, timeWindow: number): void {
      const now = Date.now();
      const expired = sql<boolean>`rate_limit_counters.window_started_ms <= ${now - timeWindow}`;
      db.insertInto('rate_limit_counters')
        // Keys hold client addresses: only their hash is stored.
        .values({ key: sha256Hex(this.prefix + key), window_started_ms: now, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            window_started_ms: sql`case when ${expired} then ${now} else rate_limit_counters.window_started_ms end`,
            hits: sql`case when ${expired} then 1 else rate_limit_counters.hits + 1 end`,
          }),
        )
        .returning(['window_started_ms', 'hits'])
        .executeTakeFirstOrThrow()
        .then((row) => {
          done(null, { current: row.hits, ttl: Number(row.window_started_ms) + timeWindow - now });
          // About one request in a thousand sweeps the counters nobody has used for a while.
          if (Math.random() < 0.001) void removeStaleCounters(db, now - STALE_AFTER_MS);
        }, done);
    }

    child(routeOptions: object) {
      const { method, url } = (routeOptions as { routeInfo: { method: string; url: string } })
        .routeInfo;
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${method}${url}-`);
    }
  }
  return DatabaseRateLimitStore;
}

async function removeStaleCounters(db: Kysely<Database>, before: number): Promise<void> {
  await db
    .deleteFrom('rate_limit_counters')
    .where('window_started_ms', '<', before)
    .execute()
    .catch(() => undefined);
}
