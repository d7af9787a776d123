import type { Kysely } from 'kysely';
import { engineOf } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { postgresSearchIndex } from './postgres/postgres-search-index.repository.ts';
import type { SearchIndex } from './search-index.ts';
import { sqliteSearchIndex } from './sqlite/sqlite-search-index.repository.ts';

/** The search index of the engine this Kysely instance (or transaction) talks to. */
export function searchIndexFor(db: Kysely<Database>): SearchIndex {
  return engineOf(db as unknown as Kysely<unknown>) === 'postgres'
    ? postgresSearchIndex
    : sqliteSearchIndex;
}
