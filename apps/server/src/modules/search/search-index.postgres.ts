import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  FieldMatch,
  GlossarySearch,
  SearchIndex,
  SearchPage,
  TermColumn,
  TermMatch,
} from './search-index.ts';
import { TERM_COLUMNS, WORD_SEPARATORS, isShortQuery, likeLiteral } from './search-index-terms.ts';
import { matchFieldIn } from './search-index-field.ts';
import { postgresCountInOrder, postgresMatchInOrder } from './search-order.postgres.ts';

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

/** PostgreSQL: pg_trgm GIN indexes for substrings, B-trees on the first 200 characters. */
export const postgresSearchIndex: SearchIndex = {
  engine: 'postgres',
  defersIndexing: false,

  // The GIN and B-tree indexes follow every insert by themselves.
  async addEntries() {},
  async indexInserted() {},
  async indexAfterCommit() {},
  async indexPendingTerms() {},
  async indexLater() {},
  async indexPending() {},
  async addFields() {},

  async searchGlossary(
    db,
    { glossaryId, query, orden, offset, limit }: GlossarySearch,
  ): Promise<SearchPage> {
    const columns: TermColumn[] = ['origen', 'meta', 'subindice'];
    const short = isShortQuery(query);
    const matching = db
      .selectFrom('entries')
      .where('glossary_id', '=', glossaryId)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or(columns.map((c) => (short ? startsWith(eb, c, query) : contains(eb, c, query)))),
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

  async matchTerms(db, { glossaryIds, query, tier, columns, limit }: TermMatch): Promise<number[]> {
    if (glossaryIds.length === 0 || columns.length === 0) return [];
    if (tier !== 'exact' && tier !== 'prefix' && isShortQuery(query)) return [];
    const rows = await db
      .selectFrom('entries')
      .select('id')
      .where('glossary_id', 'in', glossaryIds)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or(
          columns.flatMap((c) => {
            if (tier === 'exact') {
              return [
                eb.and([
                  eb(indexedPrefix(c), '=', sql<string>`left(${query}, 200)`),
                  eb(TERM_COLUMNS[c], '=', query),
                ]),
              ];
            }
            if (tier === 'prefix') return [startsWith(eb, c, query)];
            if (tier === 'word') return WORD_SEPARATORS.map((s) => contains(eb, c, s + query));
            return [contains(eb, c, query)];
          }),
        ),
      )
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  async matchField(db, params: FieldMatch): Promise<number[]> {
    return matchFieldIn(this, db, params);
  },

  matchInOrder: postgresMatchInOrder,
  countInOrder: postgresCountInOrder,

  async rebuildStructures(db) {
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
