import { sql, type RawBuilder } from 'kysely';
import type { EntryFilters } from './search-order.ts';

// The entry filters of a search (review state, a term of some status) as SQL, for both engines
// and for the glossary's own search and list.

/** Each filter as SQL on an entry id expression, one `?` for its value; both engines use these. */
export function entryFilterClauses(
  filters: EntryFilters | undefined,
  id: string,
): Array<{ text: string; value: string }> {
  const clauses: Array<{ text: string; value: string }> = [];
  if (filters?.estadoRevision) {
    clauses.push({
      text: `exists (select 1 from entries fe where fe.id = ${id} and fe.estado_revision = ?)`,
      value: filters.estadoRevision,
    });
  }
  const status = filters?.estadoTermino;
  if (status) {
    const holds = `exists (select 1 from entry_terms ft where ft.entry_id = ${id} and ft.estado = ?)`;
    clauses.push({
      text:
        status === 'preferido'
          ? `(not exists (select 1 from entry_terms fp where fp.entry_id = ${id}) or ${holds})`
          : holds,
      value: status,
    });
  }
  return clauses;
}

/** The entry filters on an entry id expression, as one condition (`true` when none). */
export function entryFiltersSql(
  filters: EntryFilters | undefined,
  id: string,
): RawBuilder<boolean> {
  const clauses = entryFilterClauses(filters, id).map(({ text, value }) => {
    const [before, after] = text.split('?') as [string, string];
    return sql<boolean>`${sql.raw(before)}${value}${sql.raw(after)}`;
  });
  return clauses.length === 0
    ? sql<boolean>`true`
    : sql<boolean>`(${sql.join(clauses, sql` and `)})`;
}
