import { dateType, refType, withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db.schema.createTable('tickets'), db)
    // A ticket outlives its author's account, so admins keep the history.
    .addColumn('user_id', refType(db), (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('respuesta', 'text')
    .addColumn('fecha_respuesta', dateType(db))
    // Storage key of the attached screenshot; the served path is derived from it.
    .addColumn('image_key', 'text', (c) => c.unique())
    .addColumn('created_at', dateType(db), (c) => c.notNull())
    .addColumn('updated_at', dateType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tickets_user_idx').on('tickets').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('tickets_created_idx').on('tickets').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('tickets').execute();
}
