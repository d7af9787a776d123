import { sql } from 'kysely';
import { dateType, refType, withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db.schema.createTable('glossaries'), db)
    .addColumn('owner_id', refType(db), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('nombre_plegado', 'text', (c) => c.notNull())
    .addColumn('nombre_seguro', 'text', (c) => c.notNull().unique())
    .addColumn('idioma_origen', 'text', (c) => c.notNull())
    .addColumn('idioma_meta', 'text', (c) => c.notNull())
    .addColumn('descripcion', 'text')
    .addColumn('num_entradas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', dateType(db), (c) => c.notNull())
    .addColumn('updated_at', dateType(db), (c) => c.notNull())
    .addColumn('eliminado_en', dateType(db))
    .execute();
  await db.schema.createIndex('glossaries_owner_idx').on('glossaries').columns(['owner_id', 'eliminado_en']).execute();
  // One active glossary per owner and (folded) name; trashed ones may repeat it.
  await db.schema
    .createIndex('glossaries_owner_active_name_uq')
    .on('glossaries')
    .columns(['owner_id', 'nombre_plegado'])
    .unique()
    .where(sql.ref('eliminado_en'), 'is', null)
    .execute();
  await db.schema.createIndex('glossaries_trash_idx').on('glossaries').column('eliminado_en').execute();

  await withId(db.schema.createTable('glossary_members'), db)
    .addColumn('glossary_id', refType(db), (c) => c.notNull().references('glossaries.id').onDelete('cascade'))
    .addColumn('user_id', refType(db), (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('rol', 'text', (c) => c.notNull())
    .addColumn('created_at', dateType(db), (c) => c.notNull())
    .addUniqueConstraint('glossary_members_glossary_email_uq', ['glossary_id', 'email'])
    .execute();
  await db.schema.createIndex('glossary_members_user_idx').on('glossary_members').column('user_id').execute();
  await db.schema.createIndex('glossary_members_email_idx').on('glossary_members').column('email').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('glossary_members').execute();
  await db.schema.dropTable('glossaries').execute();
}
