import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../db/database.ts';
import {
  findSearchPage,
  type ParsedSearch,
  type SearchPageData,
  type Searcher,
} from './search.service.ts';

// The database half of a search as a search worker thread runs it (workers/search.worker.ts),
// on SQLite: each thread keeps its own connection to the file (WAL lets it read while the main
// connection writes), so searches use the machine's other cores and never hold the main
// connection, which every other request needs.

export interface SearchTask {
  sqlitePath: string;
  searcher: Searcher;
  parsed: ParsedSearch;
}

const connections = new Map<string, DatabaseHandle>();
const SEARCH_MMAP_BYTES = 2 ** 30;
const SEARCH_CACHE_KIB = 128 * 1024;

export async function runSearchJob({
  sqlitePath,
  searcher,
  parsed,
}: SearchTask): Promise<SearchPageData> {
  let handle = connections.get(sqlitePath);
  if (!handle) {
    handle = createDatabase({ sqlitePath });
    // A search reads scattered pages of large indexes: memory-mapped reads (shared with the
    // OS page cache, no copy, no system call per page) and a larger page cache cut its time
    // by about a third at a million entries (bench/search.bench.ts).
    await sql`pragma mmap_size = ${sql.lit(SEARCH_MMAP_BYTES)}`.execute(handle.db);
    await sql`pragma cache_size = ${sql.lit(-SEARCH_CACHE_KIB)}`.execute(handle.db);
    connections.set(sqlitePath, handle);
  }
  return findSearchPage(handle.db, searcher, parsed);
}
