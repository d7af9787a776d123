import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SortCursor } from '../entries/index.ts';
import type { EntryViewRow } from '../card/index.ts';

/** What an export reads of each entry: the answered row and its place in the sort order. */
export type ExportRow = EntryViewRow & SortCursor;

/**
 * The next `limit` live entries of a glossary after `after`, in ascending sort-key order, with
 * only the columns an export writes. The cursor is compared as a row value,
 * `(clave_orden, id) > (?, ?)`, which both engines answer with a range scan of
 * `entries_sort_idx` starting at the cursor; the equivalent `a > ? or (a = ? and b > ?)` makes
 * SQLite scan the glossary's index from its start on every page, quadratic over a large export.
 */
export async function listExportRows(
  db: Kysely<Database>,
  glossaryId: number,
  after: SortCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  return exportRowsQuery(db, glossaryId, after, limit).execute();
}

/** The query of `listExportRows`, unexecuted (its plan is tested). */
export function exportRowsQuery(
  db: Kysely<Database>,
  glossaryId: number,
  after: SortCursor | null,
  limit: number,
) {
  let query = db
    .selectFrom('entries')
    .select([
      'id',
      'clave_orden',
      'ficha',
      'author_id',
      'autor',
      'comentarios_privados',
      'fecha_creacion',
      'created_at',
      'updated_at',
      'origen_glosario',
      'origen_entrada_id',
      'origen_version',
    ])
    .where('glossary_id', '=', glossaryId)
    .where('deleted_at', 'is', null);
  if (after) {
    query = query.where(({ eb, refTuple, tuple }) =>
      eb(refTuple('clave_orden', 'id'), '>', tuple(after.clave_orden, after.id)),
    );
  }
  return query.orderBy('clave_orden').orderBy('id').limit(limit);
}
