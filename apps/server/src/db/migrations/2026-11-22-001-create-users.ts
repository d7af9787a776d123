import { dateType, refType, withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db.schema.createTable('users'), db)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('trial_ends_at', dateType(db))
    .addColumn('display_name', 'text')
    .addColumn('avatar_path', 'text')
    .addColumn('verificacion_codigo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('sessions_valid_after', dateType(db))
    .addColumn('created_at', dateType(db), (c) => c.notNull())
    .addColumn('updated_at', dateType(db), (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('refresh_tokens'), db)
    .addColumn('user_id', refType(db), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', dateType(db), (c) => c.notNull())
    .addColumn('expires_at', dateType(db), (c) => c.notNull())
    .addColumn('rotated_at', dateType(db))
    .addColumn('revoked_at', dateType(db))
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.dropTable('users').execute();
}
