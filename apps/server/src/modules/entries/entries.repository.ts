import type { Kysely } from 'kysely';
import type { Database, EntriesTable, EntryRow, EntryVersionRow } from '../../db/schema.ts';
import { entryFiltersSql, type EntryFilters } from '../search/index.ts';
import { chunks, ID_CHUNK } from './entry-rows.repository.ts';

/** Adds `delta` to the glossary's entry count (also takes the write lock on SQLite). */
export async function adjustEntryCount(db: Kysely<Database>, glossaryId: number, delta: number) {
  await db
    .updateTable('glossaries')
    .set((eb) => ({ num_entradas: eb('num_entradas', '+', delta) }))
    .where('id', '=', glossaryId)
    .execute();
}

export async function findEntryRow(
  db: Kysely<Database>,
  glossaryId: number,
  id: number,
  { includeDeleted = false }: { includeDeleted?: boolean } = {},
): Promise<EntryRow | undefined> {
  let query = db
    .selectFrom('entries')
    .selectAll()
    .where('id', '=', id)
    .where('glossary_id', '=', glossaryId);
  if (!includeDeleted) query = query.where('eliminado_en', 'is', null);
  return query.executeTakeFirst();
}

/** Entries by id (any glossary, live or not), in no particular order. */
export async function findEntryRowsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<EntryRow[]> {
  const out: EntryRow[] = [];
  for (const part of chunks([...new Set(ids)], ID_CHUNK)) {
    out.push(...(await db.selectFrom('entries').selectAll().where('id', 'in', part).execute()));
  }
  return out;
}

export type SortOrder = 'asc' | 'desc';

/** One page of a glossary's live entries in sort-key order (offset paging). */
export async function listEntryPage(
  db: Kysely<Database>,
  glossaryId: number,
  {
    orden,
    offset,
    limit,
    filters,
  }: { orden: SortOrder; offset: number; limit: number; filters?: EntryFilters },
): Promise<EntryRow[]> {
  return db
    .selectFrom('entries')
    .selectAll()
    .where('glossary_id', '=', glossaryId)
    .where('eliminado_en', 'is', null)
    .where(entryFiltersSql(filters, 'entries.id'))
    .orderBy('clave_orden', orden)
    .orderBy('id', orden)
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many live entries of a glossary pass the filters (review state, a term's status). */
export async function countFilteredEntries(
  db: Kysely<Database>,
  glossaryId: number,
  filters: EntryFilters,
): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('glossary_id', '=', glossaryId)
    .where('eliminado_en', 'is', null)
    .where(entryFiltersSql(filters, 'entries.id'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where a keyset walk over the sort order stopped. */
export interface SortCursor {
  clave_orden: string;
  id: number;
}

/** The next `limit` live entries after `after` in ascending sort-key order (keyset paging). */
export async function listEntriesAfter(
  db: Kysely<Database>,
  glossaryId: number,
  after: SortCursor | null,
  limit: number,
): Promise<EntryRow[]> {
  let query = db
    .selectFrom('entries')
    .selectAll()
    .where('glossary_id', '=', glossaryId)
    .where('eliminado_en', 'is', null);
  if (after) {
    // A row-value comparison is one range on entries_sort_idx on both engines; the OR form
    // makes SQLite scan the glossary from its start on every page.
    query = query.where((eb) =>
      eb(eb.refTuple('clave_orden', 'id'), '>', eb.tuple(after.clave_orden, after.id)),
    );
  }
  return query.orderBy('clave_orden').orderBy('id').limit(limit).execute();
}

/** The ids of a glossary's live entries (for `todas: true`), in sort-key order. */
export async function listLiveEntryIds(
  db: Kysely<Database>,
  glossaryId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('entries')
    .select('id')
    .where('glossary_id', '=', glossaryId)
    .where('eliminado_en', 'is', null)
    .orderBy('clave_orden')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Every live entry's pair of folded terms and concept id, for imports and copies to compare. */
export async function listKnownEntries(
  db: Kysely<Database>,
  glossaryId: number,
): Promise<
  Array<{ id: number; termino_origen_plegado: string; termino_meta_plegado: string; id_externo: string | null }>
> {
  return db
    .selectFrom('entries')
    .select(['id', 'termino_origen_plegado', 'termino_meta_plegado', 'id_externo'])
    .where('glossary_id', '=', glossaryId)
    .where('eliminado_en', 'is', null)
    .execute();
}

export async function listVersionRows(
  db: Kysely<Database>,
  entryId: number,
): Promise<EntryVersionRow[]> {
  return db
    .selectFrom('entry_versions')
    .selectAll()
    .where('entry_id', '=', entryId)
    .orderBy('version')
    .execute();
}

/** Changes a live entry; answers the row after the change, or undefined if it is gone. */
export async function updateEntryRow(
  db: Kysely<Database>,
  glossaryId: number,
  id: number,
  values: Pick<
    EntriesTable,
    | 'ficha'
    | 'termino_origen_plegado'
    | 'termino_meta_plegado'
    | 'subindice_plegado'
    | 'clave_orden'
    | 'comentarios_privados'
    | 'updated_at'
    | 'estado_revision'
  >,
): Promise<EntryRow | undefined> {
  return db
    .updateTable('entries')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('glossary_id', '=', glossaryId)
    .where('eliminado_en', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Replaces an entry's advanced-search rows: the delete trigger / GIN index follow. */
export async function deleteFieldRows(db: Kysely<Database>, entryId: number): Promise<void> {
  await db.deleteFrom('entry_fields').where('entry_id', '=', entryId).execute();
}

export async function softDeleteEntryRows(
  db: Kysely<Database>,
  glossaryId: number,
  ids: readonly number[],
  now: string,
): Promise<number> {
  let deleted = 0;
  for (const part of chunks([...new Set(ids)], ID_CHUNK)) {
    const result = await db
      .updateTable('entries')
      .set({ eliminado_en: now })
      .where('glossary_id', '=', glossaryId)
      .where('id', 'in', part)
      .where('eliminado_en', 'is', null)
      .executeTakeFirst();
    deleted += Number(result.numUpdatedRows);
  }
  return deleted;
}

/** Brings a soft-deleted entry back; answers the row, or undefined when it was not deleted. */
export async function recoverEntryRow(
  db: Kysely<Database>,
  glossaryId: number,
  id: number,
): Promise<EntryRow | undefined> {
  return db
    .updateTable('entries')
    .set({ eliminado_en: null })
    .where('id', '=', id)
    .where('glossary_id', '=', glossaryId)
    .where('eliminado_en', 'is not', null)
    .returningAll()
    .executeTakeFirst();
}

/** A batch of entries by id order, for maintenance walks (rebuild). */
export async function listEntryBatch(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<Array<EntryRow & { idioma_origen: string; idioma_meta: string }>> {
  return db
    .selectFrom('entries')
    .innerJoin('glossaries', 'glossaries.id', 'entries.glossary_id')
    .selectAll('entries')
    .select(['glossaries.idioma_origen', 'glossaries.idioma_meta'])
    .where('entries.id', '>', afterId)
    .orderBy('entries.id')
    .limit(limit)
    .execute();
}

/** Sets the derived columns of one entry (maintenance: the folding or the collation changed). */
export async function setDerivedColumns(
  db: Kysely<Database>,
  id: number,
  values: Pick<
    EntriesTable,
    'termino_origen_plegado' | 'termino_meta_plegado' | 'subindice_plegado' | 'clave_orden'
  >,
): Promise<void> {
  await db.updateTable('entries').set(values).where('id', '=', id).execute();
}

/** Live entry count of a glossary, counted from the rows (to check the stored num_entradas). */
export async function countLiveEntries(db: Kysely<Database>, glossaryId: number): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('glossary_id', '=', glossaryId)
    .where('eliminado_en', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The `entry_fields` rows of some entries (the write path's check). */
export async function listFieldRows(db: Kysely<Database>, entryIds: readonly number[]) {
  return db
    .selectFrom('entry_fields')
    .select(['entry_id', 'campo', 'valor_plegado', 'glossary_id'])
    .where('entry_id', 'in', entryIds)
    .execute();
}

/** The latest version row of each of some entries (the write path's check). */
export async function listLatestVersionRows(db: Kysely<Database>, entryIds: readonly number[]) {
  return db
    .selectFrom('entry_versions')
    .select(['entry_id', 'version', 'ficha'])
    .where('entry_id', 'in', entryIds)
    .where(({ eb, selectFrom }) =>
      eb(
        'version',
        '=',
        selectFrom('entry_versions as v2')
          .select(({ fn }) => fn.max('v2.version').as('m'))
          .whereRef('v2.entry_id', '=', 'entry_versions.entry_id'),
      ),
    )
    .execute();
}

/** Every glossary's id and stored entry count, trashed ones included. */
export async function listGlossaryCounts(db: Kysely<Database>) {
  return db.selectFrom('glossaries').select(['id', 'num_entradas']).execute();
}

export async function setEntryCount(db: Kysely<Database>, glossaryId: number, count: number) {
  await db
    .updateTable('glossaries')
    .set({ num_entradas: count })
    .where('id', '=', glossaryId)
    .execute();
}
