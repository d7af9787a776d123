import {
  es,
  rebaseDefinitions,
  sharesLanguages,
  type CopyAnswer,
  type CopyInput,
  type Language,
} from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { foldText } from '../../lib/text-folding.ts';
import { findEntryRowsByIds, listLiveEntryIds } from '../entries/index.ts';
import { fichaToInput, originalRecordOf } from '../card/index.ts';
import { insertEntries, type NewEntry } from '../entries/index.ts';
import { authorizeGlossary, type GlossaryPermission } from '../glossaries/index.ts';
import { displayNameOf } from '../users/index.ts';
import { findGlossariesByNameFor } from './copies.repository.ts';

/** The destination by nombre_seguro, or (older clients) by name among the caller's glossaries. */
async function authorizeDestination(
  db: Kysely<Database>,
  user: UserRow,
  destino: string,
): Promise<GlossaryPermission> {
  try {
    return await authorizeGlossary(db, user, destino, 'write');
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    const [byName] = await findGlossariesByNameFor(db, user.id, destino, foldText(destino));
    if (!byName)
      throw new AppError('NOT_FOUND', 'El glosario destino no existe o no tienes acceso a él.');
    return authorizeGlossary(db, user, byName.nombre_seguro, 'write');
  }
}

/**
 * `POST /glosarios/{origen}/copiar`: duplicates are skipped (`omitidas`), each copy remembers its
 * source entry and version, and private comments stay with the source.
 */
export async function copyEntries(
  db: Kysely<Database>,
  user: UserRow,
  origenSlug: string,
  input: CopyInput,
): Promise<CopyAnswer> {
  const origin = await authorizeGlossary(db, user, origenSlug, 'read');
  const destination = await authorizeDestination(db, user, input.destino);
  if (destination.glossary.id === origin.glossary.id) {
    throw new AppError(
      'VALIDATION_FAILED',
      'El glosario destino no puede ser el mismo que el origen.',
    );
  }
  if (!sharesLanguages(origin.glossary, destination.glossary)) {
    throw new AppError('LANGUAGE_MISMATCH', es.copies.languagesDiffer);
  }

  const ids = input.todas ? await listLiveEntryIds(db, origin.glossary.id) : (input.ids ?? []);
  const wanted = new Set(ids);
  const rows = (await findEntryRowsByIds(db, ids)).filter(
    (r) => r.glossary_id === origin.glossary.id && r.eliminado_en === null && wanted.has(r.id),
  );
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const entries: NewEntry[] = rows.map((row) => ({
    // A copy is the same concept: it keeps the id and record it was imported with.
    input: {
      // A glossary with the same languages the other way round holds each definition in the other slot.
      ...rebaseDefinitions(
        fichaToInput(row.ficha),
        origin.glossary.idioma_origen as Language,
        destination.glossary.idioma_origen as Language,
      ),
      id_externo: row.id_externo,
      registro_original: originalRecordOf(row.registro_original),
    },
    origen: {
      glossaryId: origin.glossary.id,
      glosario: origin.glossary.nombre_seguro,
      entradaId: row.id,
      version: row.version,
    },
  }));
  const actor = { id: user.id, nombre: displayNameOf(user) };
  const result = await db
    .transaction()
    .execute((tx) =>
      insertEntries(tx, destination.glossary, entries, actor, { skipDuplicates: true }),
    );
  return { copiadas: result.inserted, omitidas: result.skipped };
}
