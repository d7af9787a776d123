import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  FieldMatch,
  GlossarySearch,
  IndexedEntry,
  IndexedField,
  SearchIndex,
  SearchPage,
  TermColumn,
  TermMatch,
} from './search-index.ts';
import {
  PREFIX_END,
  TERM_COLUMNS,
  WORD_SEPARATORS,
  ftsPhrase,
  isShortQuery,
  termColumnOf,
} from './search-index-terms.ts';

const CHUNK = 2000;

/**
 * Below this many matches the page is read by looking each match up and sorting them;
 * above it, by walking the glossary's sort index and keeping the matches (which stops as
 * soon as the page is full, since matches are then dense).
 */
const SORT_MATCHES_BELOW = 2000;

type EntriesBuilder = ExpressionBuilder<Database, 'entries'>;

/** `column` starts with `query`, as a range on the (glossary_id, column) B-tree. */
function startsWith(eb: EntriesBuilder, column: TermColumn, query: string): Expression<SqlBool> {
  const ref = TERM_COLUMNS[column];
  return eb.and([eb(ref, '>=', query), eb(ref, '<', query + PREFIX_END)]);
}

/** The FTS5 query: `phrase` in any of the columns. */
function ftsQuery(columns: readonly TermColumn[], phrases: readonly string[]): string {
  const filter = `{${columns.map((c) => TERM_COLUMNS[c]).join(' ')}}`;
  return `${filter} : (${phrases.map(ftsPhrase).join(' OR ')})`;
}

function matchingIds(match: string) {
  return sql<number>`(select rowid from entries_fts where entries_fts match ${match})`;
}

async function insertFts(
  db: Kysely<Database>,
  table: 'entries_fts' | 'entry_fields_fts',
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
): Promise<void> {
  const columnList = sql.join(['rowid', ...columns].map((c) => sql.ref(c)));
  const values = sql.join(['rowid', ...columns].map((_, i) => sql`value ->> ${sql.lit(i)}`));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await sql`insert into ${sql.table(table)} (${columnList}) select ${values} from json_each(${json})`.execute(
      db,
    );
  }
}

/** SQLite: FTS5 trigram tables plus B-trees on (glossary_id, folded column). */
export const sqliteSearchIndex: SearchIndex = {
  engine: 'sqlite',

  async addEntries(db, rows: readonly IndexedEntry[]) {
    await insertFts(
      db,
      'entries_fts',
      ['termino_origen_plegado', 'termino_meta_plegado', 'subindice_plegado'],
      rows.map((r) => [
        r.id,
        r.termino_origen_plegado,
        r.termino_meta_plegado,
        r.subindice_plegado,
      ]),
    );
  },

  async addFields(db, rows: readonly IndexedField[]) {
    await insertFts(
      db,
      'entry_fields_fts',
      ['valor_plegado'],
      rows.map((r) => [r.id, r.valor_plegado]),
    );
  },

  async searchGlossary(
    db,
    { glossaryId, query, orden, offset, limit }: GlossarySearch,
  ): Promise<SearchPage> {
    const columns: TermColumn[] = ['origen', 'meta', 'subindice'];
    const live = db
      .selectFrom('entries')
      .where('glossary_id', '=', glossaryId)
      .where('deleted_at', 'is', null);

    if (isShortQuery(query)) {
      const matching = live.where((eb) => eb.or(columns.map((c) => startsWith(eb, c, query))));
      const [count, page] = await Promise.all([
        matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        matching
          .select('id')
          .orderBy('clave_orden', orden)
          .orderBy('id', orden)
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return { ids: page.map((r) => r.id), total: Number(count.n) };
    }

    const match = ftsQuery(columns, [query]);
    const count = await live
      .where('id', 'in', matchingIds(match))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const total = Number(count.n);
    if (total === 0 || offset >= total) return { ids: [], total };
    const direction = sql.raw(orden === 'desc' ? 'desc' : 'asc');
    const { rows } =
      total < SORT_MATCHES_BELOW
        ? // CROSS JOIN keeps the matches as the outer loop: one lookup per match, then a sort.
          await sql<{ id: number }>`
            select e.id from (select rowid as id from entries_fts where entries_fts match ${match}) m
            cross join entries e on e.id = m.id
            where e.glossary_id = ${glossaryId} and e.deleted_at is null
            order by e.clave_orden ${direction}, e.id ${direction} limit ${limit} offset ${offset}`.execute(
            db,
          )
        : await sql<{ id: number }>`
            select id from entries indexed by entries_sort_idx
            where glossary_id = ${glossaryId} and deleted_at is null and id in ${matchingIds(match)}
            order by clave_orden ${direction}, id ${direction} limit ${limit} offset ${offset}`.execute(
            db,
          );
    return { ids: rows.map((r) => r.id), total };
  },

  async matchTerms(db, { glossaryIds, query, tier, columns, limit }: TermMatch): Promise<number[]> {
    if (glossaryIds.length === 0 || columns.length === 0) return [];
    let select = db
      .selectFrom('entries')
      .select('id')
      .where('glossary_id', 'in', glossaryIds)
      .where('deleted_at', 'is', null)
      .limit(limit);
    if (tier === 'exact') {
      select = select.where((eb) => eb.or(columns.map((c) => eb(TERM_COLUMNS[c], '=', query))));
    } else if (tier === 'prefix' || isShortQuery(query)) {
      if (tier !== 'prefix') return [];
      select = select.where((eb) => eb.or(columns.map((c) => startsWith(eb, c, query))));
    } else {
      const phrases = tier === 'word' ? WORD_SEPARATORS.map((s) => s + query) : [query];
      select = select.where('id', 'in', matchingIds(ftsQuery(columns, phrases)));
    }
    return (await select.execute()).map((r) => r.id);
  },

  async matchField(db, { glossaries, campo, query, limit }: FieldMatch): Promise<number[]> {
    if (campo.startsWith('termino.') || campo === 'subindice') {
      const byColumn = new Map<TermColumn, number[]>();
      for (const g of glossaries) {
        const column = termColumnOf(campo, g);
        if (column) byColumn.set(column, [...(byColumn.get(column) ?? []), g.id]);
      }
      const ids: number[] = [];
      for (const [column, glossaryIds] of byColumn) {
        const tier = isShortQuery(query) ? 'prefix' : 'substring';
        ids.push(
          ...(await this.matchTerms(db, { glossaryIds, query, tier, columns: [column], limit })),
        );
        if (ids.length >= limit) break;
      }
      return ids.slice(0, limit);
    }
    const glossaryIds = glossaries.map((g) => g.id);
    if (glossaryIds.length === 0) return [];
    let select = db
      .selectFrom('entry_fields as f')
      .innerJoin('entries as e', 'e.id', 'f.entry_id')
      .select('f.entry_id')
      .distinct()
      .where('f.glossary_id', 'in', glossaryIds)
      .where('f.campo', '=', campo)
      .where('e.deleted_at', 'is', null)
      .limit(limit);
    select = isShortQuery(query)
      ? select
          .where('f.valor_plegado', '>=', query)
          .where('f.valor_plegado', '<', query + PREFIX_END)
      : select.where(
          'f.id',
          'in',
          sql<number>`(select rowid from entry_fields_fts where entry_fields_fts match ${ftsPhrase(query)})`,
        );
    return (await select.execute()).map((r) => r.entry_id);
  },

  async rebuildStructures(db) {
    await sql`insert into entries_fts(entries_fts) values ('rebuild')`.execute(db);
    await sql`insert into entry_fields_fts(entry_fields_fts) values ('rebuild')`.execute(db);
    await sql`insert into entries_fts(entries_fts) values ('optimize')`.execute(db);
    await sql`insert into entry_fields_fts(entry_fields_fts) values ('optimize')`.execute(db);
  },
};
