import { Kysely, SqliteDialect } from 'kysely';
import { openSqlite, withPreparedStatements } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import {
  findSearchAnswer,
  type ParsedSearch,
  type SearchAnswer,
  type Searcher,
} from './search.service.ts';

// A search on a SQLite search thread (workers/search.worker.ts), on a connection of its own (WAL
// lets it read while the main one writes), so it never holds the one every request needs.

export interface SearchTask {
  sqlitePath: string;
  searcher: Searcher;
  parsed: ParsedSearch;
}

const connections = new Map<string, Kysely<Database>>();
/** As much of the file as SQLite maps (its build's limit, 0x7fff0000: 2 GB less 64 KiB). */
const SEARCH_MMAP_BYTES = 0x7fff0000;
const SEARCH_CACHE_KIB = 128 * 1024;

function openSearchConnection(sqlitePath: string): Kysely<Database> {
  const sqlite = openSqlite(sqlitePath);
  // A search reads scattered pages of large indexes: memory-mapped reads share the OS page
  // cache without a copy or a system call per page.
  sqlite.pragma(`mmap_size = ${SEARCH_MMAP_BYTES}`);
  sqlite.pragma(`cache_size = ${-SEARCH_CACHE_KIB}`);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withPreparedStatements(sqlite) }),
  });
}

function connectionTo(sqlitePath: string): Kysely<Database> {
  let db = connections.get(sqlitePath);
  if (!db) {
    db = openSearchConnection(sqlitePath);
    connections.set(sqlitePath, db);
  }
  return db;
}

export async function runSearchJob({
  sqlitePath,
  searcher,
  parsed,
}: SearchTask): Promise<SearchAnswer> {
  return findSearchAnswer(connectionTo(sqlitePath), searcher, parsed);
}
