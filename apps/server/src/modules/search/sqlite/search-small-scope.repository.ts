import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import {
  TIE_BREAK_SQL,
  toRankedMatches,
  type OrderedMatch,
  type OrderedRow,
  type RankedMatch,
  type SearchScope,
  type SearchTarget,
} from '../search-order.ts';
import {
  narrowingFilter,
  onSources,
  scopeText,
  selectOf,
  sourcesText,
  tierSql,
} from './search-conditions.repository.ts';
import { q, rowsOf } from './sql-text.repository.ts';

// A scope of few entries among many (a user's own glossaries, usually) is searched by reading
// its entries through their glossary's index: that work follows the scope, while a walk of the
// trigram index in result order steps over the matches of every glossary outside it.

/**
 * A scope is small with up to this many live entries, when the installation holds more than
 * SMALL_SCOPE_SHARE times as many and more than this many: below that, the walk is short anyway.
 */
export const SMALL_SCOPE_ENTRIES = 20_000;
const SMALL_SCOPE_SHARE = 4;

type TermTarget = Exclude<SearchTarget, { kind: 'field' }>;

export async function isSmallScope(
  db: Kysely<Database>,
  target: SearchTarget,
  scope: SearchScope,
): Promise<boolean> {
  if (target.kind === 'field') return false;
  const rows = await rowsOf<{ inScope: number | null; all: number | null }>(
    db,
    q`select sum(num_entradas) filter (where id in ${scopeText(db, target, scope)}) as inScope,
        sum(num_entradas) as "all"
      from glossaries where eliminado_en is null`,
  );
  const inScope = rows[0]!.inScope ?? 0;
  const all = rows[0]!.all ?? 0;
  return (
    all > SMALL_SCOPE_ENTRIES && inScope <= SMALL_SCOPE_ENTRIES && inScope * SMALL_SCOPE_SHARE < all
  );
}

/** The first `m.limit` matches of one tier (or any) in a small scope, in the results' order. */
export async function smallScopeInOrder(
  db: Kysely<Database>,
  m: OrderedMatch & { target: TermTarget },
): Promise<RankedMatch[]> {
  const sources = sourcesText(db, m.target, m.scope);
  const tiers = tierSql(m.query, (condition) => onSources(sources, condition));
  const wanted = m.tier === 'any' ? tiers.any : tiers.only[m.tier];
  // The entries under the docs' column names, which the conditions read.
  const docs = q`(select id as entry_id, glossary_id, clave_orden,
      termino_origen_plegado as origen, termino_meta_plegado as meta,
      subindice_plegado as subindice
    from entries where eliminado_en is null
      and glossary_id in ${scopeText(db, m.target, m.scope)}) d`;
  const rows = await rowsOf<OrderedRow>(
    db,
    q`select ${selectOf(tiers.rank, false)} from ${docs}
      where ${wanted} and ${narrowingFilter(m)}
      order by d.clave_orden, ${q.raw(TIE_BREAK_SQL('d.entry_id'))}, d.entry_id
      limit ${m.limit}`,
  );
  return toRankedMatches(rows, m.limit);
}
