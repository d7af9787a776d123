import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { PREFIX_END, WORD_SEPARATORS } from '../search-index-terms.ts';
import { SEARCH_UNORDERED_FROM } from './search-numbering.ts';
import type { SqlText } from './sql-text.repository.ts';
import { q, rowsOf } from './sql-text.repository.ts';

// `search_word_starts` holds each doc's text from every word start on (START_CHARS at most);
// triggers keep it in step, and a rebuild or reindex writes it in bulk.

/** Keep in step with migration 2026-11-26-067 (which keeps its own copy). */
const START_CHARS = 32;
const UNORDERED = q.int(SEARCH_UNORDERED_FROM);
const SEPARATORS = q.raw(
  `(${WORD_SEPARATORS.map((s) => `'${s.replaceAll("'", "''")}'`).join(', ')})`,
);

/** More word starts than this for a query, and the trigram index serves it better (in order). */
const WORD_STARTS_READ_UP_TO = 2000;

/** The word starts of the docs (`d`) in the results' order that `filter` selects. */
function wordStartsOfDocs(filter: SqlText = q`1`): SqlText {
  const ofColumn = (column: 'origen' | 'meta' | 'subindice') => {
    const text = q.raw(`d.${column}`);
    return q`select substr(${text}, p.n, ${q.int(START_CHARS)}) as start, d.search_id
      from search_docs d join search_positions p on p.n <= length(${text})
      where d.search_id < ${UNORDERED} and ${filter}
        and substr(${text}, p.n - 1, 1) in ${SEPARATORS}`;
  };
  return q`${ofColumn('origen')} union ${ofColumn('meta')} union ${ofColumn('subindice')}`;
}

/** Writes the word starts of every doc (a rebuild, with the triggers standing aside). */
export async function sqliteRewriteWordStarts(db: Kysely<Database>): Promise<void> {
  await rowsOf(db, q`delete from search_word_starts`);
  await rowsOf(
    db,
    q`insert into search_word_starts (start, search_id)
      select start, search_id from (${wordStartsOfDocs()}) order by 1, 2`,
  );
}

/** The word starts of a doc's texts, as `wordStartsOfDocs` finds them, without repeats. */
export function wordStartsOf(texts: readonly string[]): string[] {
  const separators: readonly string[] = WORD_SEPARATORS;
  const starts = new Set<string>();
  for (const text of texts) {
    const chars = Array.from(text);
    for (let i = 1; i < chars.length; i += 1) {
      if (separators.includes(chars[i - 1]!)) starts.add(chars.slice(i, i + START_CHARS).join(''));
    }
  }
  return [...starts];
}

/** Rows bound per insert statement (two parameters each). */
const ROWS_PER_INSERT = 500;

/** Inserts word-start rows, sorted so the table's B-tree takes them in order. */
export async function sqliteInsertWordStarts(
  db: Kysely<Database>,
  rows: Array<[start: string, searchId: number]>,
): Promise<void> {
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
    const values = rows
      .slice(from, from + ROWS_PER_INSERT)
      .map(([start, id]) => q`(${start}, ${BigInt(id)})`);
    await rowsOf(
      db,
      q`insert into search_word_starts (start, search_id) values ${q.join(values, ', ')}`,
    );
  }
}

/** Unordered docs (`d`) where a word starts with `query` and `filter` holds; null past the cap. */
export async function sqliteWordStartRows<Row>(
  db: Kysely<Database>,
  query: string,
  select: SqlText,
  filter: SqlText,
): Promise<Row[] | null> {
  const start = Array.from(query).slice(0, START_CHARS).join('');
  const range = q`w.start >= ${start} and w.start < ${start + PREFIX_END}`;
  const counted = await rowsOf<{ n: number }>(
    db,
    q`select count(*) as n from (select 1
      from search_word_starts w where ${range} limit ${WORD_STARTS_READ_UP_TO + 1})`,
  );
  if (counted[0]!.n > WORD_STARTS_READ_UP_TO) return null;
  return rowsOf<Row>(
    db,
    q`select distinct ${select} from search_word_starts w
      cross join search_docs d on d.search_id = w.search_id
      where ${range} and ${filter}`,
  );
}

/** Rows of search_word_starts missing or left over against the docs (empty when consistent). */
export async function sqliteCheckWordStarts(db: Kysely<Database>): Promise<string[]> {
  const expected = wordStartsOfDocs();
  const missing = await rowsOf<{ id: number; start: string }>(
    db,
    q`select d.entry_id as id, x.start from (${expected} except
        select start, search_id from search_word_starts) x
      join search_docs d on d.search_id = x.search_id limit 20`,
  );
  const extra = await rowsOf<{ search_id: number; start: string }>(
    db,
    q`select start, search_id from search_word_starts
      except select start, search_id from (${expected}) limit 20`,
  );
  return [
    ...missing.map((r) => `entrada ${r.id}: falta «${r.start}» en search_word_starts`),
    ...extra.map((r) => `search_word_starts: «${r.start}» de más (doc ${r.search_id})`),
  ];
}
