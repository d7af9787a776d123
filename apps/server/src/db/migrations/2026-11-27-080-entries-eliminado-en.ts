import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

// One name per field: an entry's soft-delete instant is `eliminado_en`, as a glossary's is.
// Both engines rename the column inside its indexes and triggers as well.

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table entries rename column deleted_at to eliminado_en`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table entries rename column eliminado_en to deleted_at`.execute(db);
}
