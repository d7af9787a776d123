import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { moveGlossaryEntries } from '../search/index.ts';

// SQLite imports write into a staging glossary: a hidden glossary row (in the trash, so no read
// of live glossaries sees it, and marked `importando_en` so the trash's screens and purge skip
// it) whose entries are moved into the real glossary by one last transaction.

/** Entries deleted per transaction when a staging glossary is discarded. */
const DISCARD_BATCH = 2000;

/** A staging glossary for an import into `glossaryId`, owned by the same user. */
export async function createStagingGlossary(
  tx: Transaction<Database>,
  glossaryId: number,
  now: string,
): Promise<number> {
  const marker = `importacion-${randomUUID()}`;
  const row = await tx
    .insertInto('glossaries')
    .columns([
      'owner_id',
      'nombre',
      'nombre_plegado',
      'nombre_seguro',
      'idioma_origen',
      'idioma_meta',
      'num_entradas',
      'created_at',
      'updated_at',
      'eliminado_en',
      'importando_en',
    ])
    .expression((eb) =>
      eb
        .selectFrom('glossaries')
        .select([
          'owner_id',
          sql.lit(marker).as('nombre'),
          sql.lit(marker).as('nombre_plegado'),
          sql.lit(marker).as('nombre_seguro'),
          'idioma_origen',
          'idioma_meta',
          sql.lit(0).as('num_entradas'),
          sql.lit(now).as('created_at'),
          sql.lit(now).as('updated_at'),
          sql.lit(now).as('eliminado_en'),
          'id',
        ])
        .where('id', '=', glossaryId),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves the staging glossary's entries into the glossary it imports into (then discard it). */
export async function publishStagingGlossary(
  tx: Transaction<Database>,
  stagingId: number,
  glossaryId: number,
): Promise<void> {
  await moveGlossaryEntries(tx, stagingId, glossaryId);
  await tx
    .updateTable('glossaries')
    .set((eb) => ({
      num_entradas: eb(
        'num_entradas',
        '+',
        eb.selectFrom('glossaries as s').select('s.num_entradas').where('s.id', '=', stagingId),
      ),
    }))
    .where('id', '=', glossaryId)
    .execute();
  await tx.updateTable('glossaries').set({ num_entradas: 0 }).where('id', '=', stagingId).execute();
}

/** Staging glossaries: at the start of an import, those a crashed or failed one left. */
export async function listStagingGlossaries(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('glossaries')
    .select('id')
    .where('importando_en', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes a staging glossary and its entries (all live), a batch per `inTransaction` call, so
 * other writers get their turn between batches.
 */
export async function discardStagingGlossary(
  inTransaction: (work: (tx: Transaction<Database>) => Promise<void>) => Promise<void>,
  stagingId: number,
): Promise<void> {
  for (;;) {
    let deleted = 0;
    await inTransaction(async (tx) => {
      const result = await tx
        .deleteFrom('entries')
        .where(
          'id',
          'in',
          tx
            .selectFrom('entries')
            .select('id')
            .where('glossary_id', '=', stagingId)
            .where('eliminado_en', 'is', null)
            .limit(DISCARD_BATCH),
        )
        .executeTakeFirst();
      deleted = Number(result.numDeletedRows);
    });
    if (deleted < DISCARD_BATCH) break;
  }
  await inTransaction(async (tx) => {
    await tx.deleteFrom('glossaries').where('id', '=', stagingId).execute();
  });
}
