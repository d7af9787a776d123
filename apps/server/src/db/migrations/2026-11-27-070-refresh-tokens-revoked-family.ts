import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

// Every authenticated request asks whether its session (refresh-token family) was revoked: a
// partial index holds only revoked rows, so the answer is one probe however long the family.

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('refresh_tokens_revoked_family_idx')
    .on('refresh_tokens')
    .column('family_id')
    .where(sql.ref('revoked_at'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_revoked_family_idx').execute();
}
