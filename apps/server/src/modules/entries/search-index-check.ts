import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  countLiveEntries,
  listEntryBatch,
  listFieldRows,
  listGlossaryCounts,
  listLatestVersionRows,
} from './entries.repository.ts';
import { deriveColumns, readFicha, languagesOf } from '../card/index.ts';
import { listTermRows } from './entry-rows.repository.ts';
import { entryTermRowsOf, type EntryTermRow } from './entry-term-rows.ts';
import { searchIndexFor, glossaryScope } from '../search/index.ts';
import { targetOfField, type SearchTarget } from '../search/index.ts';

const TERMS: SearchTarget = { kind: 'terms' };

/** An `entry_terms` row as comparable text. */
function termRowKey(t: EntryTermRow): string {
  return [t.posicion, t.glossary_id, t.idioma, t.termino, t.termino_plegado, t.estado, t.mostrado]
    .map(String)
    .join('|');
}

/** Whether the ranked search finds `entryId` in its glossary by `target` and `query`. */
async function finds(
  db: Kysely<Database>,
  entry: { id: number; glossary_id: number },
  target: SearchTarget,
  query: string,
): Promise<boolean> {
  const found = await searchIndexFor(db).matchInOrder(db, {
    scope: glossaryScope([entry.glossary_id]),
    target,
    query,
    tier: 'any',
    limit: 100_000,
  });
  return found.some((m) => m.entryId === entry.id);
}

/** Checks all the entry write path keeps in step against the cards; empty when consistent. */
export async function checkSearchIndex(
  db: Kysely<Database>,
  { glossaryId }: { glossaryId?: number } = {},
): Promise<string[]> {
  const problems: string[] = [];
  let afterId = 0;
  for (;;) {
    let batch = await listEntryBatch(db, afterId, 1000);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1]!.id;
    if (glossaryId !== undefined) batch = batch.filter((r) => r.glossary_id === glossaryId);
    if (batch.length === 0) continue;
    const ids = batch.map((r) => r.id);
    const storedFields = await listFieldRows(db, ids);
    const fieldsOf = new Map<number, string[]>();
    for (const f of storedFields) {
      const list = fieldsOf.get(f.entry_id) ?? [];
      list.push(`${f.glossary_id}|${f.campo}|${f.valor_plegado}`);
      fieldsOf.set(f.entry_id, list);
    }
    const termRowsOf = new Map<number, string[]>();
    for (const t of await listTermRows(db, ids)) {
      const list = termRowsOf.get(t.entry_id) ?? [];
      list.push(termRowKey(t));
      termRowsOf.set(t.entry_id, list);
    }
    const latest = await listLatestVersionRows(db, ids);
    const latestOf = new Map(latest.map((v) => [v.entry_id, v]));
    // Search probes are the slow part: a sample of each batch, spread over it.
    const probeStep = Math.max(1, Math.ceil(batch.length / 50));
    for (const [position, row] of batch.entries()) {
      const { fields, ...columns } = deriveColumns(languagesOf(row), readFicha(row.ficha).card);
      for (const [k, v] of Object.entries(columns)) {
        if (row[k as keyof typeof columns] !== v)
          problems.push(`entrada ${row.id}: ${k} desfasado`);
      }
      const expected = fields
        .map(([campo, valor]) => `${row.glossary_id}|${campo}|${valor}`)
        .sort();
      const stored = (fieldsOf.get(row.id) ?? []).sort();
      if (expected.join('\n') !== stored.join('\n'))
        problems.push(`entrada ${row.id}: entry_fields desfasado`);
      const expectedTerms = entryTermRowsOf(row).map(termRowKey).sort();
      if (expectedTerms.join('\n') !== (termRowsOf.get(row.id) ?? []).sort().join('\n'))
        problems.push(`entrada ${row.id}: entry_terms desfasado`);
      const version = latestOf.get(row.id);
      if (!version || version.version !== row.version || version.ficha !== row.ficha) {
        problems.push(`entrada ${row.id}: la última versión no es la actual`);
      }
      if (position % probeStep !== 0) continue;
      if (row.eliminado_en !== null) {
        if (row.termino_origen_plegado && (await finds(db, row, TERMS, row.termino_origen_plegado)))
          problems.push(`entrada ${row.id}: eliminada pero aparece al buscar`);
        continue;
      }
      // Each card field by a piece of its value (advanced search).
      for (const [campo, valor] of fields) {
        const piece = Array.from(valor).slice(0, 12).join('').trim();
        if (piece && !(await finds(db, row, targetOfField(campo), piece)))
          problems.push(`entrada ${row.id}: no aparece al buscar ${campo} «${piece}»`);
      }
      // Each term whole, and a piece of it from the second character (by substring).
      for (const term of [row.termino_origen_plegado, row.termino_meta_plegado]) {
        if (!term) continue;
        const chars = Array.from(term);
        for (const text of chars.length >= 4 ? [term, chars.slice(1).join('')] : [term]) {
          if (!(await finds(db, row, TERMS, text)))
            problems.push(`entrada ${row.id}: no aparece al buscar «${text}»`);
        }
      }
    }
  }

  const glossaries = await listGlossaryCounts(db);
  for (const g of glossaries) {
    if (glossaryId !== undefined && g.id !== glossaryId) continue;
    const live = await countLiveEntries(db, g.id);
    if (live !== g.num_entradas)
      problems.push(`glosario ${g.id}: num_entradas ${g.num_entradas} ≠ ${live}`);
  }

  problems.push(...(await searchIndexFor(db).check(db, glossaryId)));
  return problems;
}
