import { threadId } from 'node:worker_threads';
import { Kysely, SqliteDialect } from 'kysely';
import { openSqlite, withPreparedStatements } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { mapSearchPages } from './search-pages.sqlite.ts';
import {
  findSearchAnswer,
  parseSearch,
  type ParsedSearch,
  type SearchAnswer,
  type Searcher,
} from './search.service.ts';

// A search as a search worker thread runs it (workers/search.worker.ts),
// on SQLite: each thread keeps its own connection to the file (WAL lets it read while the main
// connection writes), so searches use the machine's other cores and never hold the main
// connection, which every other request needs.

export interface SearchTask {
  sqlitePath: string;
  searcher: Searcher;
  parsed: ParsedSearch;
}

/**
 * What the search pool runs once a little after the server starts (search.routes.ts): the
 * thread starts, opens its connection, maps the search's pages (search-pages.sqlite.ts) and
 * runs a few searches, so the first users' searches do not wait for all that (about half a
 * second for the first, and a third more time for each of the next thousand, at a million
 * entries).
 */
export interface SearchWarmUpTask {
  tipo: 'calentar';
  sqlitePath: string;
}

const connections = new Map<string, Kysely<Database>>();
/** As much of the file as SQLite maps (its build's limit, 0x7fff0000: 2 GB less 64 KiB). */
const SEARCH_MMAP_BYTES = 0x7fff0000;
const SEARCH_CACHE_KIB = 128 * 1024;

function openSearchConnection(sqlitePath: string): Kysely<Database> {
  const sqlite = openSqlite(sqlitePath);
  // A search reads scattered pages of large indexes: memory-mapped reads (shared with the
  // OS page cache, no copy, no system call per page) and a larger page cache cut its time
  // by about a third at a million entries (bench/search.bench.ts).
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

/** An administrator's searches (every glossary): one per kind of statement they run. */
const WARM_UP_SEARCHES = [
  { termino: 'po' },
  { termino: 'poci' },
  { termino: 'jefe final' },
  { definicion: 'jugador' },
];

/** The searches run, the results ignored. Answers the thread's id (which thread warmed up). */
export async function warmUpSearch({ sqlitePath }: SearchWarmUpTask): Promise<number> {
  const db = connectionTo(sqlitePath);
  await mapSearchPages(db);
  const admin: Searcher = { id: 0, role: 'admin' };
  for (const params of WARM_UP_SEARCHES) await findSearchAnswer(db, admin, parseSearch(params));
  return threadId;
}

export function isSearchWarmUp(task: SearchTask | SearchWarmUpTask): task is SearchWarmUpTask {
  return 'tipo' in task && task.tipo === 'calentar';
}
