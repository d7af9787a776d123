import type { GlossaryAccess, MemberRole } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database, GlossaryRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { findGlossaryBySlug, findMembership } from './glossaries.repository.ts';

/** What the caller may do with one glossary. */
export interface GlossaryPermission {
  glossary: GlossaryRow;
  /** The caller's rights as the API shows them. */
  acceso: GlossaryAccess;
  canWrite: boolean;
  /** Set an entry's review state to `aprobado`: the owner, an admin or a revisor. */
  canApprove: boolean;
  /** Share, trash, restore: the owner or an admin. */
  canManage: boolean;
}

/** read: see it; write: change its entries and description; manage: share, trash, restore. */
export type GlossaryAction = 'read' | 'write' | 'manage';

type Actor = Pick<UserRow, 'id' | 'role'>;

/**
 * The access rule of every glossary-scoped route (CONTRACT.md, Access). Invisible → 404, so the
 * caller learns nothing; visible but not allowed → 403.
 */
export async function authorizeGlossary(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  action: GlossaryAction,
  options: { includeTrashed?: boolean } = {},
): Promise<GlossaryPermission> {
  const glossary = await findGlossaryBySlug(db, nombreSeguro);
  if (!glossary || (glossary.eliminado_en !== null && !options.includeTrashed))
    throw new AppError('NOT_FOUND');
  const permission = await permissionOn(db, user, glossary);
  if (!permission) throw new AppError('NOT_FOUND');
  assertAllowed(permission, action);
  return permission;
}

export function assertAllowed(permission: GlossaryPermission, action: GlossaryAction): void {
  if (action === 'write' && !permission.canWrite) throw new AppError('READ_ONLY');
  if (action === 'manage' && !permission.canManage) {
    throw new AppError('FORBIDDEN', 'Solo la persona propietaria del glosario puede hacer esto.');
  }
}

/** The caller's permission on a glossary row, or null when it is not visible to them. */
export async function permissionOn(
  db: Kysely<Database>,
  user: UserRow,
  glossary: GlossaryRow,
): Promise<GlossaryPermission | null> {
  const isOwnerOrAdmin = user.role === 'admin' || glossary.owner_id === user.id;
  const membership = isOwnerOrAdmin ? undefined : await findMembership(db, glossary.id, user.id);
  return permissionFrom(user, glossary, membership?.rol ?? null);
}

/**
 * `permissionOn` for a row already joined with the caller's membership. Its visibility half in
 * SQL is `visibleGlossaryIds`; keep the two in step.
 */
export function permissionFrom(
  user: Actor,
  glossary: GlossaryRow,
  memberRol: MemberRole | null,
): GlossaryPermission | null {
  const mayWrite = user.role !== 'lector';
  if (user.role === 'admin' || glossary.owner_id === user.id) {
    // A read-only account that owns a glossary (an admin changed its role) sees it read-only.
    return {
      glossary,
      acceso: mayWrite ? 'propietario' : 'lector',
      canWrite: mayWrite,
      canApprove: mayWrite,
      canManage: mayWrite,
    };
  }
  if (memberRol === null) return null;
  if (!mayWrite || memberRol === 'lector') {
    return { glossary, acceso: 'lector', canWrite: false, canApprove: false, canManage: false };
  }
  const canApprove = memberRol === 'revisor';
  return { glossary, acceso: memberRol, canWrite: true, canApprove, canManage: false };
}

/** Creating glossaries: any account that may write (a global `lector` never does). */
export function assertCanCreateGlossary(user: Actor): void {
  if (user.role === 'lector') {
    throw new AppError('FORBIDDEN', 'Tu cuenta es de solo lectura: no puede crear glosarios.');
  }
}

/** Listing every glossary of the installation (`?todos=1`): admins only. */
export function assertCanListAll(user: Actor): void {
  if (user.role !== 'admin') throw new AppError('ADMIN_ONLY');
}

/** The owner or an admin removes anyone; any member may remove themself (leave). */
export function assertCanRemoveMember(
  permission: GlossaryPermission,
  user: Actor,
  memberUserId: number | null,
): void {
  if (memberUserId !== null && memberUserId === user.id) return;
  assertAllowed(permission, 'manage');
}
