import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { entryFiltersSql } from '../entry-filters.repository.ts';
import { glossaryTermMatchIds } from '../term-matches.repository.ts';
import type { GlossarySearch, SearchIndex, SearchPage } from '../search-index.ts';
import { TERM_COLUMNS, isShortQuery, likeLiteral, type TermColumn } from '../search-index-terms.ts';
import { postgresCountInOrder, postgresMatchInOrder } from './search-order.repository.ts';

type EntriesBuilder = ExpressionBuilder<Database, 'entries'>;

/** The indexed prefix of a folded column (see the migration: B-tree keys have a size limit). */
function indexedPrefix(column: TermColumn) {
  return sql<string>`left(${sql.ref(TERM_COLUMNS[column])}, 200)`;
}

function startsWith(eb: EntriesBuilder, column: TermColumn, query: string): Expression<SqlBool> {
  const pattern = `${likeLiteral(Array.from(query).slice(0, 200).join(''))}%`;
  return eb(indexedPrefix(column), 'like', pattern);
}

function contains(eb: EntriesBuilder, column: TermColumn, piece: string): Expression<SqlBool> {
  return eb(TERM_COLUMNS[column], 'like', `%${likeLiteral(piece)}%`);
}

/** Bulk writes from this many entries refresh the planner's statistics. */
const ANALYZE_AFTER = 10_000;

/** PostgreSQL: pg_trgm GIN indexes for substrings, B-trees on the first 200 characters. */
export const postgresSearchIndex: SearchIndex = {
  engine: 'postgres',

  // The GIN and B-tree indexes follow every write by themselves; after a bulk write the
  // planner needs fresh statistics to choose between them.
  async reindex(tx, entryIds) {
    if (entryIds.length < ANALYZE_AFTER) return;
    await sql`analyze entries, entry_versions, entry_fields`.execute(tx);
  },

  async searchGlossary(
    db,
    { glossaryId, query, orden, offset, limit, filters }: GlossarySearch,
  ): Promise<SearchPage> {
    const columns: TermColumn[] = ['origen', 'meta', 'subindice'];
    const short = isShortQuery(query);
    let matching = db
      .selectFrom('entries')
      .where('glossary_id', '=', glossaryId)
      .where('eliminado_en', 'is', null);
    matching = matching.where(entryFiltersSql(filters, 'entries.id'));
    matching = matching.where((eb) =>
      eb.or([
        ...columns.map((c) => (short ? startsWith(eb, c, query) : contains(eb, c, query))),
        eb('id', 'in', glossaryTermMatchIds(db, glossaryId, query)),
      ]),
    );
    const count = await matching
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const total = Number(count.n);
    if (total === 0 || offset >= total) return { ids: [], total };
    const page = await matching
      .select('id')
      .orderBy('clave_orden', orden)
      .orderBy('id', orden)
      .limit(limit)
      .offset(offset)
      .execute();
    return { ids: page.map((r) => r.id), total };
  },

  matchInOrder: postgresMatchInOrder,
  countInOrder: postgresCountInOrder,

  // pg_trgm and B-tree indexes are PostgreSQL's own: nothing of ours can drift.
  async check() {
    return [];
  },

  async rebuild(db) {
    for (const index of [
      'entries_origen_trgm_idx',
      'entries_meta_trgm_idx',
      'entries_subindice_trgm_idx',
      'entry_fields_valor_trgm_idx',
    ]) {
      await sql`reindex index ${sql.id(index)}`.execute(db);
    }
    await sql`analyze entries`.execute(db);
    await sql`analyze entry_fields`.execute(db);
  },
};
