import { dateType, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('job_locks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', dateType(db), (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_locks').execute();
}
