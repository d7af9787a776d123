import { CompiledQuery, sql, type Kysely } from 'kysely';
import { engineOf } from '../../db/engine.ts';
import type {
  Database,
  EntriesTable,
  EntryFieldsTable,
  EntryRow,
  EntryVersionRow,
  EntryVersionsTable,
} from '../../db/schema.ts';

/** Rows per statement in bulk writes: large enough to amortise, small enough for pg's limits. */
const BULK_CHUNK = 2000;
/** Ids per `in (…)` list (SQLite allows 32,766 parameters). */
const ID_CHUNK = 5000;

export type EntryInsertRow = Omit<EntriesTable, 'id'> & { id: number };
/** entry_fields rows take their ids from the table (nothing refers to them). */
export type EntryFieldInsertRow = Omit<EntryFieldsTable, 'id'>;
export type EntryVersionInsertRow = EntryVersionsTable;

/** Which engine a query runs on, for the few statements that differ. */
export function isPostgresDb(db: Kysely<Database>): boolean {
  return engineOf(db as unknown as Kysely<unknown>) === 'postgres';
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Parameters per multi-row statement on SQLite (which binds at most 32,766). */
const SQLITE_PARAMS = 4000;

/**
 * Inserts many rows with few statements: PostgreSQL takes one JSON parameter per chunk; SQLite
 * multi-row `values` with the same text for every full chunk, so it is prepared once.
 */
async function insertRows<T extends object>(
  db: Kysely<Database>,
  table: 'entries' | 'entry_versions' | 'entry_fields',
  columns: ReadonlyArray<keyof T & string>,
  rows: readonly T[],
): Promise<void> {
  if (rows.length === 0) return;
  if (isPostgresDb(db)) {
    const columnList = sql.join(columns.map((c) => sql.ref(c)));
    for (const part of chunks(rows, BULK_CHUNK)) {
      const json = JSON.stringify(part);
      await sql`insert into ${sql.table(table)} (${columnList})
        select ${columnList} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(
        db,
      );
    }
    return;
  }
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  const placeholders = `(${columns.map(() => '?').join(', ')})`;
  for (const part of chunks(rows, Math.floor(SQLITE_PARAMS / columns.length))) {
    const parameters: unknown[] = [];
    for (const row of part) for (const column of columns) parameters.push(row[column]);
    const text = head + Array.from(part, () => placeholders).join(', ');
    await db.executeQuery(CompiledQuery.raw(text, parameters));
  }
}

/** The columns an entry row is written with. */
export const ENTRY_COLUMNS = [
  'id',
  'glossary_id',
  'ficha',
  'termino_origen_plegado',
  'termino_meta_plegado',
  'subindice_plegado',
  'clave_orden',
  'author_id',
  'autor',
  'comentarios_privados',
  'version',
  'fecha_creacion',
  'created_at',
  'updated_at',
  'deleted_at',
  'origen_glossary_id',
  'origen_glosario',
  'origen_entrada_id',
  'origen_version',
] as const satisfies ReadonlyArray<keyof EntryInsertRow>;

const VERSION_COLUMNS = [
  'entry_id',
  'version',
  'ficha',
  'comentarios_privados',
  'author_id',
  'autor',
  'fecha_version',
] as const satisfies ReadonlyArray<keyof EntryVersionInsertRow>;

const FIELD_COLUMNS = ['entry_id', 'glossary_id', 'campo', 'valor_plegado'] as const;

export async function insertEntryRows(db: Kysely<Database>, rows: readonly EntryInsertRow[]) {
  await insertRows(db, 'entries', ENTRY_COLUMNS, rows);
}

export async function insertVersionRows(
  db: Kysely<Database>,
  rows: readonly EntryVersionInsertRow[],
) {
  await insertRows(db, 'entry_versions', VERSION_COLUMNS, rows);
}

/** Sorted ids as runs of consecutive ids (one run on SQLite, nearly always one on PostgreSQL). */
function idRuns(ids: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const run = runs[runs.length - 1];
    if (run && id === run[1] + 1) run[1] = id;
    else runs.push([id, id]);
  }
  return runs;
}

/**
 * The first version of entries just inserted, copied from their rows in the database (the
 * card is not sent a second time), written by `actor`.
 */
export async function insertFirstVersionRows(
  db: Kysely<Database>,
  entryIds: readonly number[],
  actor: { id: number | null; nombre: string },
  now: string,
) {
  // PostgreSQL types a parameter in a select list as text unless told.
  const typed = (value: unknown, pgType: string) =>
    isPostgresDb(db) ? sql`cast(${value} as ${sql.raw(pgType)})` : sql`${value}`;
  for (const part of chunks(idRuns(entryIds), ID_CHUNK / 2)) {
    await db
      .insertInto('entry_versions')
      .columns([
        'entry_id',
        'version',
        'ficha',
        'comentarios_privados',
        'author_id',
        'autor',
        'fecha_version',
      ])
      .expression((eb) =>
        eb
          .selectFrom('entries')
          .select([
            'id',
            typed(1, 'integer').as('version'),
            'ficha',
            'comentarios_privados',
            typed(actor.id, 'bigint').as('author_id'),
            typed(actor.nombre, 'text').as('autor'),
            typed(now, 'timestamptz').as('fecha_version'),
          ])
          .where((w) => w.or(part.map(([from, to]) => w.between('id', from, to)))),
      )
      .execute();
  }
}

/** An entry and its advanced-search values (`cardFieldsOf`): pairs of field, folded value. */
export interface EntryFields {
  id: number;
  glossary_id: number;
  fields: ReadonlyArray<readonly [string, string]>;
}

export async function insertFieldRows(db: Kysely<Database>, entries: readonly EntryFields[]) {
  const rows: EntryFieldInsertRow[] = [];
  for (const entry of entries) {
    for (const [campo, valor] of entry.fields) {
      rows.push({
        entry_id: entry.id,
        glossary_id: entry.glossary_id,
        campo,
        valor_plegado: valor,
      });
    }
  }
  await insertRows(db, 'entry_fields', FIELD_COLUMNS, rows);
}

/**
 * Reserves ids for rows inserted with explicit ids. On SQLite call it after a write in the same
 * transaction, so the write lock is held and no one else takes the same ids.
 */
export async function reserveIds(
  db: Kysely<Database>,
  table: 'entries',
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  if (isPostgresDb(db)) {
    const { rows } = await sql<{ id: number }>`
      select nextval(pg_get_serial_sequence(${table}, 'id'))::bigint as id
      from generate_series(1, ${count})`.execute(db);
    return rows.map((r) => Number(r.id));
  }
  const { rows } = await sql<{ last: number }>`
    select max(coalesce((select seq from sqlite_sequence where name = ${table}), 0),
               coalesce((select max(id) from ${sql.table(table)}), 0)) as last`.execute(db);
  const last = Number(rows[0]?.last ?? 0);
  return Array.from({ length: count }, (_, i) => last + 1 + i);
}

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
  if (!includeDeleted) query = query.where('deleted_at', 'is', null);
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
  { orden, offset, limit }: { orden: SortOrder; offset: number; limit: number },
): Promise<EntryRow[]> {
  return db
    .selectFrom('entries')
    .selectAll()
    .where('glossary_id', '=', glossaryId)
    .where('deleted_at', 'is', null)
    .orderBy('clave_orden', orden)
    .orderBy('id', orden)
    .limit(limit)
    .offset(offset)
    .execute();
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
    .where('deleted_at', 'is', null);
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
    .where('deleted_at', 'is', null)
    .orderBy('clave_orden')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Every live entry's pair of folded terms, to skip duplicates on import and copy. */
export async function listTermPairs(
  db: Kysely<Database>,
  glossaryId: number,
): Promise<Array<{ termino_origen_plegado: string; termino_meta_plegado: string }>> {
  return db
    .selectFrom('entries')
    .select(['termino_origen_plegado', 'termino_meta_plegado'])
    .where('glossary_id', '=', glossaryId)
    .where('deleted_at', 'is', null)
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
  >,
): Promise<EntryRow | undefined> {
  return db
    .updateTable('entries')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('glossary_id', '=', glossaryId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Replaces an entry's advanced-search rows: the delete trigger / GIN index follow. */
export async function deleteFieldRows(db: Kysely<Database>, entryId: number): Promise<void> {
  await db.deleteFrom('entry_fields').where('entry_id', '=', entryId).execute();
}

/** Soft-deletes live entries of a glossary; answers how many were deleted. */
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
      .set({ deleted_at: now })
      .where('glossary_id', '=', glossaryId)
      .where('id', 'in', part)
      .where('deleted_at', 'is', null)
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
    .set({ deleted_at: null })
    .where('id', '=', id)
    .where('glossary_id', '=', glossaryId)
    .where('deleted_at', 'is not', null)
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
    .where('deleted_at', 'is', null)
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
