import { sql } from 'kysely';
import { dateType, isPostgres, refType, withId, type AnyDb } from './helpers.ts';

// Entries, their versions and the per-field search rows. The search structures that differ by
// engine (FTS5 tables, pg_trgm indexes) are in the next migration.
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  // The sort key is compared byte by byte on both engines (SQLite's BINARY, PostgreSQL's "C"),
  // whatever the database's own collation: the key itself encodes the language's order.
  const byteOrder = pg ? sql`text collate "C"` : sql`text`;

  await withId(db.schema.createTable('entries'), db)
    .addColumn('glossary_id', refType(db), (c) =>
      c.notNull().references('glossaries.id').onDelete('cascade'),
    )
    // The card fields as a JSON document (terms keyed by language); see entry-card.ts.
    .addColumn('ficha', 'text', (c) => c.notNull())
    .addColumn('termino_origen_plegado', 'text', (c) => c.notNull())
    .addColumn('termino_meta_plegado', 'text', (c) => c.notNull())
    .addColumn('subindice_plegado', 'text', (c) => c.notNull())
    .addColumn('clave_orden', byteOrder, (c) => c.notNull())
    .addColumn('author_id', refType(db), (c) => c.references('users.id').onDelete('set null'))
    .addColumn('autor', 'text', (c) => c.notNull())
    .addColumn('comentarios_privados', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('fecha_creacion', dateType(db), (c) => c.notNull())
    .addColumn('created_at', dateType(db), (c) => c.notNull())
    .addColumn('updated_at', dateType(db), (c) => c.notNull())
    .addColumn('deleted_at', dateType(db))
    // Where a copy came from. No foreign keys: the source may be purged, the copy stays.
    .addColumn('origen_glossary_id', refType(db))
    .addColumn('origen_glosario', 'text')
    .addColumn('origen_entrada_id', refType(db))
    .addColumn('origen_version', 'integer')
    .execute();

  // The list: one glossary's live entries in the base language's order, keyset-paged.
  await db.schema
    .createIndex('entries_sort_idx')
    .on('entries')
    .columns(['glossary_id', 'clave_orden', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // Exact and prefix matches on each folded term and the subindice, per glossary. PostgreSQL's
  // B-tree refuses keys over ~2.7 kB and a term may hold 20,000 characters: it indexes the
  // first 200 (queries use the same expression); SQLite has no such limit.
  for (const [name, column] of [
    ['entries_origen_idx', 'termino_origen_plegado'],
    ['entries_meta_idx', 'termino_meta_plegado'],
    ['entries_subindice_idx', 'subindice_plegado'],
  ] as const) {
    if (pg) {
      await sql`create index ${sql.id(name)} on entries (glossary_id, left(${sql.ref(column)}, 200) text_pattern_ops)`.execute(
        db,
      );
    } else {
      await db.schema.createIndex(name).on('entries').columns(['glossary_id', column]).execute();
    }
  }

  await db.schema
    .createTable('entry_versions')
    .addColumn('entry_id', refType(db), (c) =>
      c.notNull().references('entries.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    // The full card as it was at this version (same document as entries.ficha).
    .addColumn('ficha', 'text', (c) => c.notNull())
    .addColumn('comentarios_privados', 'text')
    .addColumn('author_id', refType(db), (c) => c.references('users.id').onDelete('set null'))
    .addColumn('autor', 'text', (c) => c.notNull())
    .addColumn('fecha_version', dateType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_versions_pk', ['entry_id', 'version'])
    .execute();

  // One row per non-empty card field other than the terms and the subindice (those are
  // columns of entries), folded, for advanced search on any field.
  await withId(db.schema.createTable('entry_fields'), db)
    .addColumn('entry_id', refType(db), (c) =>
      c.notNull().references('entries.id').onDelete('cascade'),
    )
    .addColumn('glossary_id', refType(db), (c) => c.notNull())
    .addColumn('campo', 'text', (c) => c.notNull())
    .addColumn('valor_plegado', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('entry_fields_entry_idx')
    .on('entry_fields')
    .column('entry_id')
    .execute();
  await db.schema
    .createIndex('entry_fields_glossary_idx')
    .on('entry_fields')
    .columns(['glossary_id', 'campo'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('entry_fields').execute();
  await db.schema.dropTable('entry_versions').execute();
  await db.schema.dropTable('entries').execute();
}
