import type { Transaction } from 'kysely';
import type { Database, EntryRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { adjustEntryCount } from './entries.repository.ts';
import {
  insertEntryRows,
  insertFieldRows,
  insertFirstVersionRows,
  reserveIds,
  writeTermRows,
  type EntryInsertRow,
} from './entry-rows.repository.ts';
import type { Admission, DuplicateReason, KnownEntries } from './known-entries.ts';
import type { EntryActor, PreparedEntry, WriteGlossary } from './prepared-entry.ts';

// The rows of new entries, in batches: entry, first version, advanced-search fields and terms.
// Every creation goes through here (one entry, a copy, an import); the caller indexes them.

export interface NewEntryRowsOptions {
  /** The instant written as created/updated/version date (defaults to now). */
  now?: string;
  /** What the glossary holds: repeats are skipped, possible duplicates kept and reported. */
  known?: KnownEntries;
}

export interface NewEntryRows {
  /** The new ids, aligned with the inputs; null where a duplicate was skipped. */
  ids: Array<number | null>;
  /** The rows written, in the order of the inputs that were not skipped. */
  rows: EntryRow[];
  inserted: number;
  skipped: number;
  /** Inputs kept although they may repeat a known concept (`position` in the inputs). */
  possibleDuplicates: Array<{
    position: number;
    duplicaId: number;
    duplicaIdExterno: string;
    motivo: DuplicateReason;
  }>;
}

/** Inserts new entries' rows; the caller reindexes the new ids (an import, once at the end). */
export async function insertNewEntryRows(
  tx: Transaction<Database>,
  glossary: WriteGlossary,
  prepared: readonly PreparedEntry[],
  actor: EntryActor,
  { now = nowIso(), known }: NewEntryRowsOptions = {},
): Promise<NewEntryRows> {
  const ids: Array<number | null> = new Array<number | null>(prepared.length).fill(null);
  const chosen: Array<{ entry: PreparedEntry; position: number; admission: Admission | null }> = [];
  prepared.forEach((entry, position) => {
    const admission = known ? known.admit(entry) : null;
    if (admission?.verdict !== 'skip') chosen.push({ entry, position, admission });
  });
  const skipped = prepared.length - chosen.length;
  if (chosen.length === 0) return { ids, rows: [], inserted: 0, skipped, possibleDuplicates: [] };

  // The count first: on SQLite this write takes the lock before the ids are reserved.
  await adjustEntryCount(tx, glossary.id, chosen.length);
  const entryIds = await reserveIds(tx, 'entries', chosen.length);
  const rows: EntryInsertRow[] = chosen.map(({ entry, position, admission }, i) => {
    const id = entryIds[i]!;
    ids[position] = id;
    if (admission && admission.verdict !== 'skip') admission.slot.id = id;
    return {
      id,
      glossary_id: glossary.id,
      ficha: entry.ficha,
      termino_origen_plegado: entry.termino_origen_plegado,
      termino_meta_plegado: entry.termino_meta_plegado,
      subindice_plegado: entry.subindice_plegado,
      clave_orden: entry.clave_orden,
      author_id: actor.id,
      autor: entry.autor ?? actor.nombre,
      comentarios_privados: entry.comentarios_privados,
      version: 1,
      fecha_creacion: entry.fecha_creacion ?? now,
      created_at: now,
      updated_at: now,
      eliminado_en: null,
      origen_glossary_id: entry.origen?.glossaryId ?? null,
      origen_glosario: entry.origen?.glosario ?? null,
      origen_entrada_id: entry.origen?.entradaId ?? null,
      origen_version: entry.origen?.version ?? null,
      estado_revision: entry.estado_revision,
      id_externo: entry.id_externo,
      registro_original: entry.registro_original,
    };
  });
  await insertEntryRows(tx, rows);
  await insertFirstVersionRows(tx, entryIds, actor, now);
  await insertFieldRows(
    tx,
    chosen.map(({ entry }, i) => ({
      id: entryIds[i]!,
      glossary_id: glossary.id,
      fields: entry.fields,
    })),
  );
  await writeTermRows(tx, rows, { replace: false });
  const possibleDuplicates: NewEntryRows['possibleDuplicates'] = [];
  for (const { position, admission } of chosen) {
    if (admission?.verdict === 'possible-duplicate') {
      // Only concepts with ids are kept beside a known one, so both ids are there.
      const { id, idExterno } = admission.other;
      possibleDuplicates.push({
        position,
        duplicaId: id!,
        duplicaIdExterno: idExterno!,
        motivo: admission.reason,
      });
    }
  }
  return { ids, rows, inserted: chosen.length, skipped, possibleDuplicates };
}
