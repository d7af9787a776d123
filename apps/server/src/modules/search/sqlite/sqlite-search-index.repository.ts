import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { entryFiltersSql } from '../entry-filters.repository.ts';
import { glossaryTermMatchIds } from '../term-matches.repository.ts';
import type { GlossarySearch, SearchIndex, SearchPage } from '../search-index.ts';
import {
  PREFIX_END,
  TERM_COLUMNS,
  ftsPhrase,
  isShortQuery,
  type TermColumn,
} from '../search-index-terms.ts';
import { sqliteCheckDocs, sqliteRebuildDocs, sqliteReindex } from './search-docs.repository.ts';
import { sqliteCountInOrder, sqliteMatchInOrder } from './search-order.repository.ts';

/** Fewer matches are looked up and sorted; more are dense enough to walk the sort index. */
const SORT_MATCHES_BELOW = 2000;
/**
 * Up to this many live entries, a glossary's own rows are read for a substring rather than
 * `entries_fts`, whose intersection with the glossary's marker reads every glossary's matches.
 */
const SCAN_ENTRIES_UP_TO = 5000;

/** The FTS5 query: `query` in any of the columns. */
function ftsQuery(columns: readonly TermColumn[], query: string): string {
  return `{${columns.map((c) => TERM_COLUMNS[c]).join(' ')}} : ${ftsPhrase(query)}`;
}

/** Restricts an FTS5 query of `entries_fts` (live entries only) to one glossary's marker. */
function inGlossary(glossaryId: number, query: string): string {
  return `fts_glosario : ${ftsPhrase(`\u0001${glossaryId}\u0001`)} AND ${query}`;
}

async function isSmallGlossary(db: Kysely<Database>, glossaryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('glossaries')
    .select('num_entradas')
    .where('id', '=', glossaryId)
    .executeTakeFirst();
  return (row?.num_entradas ?? 0) <= SCAN_ENTRIES_UP_TO;
}

/** SQLite: `search_docs` and its indexes across glossaries, `entries_fts` inside one. */
export const sqliteSearchIndex: SearchIndex = {
  engine: 'sqlite',
  reindex: sqliteReindex,

  async searchGlossary(
    db,
    { glossaryId, query, orden, offset, limit, filters }: GlossarySearch,
  ): Promise<SearchPage> {
    const columns: TermColumn[] = ['origen', 'meta', 'subindice'];
    const direction = sql.raw(orden === 'desc' ? 'desc' : 'asc');
    // One or two characters: prefix ranges on the partial B-trees; otherwise the FTS matches.
    let own: RawBuilder<unknown>;
    if (isShortQuery(query)) {
      const end = query + PREFIX_END;
      own = sql.join(
        columns.map(
          (
            c,
          ) => sql`select id from entries where glossary_id = ${glossaryId} and eliminado_en is null
            and ${sql.ref(TERM_COLUMNS[c])} >= ${query} and ${sql.ref(TERM_COLUMNS[c])} < ${end}`,
        ),
        sql` union `,
      );
    } else if (await isSmallGlossary(db, glossaryId)) {
      const holds = sql.join(
        columns.map((c) => sql`instr(${sql.ref(TERM_COLUMNS[c])}, ${query}) > 0`),
        sql` or `,
      );
      own = sql`select id from entries where glossary_id = ${glossaryId} and eliminado_en is null
        and (${holds})`;
    } else {
      const match = inGlossary(glossaryId, ftsQuery(columns, query));
      own = sql`select rowid as id from entries_fts where entries_fts match ${match}`;
    }
    // The other terms of cards that hold a term list (`entry_terms`: plain cards have none).
    const listed = glossaryTermMatchIds(db, glossaryId, query);
    const ids = sql`${own} union select entry_id from ${listed}`;
    let matching = sql<number>`(${ids})`;
    let count = sql<{ n: number }>`select count(*) as n from (${ids})`;
    const narrowed = Boolean(filters?.estadoRevision ?? filters?.estadoTermino);
    if (narrowed) {
      // A filter narrows the matches through their rows; few enough to sort.
      const kept = entryFiltersSql(filters, 'e.id');
      count = sql<{ n: number }>`select count(*) as n from entries e
        where e.id in ${matching} and ${kept}`;
      matching = sql<number>`(select e.id from entries e where e.id in ${matching} and ${kept})`;
    }
    const total = Number((await count.execute(db)).rows[0]?.n ?? 0);
    if (total === 0 || offset >= total) return { ids: [], total };
    const { rows } =
      total < SORT_MATCHES_BELOW || narrowed
        ? // CROSS JOIN keeps the matches as the outer loop: one lookup per match, then a sort.
          await sql<{ id: number }>`
            select e.id from ${matching} m cross join entries e on e.id = m.id
            order by e.clave_orden ${direction}, e.id ${direction} limit ${limit} offset ${offset}`.execute(
            db,
          )
        : // Many matches: walk the sort index, keeping matches, until the page is full.
          await sql<{ id: number }>`
            select id from entries indexed by entries_sort_idx
            where glossary_id = ${glossaryId} and eliminado_en is null and id in ${matching}
            order by clave_orden ${direction}, id ${direction} limit ${limit} offset ${offset}`.execute(
            db,
          );
    return { ids: rows.map((r) => r.id), total };
  },

  matchInOrder: sqliteMatchInOrder,
  countInOrder: sqliteCountInOrder,

  rebuild: sqliteRebuildDocs,
  check: sqliteCheckDocs,
};
