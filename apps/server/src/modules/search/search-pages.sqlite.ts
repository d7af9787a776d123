import { totalmem } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// A search thread's connection reads the database through a memory map (search-job.ts), and
// every page it meets for the first time costs a page fault: in a virtual machine a costly
// one, a third of a search's time during the connection's first thousand different searches
// at a million entries (ADR 0010). Reading the search's structures once when the thread warms
// up maps their pages before any user waits for them.

/**
 * The B-trees a search reads, most read first: the quick search's (trigrams, docs, the
 * folded terms' and word starts' B-trees, the entries a page shows), then the advanced
 * search's (the card fields' trigrams and rows).
 */
export const SEARCH_BTREES = [
  'search_terms_fts_data',
  'search_terms_fts_idx',
  'search_docs',
  'search_docs_origen_idx',
  'search_docs_meta_idx',
  'search_docs_subindice_idx',
  'search_word_starts',
  'entries',
  'search_field_fts_data',
  'search_field_fts_idx',
  'entry_fields',
  'entry_fields_prefix_idx',
  'sqlite_autoindex_search_docs_1',
] as const;

/**
 * How much each connection maps at most: 1 GB, or an eighth of the machine's memory when that
 * is less, so that a database larger than memory is not read whole. At a million entries the
 * quick search's structures take about 700 MB, the advanced search's 300.
 */
const SEARCH_PAGES_BUDGET_BYTES = Math.min(1024 * 1024 * 1024, Math.floor(totalmem() / 8));

/**
 * Reads every page of the search's B-trees, in SEARCH_BTREES order, until `budgetBytes` are
 * read (the B-tree that crosses it is read whole). Answers the bytes read. `dbstat` walks a
 * B-tree page by page through the connection, overflow pages included, so the pages end up
 * mapped in this connection.
 */
export async function mapSearchPages(
  db: Kysely<Database>,
  budgetBytes = SEARCH_PAGES_BUDGET_BYTES,
): Promise<number> {
  let bytes = 0;
  for (const name of SEARCH_BTREES) {
    if (bytes >= budgetBytes) break;
    const { rows } = await sql<{ bytes: number | null }>`
      select sum(pgsize) as bytes from dbstat where name = ${name}`.execute(db);
    bytes += rows[0]?.bytes ?? 0;
  }
  return bytes;
}
