import type { AnyDb } from './helpers.ts';

// Every entry write adds about four entry_fields rows, and each index on them is paid on every
// one of those rows. entry_fields_glossary_idx (glossary_id, campo) served the FTS5 field
// search that migration 041 replaced; no query reads it since (advanced search goes through
// entry_fields_prefix_idx, search_field_fts or pg_trgm, and the joins by entry_id).
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('entry_fields_glossary_idx').ifExists().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('entry_fields_glossary_idx')
    .on('entry_fields')
    .columns(['glossary_id', 'campo'])
    .execute();
}
