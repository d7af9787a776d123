import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  countLiveEntries,
  deleteFieldRows,
  listEntryBatch,
  listGlossaryCounts,
  setDerivedColumns,
  setEntryCount,
} from './entries.repository.ts';
import { insertFieldRows, writeTermRows } from './entry-rows.repository.ts';
import { deriveColumns, readFicha, languagesOf } from '../card/index.ts';
import { searchIndexFor } from '../search/index.ts';

const BATCH = 1000;

export interface RebuildReport {
  entries: number;
  /** Entries whose folded columns or sort key were out of date. */
  updated: number;
  /** Glossaries whose num_entradas was corrected. */
  recounted: number;
}

/**
 * Recomputes derived columns from the cards, rebuilds the index and corrects num_entradas. Safe
 * on a live installation: each batch is its own transaction.
 */
export async function rebuildSearchIndex(db: Kysely<Database>): Promise<RebuildReport> {
  let afterId = 0;
  let entries = 0;
  let updated = 0;
  for (;;) {
    const batch = await listEntryBatch(db, afterId, BATCH);
    if (batch.length === 0) break;
    await db.transaction().execute(async (tx) => {
      for (const row of batch) {
        const derived = deriveColumns(languagesOf(row), readFicha(row.ficha).card);
        const { fields, ...columns } = derived;
        const stale = (Object.keys(columns) as Array<keyof typeof columns>).some(
          (k) => row[k] !== columns[k],
        );
        if (stale) {
          await setDerivedColumns(tx, row.id, columns);
          updated += 1;
        }
        await deleteFieldRows(tx, row.id);
        await insertFieldRows(tx, [{ id: row.id, glossary_id: row.glossary_id, fields }]);
      }
      await writeTermRows(tx, batch, { replace: true });
      await searchIndexFor(tx).reindex(
        tx,
        batch.map((r) => r.id),
      );
    });
    entries += batch.length;
    afterId = batch[batch.length - 1]!.id;
  }
  await searchIndexFor(db).rebuild(db);

  let recounted = 0;
  for (const g of await listGlossaryCounts(db)) {
    const live = await countLiveEntries(db, g.id);
    if (live !== g.num_entradas) {
      await setEntryCount(db, g.id, live);
      recounted += 1;
    }
  }
  return { entries, updated, recounted };
}
