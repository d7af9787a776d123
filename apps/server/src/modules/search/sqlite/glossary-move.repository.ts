import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { withTriggersAside } from './search-docs.repository.ts';

/**
 * Moves every entry of one glossary into another, with the rows that copy an entry's glossary:
 * `entry_fields`, `entry_terms`, and the search index's `search_docs` and `entries_fts`. Done
 * set-wise with the docs' triggers aside, which would otherwise place every doc again. SQLite
 * only: it publishes a staged import (transfers/import-staging.repository.ts), whose entries are
 * all live, so the glossary's partial indexes (`eliminado_en is null`) find them.
 */
export async function moveGlossaryEntries(
  tx: Transaction<Database>,
  fromGlossaryId: number,
  toGlossaryId: number,
): Promise<void> {
  const { rows } = await sql<{ ids: string | null }>`
    select json_group_array(id) as ids from entries
    where glossary_id = ${fromGlossaryId} and eliminado_en is null`.execute(tx);
  const ids = rows[0]?.ids ?? '[]';
  const moved = sql`(select value from json_each(${ids}))`;
  const ftsColumns = sql`rowid, fts_glosario, termino_origen_plegado, termino_meta_plegado,
    subindice_plegado`;
  const ftsValues = sql`id, fts_glosario, termino_origen_plegado, termino_meta_plegado,
    subindice_plegado`;
  await withTriggersAside(tx, async () => {
    // entries_fts holds the glossary as a token (fts_glosario), which its trigger does not follow.
    await sql`insert into entries_fts (entries_fts, ${ftsColumns})
      select 'delete', ${ftsValues} from entries
      where id in ${moved} and eliminado_en is null`.execute(tx);
    await tx
      .updateTable('entries')
      .set({ glossary_id: toGlossaryId })
      .where('glossary_id', '=', fromGlossaryId)
      .where('eliminado_en', 'is', null)
      .execute();
    await sql`insert into entries_fts (${ftsColumns})
      select ${ftsValues} from entries where id in ${moved} and eliminado_en is null`.execute(tx);
    // A scan of these two narrow tables costs less than looking up each moved entry.
    await sql`update search_docs set glossary_id = ${toGlossaryId}
      where glossary_id = ${fromGlossaryId}`.execute(tx);
    await sql`update entry_fields set glossary_id = ${toGlossaryId}
      where glossary_id = ${fromGlossaryId}`.execute(tx);
    await tx
      .updateTable('entry_terms')
      .set({ glossary_id: toGlossaryId })
      .where('glossary_id', '=', fromGlossaryId)
      .execute();
  });
}
