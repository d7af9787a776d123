import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// SQLite: the entry write path indexes every write in its own transaction, so the tables of
// what waited to be indexed (migrations 065 and 066) go. Single creates still waiting are
// indexed here where they stand; an import whose indexing a stopped server left unfinished
// needs its card fields derived again, which only `npm run search:rebuild` can do.

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  const waiting = sql`select entry_id from search_pending`;
  await sql`insert into entries_fts(rowid, fts_glosario, termino_origen_plegado,
      termino_meta_plegado, subindice_plegado)
    select id, fts_glosario, termino_origen_plegado, termino_meta_plegado, subindice_plegado
    from entries where id in (${waiting}) and deleted_at is null`.execute(db);
  await sql`insert into search_terms_fts (rowid, doc)
    select search_id, origen || char(10) || meta || char(10) || subindice
    from search_docs where entry_id in (${waiting})`.execute(db);
  await sql`insert into search_field_fts (rowid, doc)
    select d.search_id * 32 + c.code, f.valor_plegado
    from search_docs d join entry_fields f on f.entry_id = d.entry_id
    join search_fields c on c.campo = f.campo where d.entry_id in (${waiting})`.execute(db);
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from search_fields_pending`.execute(db);
  if (Number(rows[0]?.n ?? 0) > 0) {
    console.warn(
      'Una importación quedó sin indexar del todo: ejecuta `npm run search:rebuild` para que la ' +
        'búsqueda avanzada encuentre sus entradas.',
    );
  }
  await sql`drop table search_pending`.execute(db);
  await sql`drop table search_fields_pending`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table search_pending (
    entry_id integer primary key references entries (id) on delete cascade)`.execute(db);
  await sql`create table search_fields_pending (
    first_id integer not null,
    last_id integer not null)`.execute(db);
}
