import {
  TRASH_RETENTION_DAYS,
  type Glossary,
  type Language,
  type TrashItem,
} from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database, GlossaryRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { foldText } from '../../lib/text-folding.ts';
import {
  deleteExpiredGlossary,
  findActiveGlossaryByFoldedName,
  findGlossaryOwner,
  findTrashedByName,
  listExpiredTrashIds,
  listTrash,
  trashGlossary,
  uniqueViolationOf,
  untrashGlossary,
} from './glossaries.repository.ts';
import { toGlossaryView } from './glossary-view.ts';
import { authorizeGlossary, permissionOn } from './glossary.policy.ts';

const RETENTION_MS = TRASH_RETENTION_DAYS * DAY_MS;

/** max(0, ceil((30 days − elapsed) / 1 day)): 0 exactly when 30 days have fully elapsed. */
export function daysRemaining(eliminadoEn: string, now: number): number {
  const left = RETENTION_MS - (now - Date.parse(eliminadoEn));
  return Math.max(0, Math.ceil(left / DAY_MS));
}

/** The instant at or before which a trashed glossary has expired. */
function expiryCutoff(now: number): string {
  return new Date(now - RETENTION_MS).toISOString();
}

/** `DELETE /glosarios/{ns}`: the owner or an admin sends it to the trash. */
export async function trashGlossaryBySlug(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
): Promise<void> {
  const { glossary } = await authorizeGlossary(db, user, nombreSeguro, 'manage');
  if (!(await trashGlossary(db, glossary.id, new Date().toISOString())))
    throw new AppError('NOT_FOUND');
}

/** `GET /glosarios/eliminados`: the caller's own trash, most recently deleted first. */
export async function listOwnTrash(
  db: Kysely<Database>,
  user: UserRow,
  now = Date.now(),
): Promise<TrashItem[]> {
  const rows = await listTrash(db, user.id);
  return rows.map((row) => ({
    id: row.id,
    nombre: row.nombre,
    nombre_seguro: row.nombre_seguro,
    idioma_origen: row.idioma_origen as Language,
    idioma_meta: row.idioma_meta as Language,
    eliminado_en: row.eliminado_en!,
    dias_restantes: daysRemaining(row.eliminado_en!, now),
  }));
}

/**
 * `POST /glosarios/restaurar {nombre}`: from the caller's trash (an admin may name any by slug);
 * refused once expired, or when the owner has an active glossary of that name again.
 */
export async function restoreGlossary(
  db: Kysely<Database>,
  user: UserRow,
  nombre: string,
): Promise<Glossary> {
  const lookup = { nombrePlegado: foldText(nombre), nombreSeguro: nombre.trim() };
  let row: GlossaryRow | undefined = await findTrashedByName(db, { ownerId: user.id, ...lookup });
  if (!row && user.role === 'admin') {
    row = await findTrashedByName(db, {
      ownerId: null,
      nombrePlegado: null,
      nombreSeguro: lookup.nombreSeguro,
    });
  }
  if (!row)
    throw new AppError('NOT_FOUND', 'No hay ningún glosario con ese nombre en tu papelera.');
  const permission = await permissionOn(db, user, row);
  if (!permission?.canManage) {
    throw new AppError('FORBIDDEN', 'Solo la persona propietaria del glosario puede hacer esto.');
  }
  const now = Date.now();
  if (daysRemaining(row.eliminado_en!, now) === 0) throw new AppError('TRASH_EXPIRED');
  if (await findActiveGlossaryByFoldedName(db, row.owner_id, row.nombre_plegado)) {
    throw new AppError(
      'GLOSSARY_NAME_TAKEN',
      'Ya hay un glosario activo con ese nombre. Cambia el nombre del activo o elimínalo antes de restaurar.',
    );
  }
  let restored: GlossaryRow | undefined;
  try {
    restored = await untrashGlossary(db, row.id, {
      notBefore: expiryCutoff(now),
      now: new Date(now).toISOString(),
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'name') throw new AppError('GLOSSARY_NAME_TAKEN');
    throw error;
  }
  // Another request restored it, or the purge took it, between the checks and the update.
  if (!restored)
    throw new AppError('NOT_FOUND', 'No hay ningún glosario con ese nombre en tu papelera.');
  const owner = await findGlossaryOwner(db, restored.id);
  return toGlossaryView(
    restored,
    { email: owner?.owner_email ?? '', display_name: owner?.owner_display_name ?? null },
    permission.acceso,
  );
}

/** Keeps each purge statement short (cascades delete entries too). */
const PURGE_BATCH = 50;

/**
 * Deletes the expired trashed glossaries. Each delete re-checks the condition, so two instances
 * purging at once delete each glossary once and neither fails.
 */
export async function purgeExpiredTrash(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const cutoff = expiryCutoff(now);
  let purged = 0;
  for (;;) {
    const ids = await listExpiredTrashIds(db, cutoff, PURGE_BATCH);
    let deletedThisRound = 0;
    for (const id of ids) {
      if (await deleteExpiredGlossary(db, id, cutoff)) deletedThisRound += 1;
    }
    purged += deletedThisRound;
    // Short batch: done. A full batch that deleted nothing means another instance is on it.
    if (ids.length < PURGE_BATCH || deletedThisRound === 0) return purged;
  }
}
