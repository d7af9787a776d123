import type { TermStatus } from '@ludoterm/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { entryFiltersSql } from './entry-filters.repository.ts';
import { isShortQuery, likeLiteral } from './search-index-terms.ts';
import type { CountedMatch, SearchTarget } from './search-order.ts';
import { scopeOf } from './search.repository.ts';

// The terms of the entries whose cards hold a term list (`entry_terms`; plain cards have none),
// matched against a search: the same folded, literal comparison as the entries' term columns.

/** A term that holds the query, with its entry's sort key. */
export interface TermMatchRow {
  id: number;
  k: string;
  posicion: number;
  idioma: string;
  termino: string;
  termino_plegado: string;
  estado: TermStatus;
  mostrado: number;
}

export type TermSearch = Pick<CountedMatch, 'scope' | 'query' | 'subindice' | 'filters'> & {
  target: Extract<SearchTarget, { kind: 'terms' | 'term' }>;
};

/** `column` starts with (one or two characters) or contains `text`, literally. */
function holds(column: string, text: string) {
  const pattern = isShortQuery(text) ? `${likeLiteral(text)}%` : `%${likeLiteral(text)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/**
 * The terms of live entries in scope that hold the query, at most `limit`: exact matches first,
 * then those that start with it, so a query matching more than `limit` keeps its best ones.
 */
export async function findTermMatchRows(
  db: Kysely<Database>,
  { scope, target, query, subindice, filters }: TermSearch,
  limit: number,
): Promise<TermMatchRow[]> {
  let matching = db
    .selectFrom('entry_terms as t')
    .innerJoin('entries as e', 'e.id', 't.entry_id')
    .select([
      't.entry_id as id',
      'e.clave_orden as k',
      't.posicion',
      't.idioma',
      't.termino',
      't.termino_plegado',
      't.estado',
      't.mostrado',
    ])
    .where('e.eliminado_en', 'is', null)
    .where('t.glossary_id', 'in', scopeOf(db, target, scope))
    .where(holds('t.termino_plegado', query))
    .where(entryFiltersSql(filters, 't.entry_id'));
  if (target.kind === 'term') matching = matching.where('t.idioma', '=', target.language);
  if (subindice) matching = matching.where(holds('e.subindice_plegado', subindice));
  const startsWith = `${likeLiteral(query)}%`;
  return matching
    .orderBy(
      sql`case when t.termino_plegado = ${query} then 0 when t.termino_plegado like ${startsWith} escape '\\' then 1 else 2 end`,
    )
    .limit(limit)
    .execute();
}

/** The live entries of one glossary with a listed term that holds the query (a subquery). */
export function glossaryTermMatchIds(db: Kysely<Database>, glossaryId: number, query: string) {
  return db
    .selectFrom('entry_terms as t')
    .innerJoin('entries as e', 'e.id', 't.entry_id')
    .select('t.entry_id')
    .where('t.glossary_id', '=', glossaryId)
    .where('e.eliminado_en', 'is', null)
    .where(holds('t.termino_plegado', query));
}

/** The sort keys of some entries, for merging them into a ranked list. */
export async function findSortKeys(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('entries')
    .select(['id', 'clave_orden'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.clave_orden]));
}
