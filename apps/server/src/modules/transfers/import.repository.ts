import { sql, type Kysely } from 'kysely';
import { engineOf } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';

/** First key of the imports' two-key advisory locks; the glossary's id is the second. */
const IMPORT_LOCK_CLASS = 0x4c54;

/** Serialises imports into one glossary across instances (SQLite's single writer already does). */
export async function lockGlossaryForImport(
  tx: Kysely<Database>,
  glossaryId: number,
): Promise<void> {
  if (engineOf(tx as unknown as Kysely<unknown>) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_CLASS}, ${glossaryId}::int)`.execute(tx);
}

/** Whether the glossary still exists and is not in the trash (checked again inside the write). */
export async function isGlossaryLive(db: Kysely<Database>, glossaryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('glossaries')
    .select('eliminado_en')
    .where('id', '=', glossaryId)
    .executeTakeFirst();
  return row !== undefined && row.eliminado_en === null;
}
