import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SortCursor } from '../entries/index.ts';
import type { EntryViewRow } from '../card/index.ts';

/** What an export reads of each entry: the answered row and its place in the sort order. */
export type ExportRow = EntryViewRow & SortCursor;

/** The next `limit` live entries after `after` in sort order, as listEntriesAfter reads them. */
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
      'estado_revision',
      'id_externo',
      'registro_original',
    ])
    .where('glossary_id', '=', glossaryId)
    .where('eliminado_en', 'is', null);
  if (after) {
    query = query.where(({ eb, refTuple, tuple }) =>
      eb(refTuple('clave_orden', 'id'), '>', tuple(after.clave_orden, after.id)),
    );
  }
  return query.orderBy('clave_orden').orderBy('id').limit(limit);
}
