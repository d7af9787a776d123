import { dateType, refType, withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db.schema.createTable('password_reset_tokens'), db)
    .addColumn('user_id', refType(db), (c) => c.notNull().references('users.id').onDelete('cascade'))
    // SHA-256 of the token e-mailed in the link; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', dateType(db), (c) => c.notNull())
    .addColumn('expires_at', dateType(db), (c) => c.notNull())
    .addColumn('used_at', dateType(db))
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_idx')
    .on('password_reset_tokens')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
}
