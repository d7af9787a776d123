import { CompiledQuery, sql, type Kysely } from 'kysely';
import { copyTextValue } from '../../db/copy-from-stdin.ts';
import { engineOf } from '../../db/engine.ts';
import { entryTermRowsOf } from './entry-term-rows.ts';
import type {
  Database,
  EntriesTable,
  EntryFieldsTable,
  EntryVersionsTable,
} from '../../db/schema.ts';

// Bulk inserts of the entry write path: entry rows, version rows and advanced-search rows,
// in few statements per batch on either engine.

/** Rows per COPY on PostgreSQL: large enough to amortise, small enough to hold as one text. */
const COPY_CHUNK = 5000;
/** Ids per `in (…)` list (SQLite allows 32,766 parameters). */
export const ID_CHUNK = 5000;

export type EntryInsertRow = Omit<EntriesTable, 'id'> & { id: number };
/** entry_fields rows take their ids from the table (nothing refers to them). */
export type EntryFieldInsertRow = Omit<EntryFieldsTable, 'id'>;
export type EntryVersionInsertRow = EntryVersionsTable;

export function isPostgresDb(db: Kysely<Database>): boolean {
  return engineOf(db as unknown as Kysely<unknown>) === 'postgres';
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Parameters per multi-row statement on SQLite (which binds at most 32,766). */
const SQLITE_PARAMS = 4000;

/**
 * Inserts many rows with few statements: PostgreSQL by COPY; SQLite by multi-row `values` with
 * the same text for every full chunk, so it is prepared once.
 */
async function insertRows<T extends object>(
  db: Kysely<Database>,
  table: 'entries' | 'entry_versions' | 'entry_fields' | 'entry_terms',
  columns: ReadonlyArray<keyof T & string>,
  rows: readonly T[],
): Promise<void> {
  if (rows.length === 0) return;
  if (isPostgresDb(db)) {
    const copy = `copy "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) from stdin`;
    for (const part of chunks(rows, COPY_CHUNK)) {
      const data = part
        .map((row) => columns.map((column) => copyTextValue(row[column])).join('\t') + '\n')
        .join('');
      await db.executeQuery(CompiledQuery.raw(copy, [data]));
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
  'eliminado_en',
  'origen_glossary_id',
  'origen_glosario',
  'origen_entrada_id',
  'origen_version',
  'estado_revision',
  'id_externo',
  'registro_original',
] as const satisfies ReadonlyArray<keyof EntryInsertRow>;

const VERSION_COLUMNS = [
  'entry_id',
  'version',
  'ficha',
  'comentarios_privados',
  'author_id',
  'autor',
  'fecha_version',
  'estado_revision',
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

/** First versions of entries just inserted, by `actor`, copied in SQL (the card is not resent). */
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
      .columns(VERSION_COLUMNS)
      .expression((eb) =>
        eb
          .selectFrom('entries')
          // In VERSION_COLUMNS' order: an insert … select matches columns by position.
          .select([
            'id',
            typed(1, 'integer').as('version'),
            'ficha',
            'comentarios_privados',
            typed(actor.id, 'bigint').as('author_id'),
            typed(actor.nombre, 'text').as('autor'),
            typed(now, 'timestamptz').as('fecha_version'),
            'estado_revision',
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

const TERM_COLUMNS = [
  'entry_id',
  'posicion',
  'glossary_id',
  'idioma',
  'termino',
  'termino_plegado',
  'estado',
  'mostrado',
] as const;

/** Writes these cards' `entry_terms` rows (none for plain cards), replacing theirs if `replace`. */
export async function writeTermRows(
  db: Kysely<Database>,
  entries: ReadonlyArray<{ id: number; glossary_id: number; ficha: string }>,
  { replace }: { replace: boolean },
): Promise<void> {
  if (replace) {
    for (const part of chunks(
      entries.map((e) => e.id),
      ID_CHUNK,
    )) {
      await db.deleteFrom('entry_terms').where('entry_id', 'in', part).execute();
    }
  }
  await insertRows(db, 'entry_terms', TERM_COLUMNS, entries.flatMap(entryTermRowsOf));
}

/** The stored `entry_terms` rows of some entries, for the consistency check. */
export async function listTermRows(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('entry_terms').selectAll().where('entry_id', 'in', ids).execute();
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
