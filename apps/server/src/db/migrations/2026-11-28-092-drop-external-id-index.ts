import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

// Migration 088's index on (glossary_id, id_externo) serves no query: an import loads the
// glossary's concept ids with its term pairs in one read (KnownEntries), and nothing else looks
// an entry up by its concept id. An index no query uses only slows every import's inserts.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('entries_glossary_external_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('entries_glossary_external_id')
    .on('entries')
    .columns(['glossary_id', 'id_externo'])
    .where(sql.ref('id_externo'), 'is not', null)
    .execute();
}
