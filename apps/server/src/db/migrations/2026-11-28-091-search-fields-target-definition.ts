import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// SQLite: advanced search on the target language's definition (`definicion_en`…, a card field
// since the TBX import keeps each language's definition), so `search_fields` needs a code for
// it, below FIELD_SLOTS (32) as migration 041's are. No entry holds the field yet: nothing to
// index. PostgreSQL searches entry_fields by name: nothing to do.
const FIELD_CODES: Array<[string, number]> = [
  ['definicion_es', 18],
  ['definicion_en', 19],
  ['definicion_fr', 20],
  ['definicion_de', 21],
];

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const [campo, code] of FIELD_CODES) {
    await sql`insert into search_fields (campo, code) values (${campo}, ${code})`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const [campo] of FIELD_CODES) {
    await sql`delete from search_fields where campo = ${campo}`.execute(db);
  }
}
