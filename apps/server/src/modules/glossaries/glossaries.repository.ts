import type { MemberRole } from '@ludoterm/contract';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, GlossaryMemberRow, GlossaryRow, NewGlossary } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

export async function findGlossaryBySlug(
  db: Kysely<Database>,
  nombreSeguro: string,
): Promise<GlossaryRow | undefined> {
  return db
    .selectFrom('glossaries')
    .selectAll()
    .where('nombre_seguro', '=', nombreSeguro)
    .executeTakeFirst();
}

export async function findMembership(
  db: Kysely<Database>,
  glossaryId: number,
  userId: number,
): Promise<GlossaryMemberRow | undefined> {
  return db
    .selectFrom('glossary_members')
    .selectAll()
    .where('glossary_id', '=', glossaryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Active glossaries a user may see, as a subquery: glossary.policy.ts's visibility rule in SQL. */
export function visibleGlossaryIds(
  db: Kysely<Database>,
  { userId, isAdmin }: { userId: number; isAdmin: boolean },
): SelectQueryBuilder<Database, 'glossaries', { id: number }> {
  const active = db
    .selectFrom('glossaries')
    .select('glossaries.id')
    .where('glossaries.eliminado_en', 'is', null);
  if (isAdmin) return active;
  return active.where((eb) =>
    eb.or([
      eb('glossaries.owner_id', '=', userId),
      eb(
        'glossaries.id',
        'in',
        eb
          .selectFrom('glossary_members')
          .select('glossary_members.glossary_id')
          .where('glossary_members.user_id', '=', userId),
      ),
    ]),
  );
}

/** An active glossary with its owner's name and the caller's membership role, if any. */
export interface GlossaryListRow extends GlossaryRow {
  owner_email: string;
  owner_display_name: string | null;
  member_rol: MemberRole | null;
}

/** Active glossaries (the caller's own and shared, or all with `all`) with owner and membership. */
export async function listActiveGlossaries(
  db: Kysely<Database>,
  userId: number,
  { all }: { all: boolean },
): Promise<GlossaryListRow[]> {
  let query = db
    .selectFrom('glossaries')
    .innerJoin('users as owner', 'owner.id', 'glossaries.owner_id')
    .leftJoin('glossary_members as m', (join) =>
      join.onRef('m.glossary_id', '=', 'glossaries.id').on('m.user_id', '=', userId),
    )
    .selectAll('glossaries')
    .select([
      'owner.email as owner_email',
      'owner.display_name as owner_display_name',
      'm.rol as member_rol',
    ])
    .where('glossaries.eliminado_en', 'is', null);
  if (!all) {
    query = query.where((eb) =>
      eb.or([eb('glossaries.owner_id', '=', userId), eb('m.id', 'is not', null)]),
    );
  }
  return query.orderBy('glossaries.nombre_plegado').orderBy('glossaries.id').execute();
}

export async function findGlossaryOwner(
  db: Kysely<Database>,
  glossaryId: number,
): Promise<{ owner_email: string; owner_display_name: string | null } | undefined> {
  return db
    .selectFrom('glossaries')
    .innerJoin('users as owner', 'owner.id', 'glossaries.owner_id')
    .select(['owner.email as owner_email', 'owner.display_name as owner_display_name'])
    .where('glossaries.id', '=', glossaryId)
    .executeTakeFirst();
}

/** Whether any glossary of the installation (any owner, trash included) has this slug. */
export async function slugExists(db: Kysely<Database>, nombreSeguro: string): Promise<boolean> {
  const row = await db
    .selectFrom('glossaries')
    .select('id')
    .where('nombre_seguro', '=', nombreSeguro)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findActiveGlossaryByFoldedName(
  db: Kysely<Database>,
  ownerId: number,
  nombrePlegado: string,
): Promise<GlossaryRow | undefined> {
  return db
    .selectFrom('glossaries')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('nombre_plegado', '=', nombrePlegado)
    .where('eliminado_en', 'is', null)
    .executeTakeFirst();
}

export async function insertGlossary(
  db: Kysely<Database>,
  values: NewGlossary,
): Promise<GlossaryRow> {
  return db.insertInto('glossaries').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateGlossaryDescription(
  db: Kysely<Database>,
  glossaryId: number,
  descripcion: string | null,
  now: string,
): Promise<GlossaryRow> {
  return db
    .updateTable('glossaries')
    .set({ descripcion, updated_at: now })
    .where('id', '=', glossaryId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sends an active glossary to the trash; false when it was not active any more. */
export async function trashGlossary(
  db: Kysely<Database>,
  glossaryId: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('glossaries')
    .set({ eliminado_en: now, updated_at: now })
    .where('id', '=', glossaryId)
    .where('eliminado_en', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The owner's trash, most recently deleted first (an import's staging glossary is not in it). */
export async function listTrash(db: Kysely<Database>, ownerId: number): Promise<GlossaryRow[]> {
  return db
    .selectFrom('glossaries')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('eliminado_en', 'is not', null)
    .where('importando_en', 'is', null)
    .orderBy('eliminado_en', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The most recently trashed glossary with this folded name or `nombre_seguro` (only by slug
 * when `nombrePlegado` is null; only the owner's when `ownerId` is given).
 */
export async function findTrashedByName(
  db: Kysely<Database>,
  {
    ownerId,
    nombrePlegado,
    nombreSeguro,
  }: { ownerId: number | null; nombrePlegado: string | null; nombreSeguro: string },
): Promise<GlossaryRow | undefined> {
  let query = db
    .selectFrom('glossaries')
    .selectAll()
    .where('eliminado_en', 'is not', null)
    .where('importando_en', 'is', null)
    .where((eb) =>
      nombrePlegado === null
        ? eb('nombre_seguro', '=', nombreSeguro)
        : eb.or([eb('nombre_plegado', '=', nombrePlegado), eb('nombre_seguro', '=', nombreSeguro)]),
    );
  if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
  return query.orderBy('eliminado_en', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

/**
 * Brings a trashed glossary back if it was deleted after `notBefore` (the purge may be
 * removing it at this very moment); undefined when it was not restorable any more.
 */
export async function untrashGlossary(
  db: Kysely<Database>,
  glossaryId: number,
  { notBefore, now }: { notBefore: string; now: string },
): Promise<GlossaryRow | undefined> {
  return db
    .updateTable('glossaries')
    .set({ eliminado_en: null, updated_at: now })
    .where('id', '=', glossaryId)
    .where('eliminado_en', 'is not', null)
    .where('eliminado_en', '>', notBefore)
    .returningAll()
    .executeTakeFirst();
}

export async function listExpiredTrashIds(
  db: Kysely<Database>,
  cutoff: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('glossaries')
    .select('id')
    .where('eliminado_en', 'is not', null)
    .where('eliminado_en', '<=', cutoff)
    .where('importando_en', 'is', null)
    .orderBy('eliminado_en')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes one glossary if it is still trashed at or before `cutoff`; its members and entries
 * go with it (ON DELETE CASCADE). Idempotent: a second run deletes nothing.
 */
export async function deleteExpiredGlossary(
  db: Kysely<Database>,
  glossaryId: number,
  cutoff: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('glossaries')
    .where('id', '=', glossaryId)
    .where('eliminado_en', 'is not', null)
    .where('eliminado_en', '<=', cutoff)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Which unique rule an insert or update broke, on either engine; null for any other error. */
export function uniqueViolationOf(error: unknown): 'slug' | 'name' | 'other' | null {
  if (!isUniqueViolation(error)) return null;
  const e = error as { constraint?: string; message?: string };
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('nombre_seguro')) return 'slug';
  if (where.includes('nombre_plegado') || where.includes('glossaries_owner_active_name_uq'))
    return 'name';
  return 'other';
}
