import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { PREFIX_END, isShortQuery } from '../search-index-terms.ts';
import { FIELD_SLOTS, SEARCH_UNORDERED_FROM } from './search-numbering.ts';
import { q, rowsOf } from './sql-text.repository.ts';
import {
  compareOrder,
  ftsContains,
  ftsWordStart,
  toRankedMatches,
  type OrderedMatch,
  type OrderedRow,
  type RankedMatch,
} from '../search-order.ts';
import {
  UNORDERED,
  SORT_CANDIDATES_UP_TO,
  scopeText,
  tierSql,
  narrowingFilter,
  inOrder,
  selectOf,
} from './search-conditions.repository.ts';

// Advanced search on a card field: `search_field_fts` holds each value under its doc's number
// times FIELD_SLOTS plus the field's code, so its matches also come in result order.

const FIELD_UNORDERED = q.int(SEARCH_UNORDERED_FROM * FIELD_SLOTS);
const fieldCodes = new Map<string, number | null>();

/** The code of a card field in search_field_fts (fixed by migration 041). */
async function fieldCodeOf(db: Kysely<Database>, campo: string): Promise<number | null> {
  if (!fieldCodes.has(campo)) {
    const rows = await rowsOf<{ code: number }>(
      db,
      q`select code from search_fields where campo = ${campo}`,
    );
    fieldCodes.set(campo, rows[0]?.code ?? null);
  }
  return fieldCodes.get(campo)!;
}

export async function matchFieldInOrder(
  db: Kysely<Database>,
  m: OrderedMatch & { target: { kind: 'field'; campo: string } },
): Promise<RankedMatch[]> {
  const { campo } = m.target;
  const code = await fieldCodeOf(db, campo);
  if (code === null) return [];
  const tiers = tierSql(m.query, (condition) => condition(q.raw('v.valor_plegado')));
  const wanted = m.tier === 'any' ? tiers.any : tiers.only[m.tier];
  const scope = scopeText(db, m.target, m.scope);
  const select = selectOf(tiers.rank);
  const filter = q`d.glossary_id in ${scope} and ${wanted} and ${narrowingFilter(m)}`;
  const short = isShortQuery(m.query);

  // Through the B-tree on (campo, first two characters): read whole and sorted when few.
  if (m.tier === 'exact' || m.tier === 'prefix' || (m.tier === 'any' && short)) {
    const head = Array.from(m.query).slice(0, 2).join('');
    const rows = await rowsOf<OrderedRow>(
      db,
      q`select ${select} from entry_fields v
        cross join search_docs d on d.entry_id = v.entry_id
        where v.campo = ${campo} and substr(v.valor_plegado, 1, 2) >= ${head}
          and substr(v.valor_plegado, 1, 2) < ${head + PREFIX_END} and ${filter}
        limit ${SORT_CANDIDATES_UP_TO + 1}`,
    );
    if (rows.length <= SORT_CANDIDATES_UP_TO) {
      return toRankedMatches(rows.sort(compareOrder), m.limit);
    }
  }

  const fieldJoin = q`cross join entry_fields v on v.entry_id = d.entry_id and v.campo = ${campo}`;
  const unordered = q`select ${select} from search_docs d ${fieldJoin}
    where d.search_id >= ${UNORDERED} and ${filter}`;
  if (short) {
    const rows = await inOrder(
      db,
      (withKey) => q`select ${selectOf(tiers.rank, withKey)} from search_docs d ${fieldJoin}
        where d.search_id < ${UNORDERED} and ${filter} order by d.search_id limit ${m.limit}`,
      unordered,
      m.limit,
    );
    return toRankedMatches(rows, m.limit);
  }

  const match = m.tier === 'word' ? ftsWordStart(m.query) : ftsContains(m.query);
  const rows = await inOrder(
    db,
    (withKey) => q`select ${selectOf(tiers.rank, withKey)}
      from search_field_fts f
      cross join search_docs d on d.search_id = f.rowid / ${q.int(FIELD_SLOTS)}
      ${fieldJoin}
      where search_field_fts match ${match} and f.rowid % ${q.int(FIELD_SLOTS)} = ${q.int(code)}
        and f.rowid < ${FIELD_UNORDERED} and ${filter}
      order by f.rowid limit ${m.limit}`,
    unordered,
    m.limit,
  );
  return toRankedMatches(rows, m.limit);
}
