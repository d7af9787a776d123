import { PostgresAdapter, type Kysely } from 'kysely';
import type { DatabaseEngine } from './database.ts';

/** Which engine a Kysely instance talks to, for the few places where the SQL differs. */
export function engineOf(db: Kysely<unknown>): DatabaseEngine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
