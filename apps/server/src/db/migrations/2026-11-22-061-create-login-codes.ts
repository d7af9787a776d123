import { dateType, refType, withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db.schema.createTable('login_codes'), db)
    .addColumn('user_id', refType(db), (c) => c.notNull().references('users.id').onDelete('cascade'))
    // HMAC of the code keyed by the server secret: a copy of the table reveals no codes.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', dateType(db), (c) => c.notNull())
    .addColumn('expires_at', dateType(db), (c) => c.notNull())
    .addColumn('consumed_at', dateType(db))
    .execute();
  await db.schema.createIndex('login_codes_user_idx').on('login_codes').columns(['user_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_codes').execute();
}
