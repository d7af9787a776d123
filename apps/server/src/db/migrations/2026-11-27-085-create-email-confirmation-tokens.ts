import { dateType, refType, withId, type AnyDb } from './helpers.ts';

// One-time links that prove an account owns its address (glossary invitations and ADMIN_EMAIL
// wait for that proof). Only the SHA-256 of the e-mailed token is stored.

export async function up(db: AnyDb): Promise<void> {
  await withId(db.schema.createTable('email_confirmation_tokens'), db)
    .addColumn('user_id', refType(db), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', dateType(db), (c) => c.notNull())
    .addColumn('expires_at', dateType(db), (c) => c.notNull())
    .addColumn('used_at', dateType(db))
    .execute();
  await db.schema
    .createIndex('email_confirmation_tokens_user_idx')
    .on('email_confirmation_tokens')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('email_confirmation_tokens').execute();
}
