import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

// The concept id an entry was imported with, so an import never merges two concepts that share
// a term pair, and who created and changed it in its termbase (JSON). Provenance, not content:
// on the entry only, not on its versions.
export async function up(db: AnyDb): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  await db.schema.alterTable('entries').addColumn('id_externo', 'text').execute();
  await db.schema.alterTable('entries').addColumn('registro_original', 'text').execute();
  await db.schema
    .createIndex('entries_glossary_external_id')
    .on('entries')
    .columns(['glossary_id', 'id_externo'])
    .where(sql.ref('id_externo'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('entries_glossary_external_id').execute();
  await db.schema.alterTable('entries').dropColumn('id_externo').execute();
  await db.schema.alterTable('entries').dropColumn('registro_original').execute();
}
