import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Whether the glossary still exists and is not in the trash (checked again inside the write). */
export async function isGlossaryLive(db: Kysely<Database>, glossaryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('glossaries')
    .select('eliminado_en')
    .where('id', '=', glossaryId)
    .executeTakeFirst();
  return row !== undefined && row.eliminado_en === null;
}
