import type { GlossaryAccess } from '@ludoterm/contract';
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
  /** Share, trash, restore: the owner or an admin. */
  canManage: boolean;
}

/** read: see it; write: change its entries and description; manage: share, trash, restore. */
export type GlossaryAction = 'read' | 'write' | 'manage';

/**
 * The one access rule for every glossary-scoped route (CONTRACT.md, Access): a glossary is
 * visible to its owner, its members and admins; members are editors or readers; a global
 * `lector` account never writes. Invisible → 404 (the caller learns nothing); visible but
 * not allowed → 403.
 */
export async function authorizeGlossary(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  action: GlossaryAction,
  options: { includeTrashed?: boolean } = {},
): Promise<GlossaryPermission> {
  const glossary = await findGlossaryBySlug(db, nombreSeguro);
  if (!glossary || (glossary.eliminado_en !== null && !options.includeTrashed)) throw new AppError('NOT_FOUND');
  const permission = await permissionOn(db, user, glossary);
  if (!permission) throw new AppError('NOT_FOUND');
  if (action === 'write' && !permission.canWrite) throw new AppError('READ_ONLY');
  if (action === 'manage' && !permission.canManage) {
    throw new AppError('FORBIDDEN', 'Solo la persona propietaria del glosario puede hacer esto.');
  }
  return permission;
}

/** The caller's permission on a glossary row, or null when it is not visible to them. */
export async function permissionOn(
  db: Kysely<Database>,
  user: UserRow,
  glossary: GlossaryRow,
): Promise<GlossaryPermission | null> {
  const mayWrite = user.role !== 'lector';
  if (user.role === 'admin' || glossary.owner_id === user.id) {
    return { glossary, acceso: 'propietario', canWrite: mayWrite, canManage: mayWrite };
  }
  const membership = await findMembership(db, glossary.id, user.id);
  if (!membership) return null;
  const canWrite = membership.rol === 'editor' && mayWrite;
  return { glossary, acceso: canWrite ? 'editor' : 'lector', canWrite, canManage: false };
}
