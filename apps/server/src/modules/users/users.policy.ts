import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/** Listing accounts and changing roles and plans is for administrators only. */
export function assertCanManageUsers(actor: Pick<UserRow, 'role'>): void {
  if (actor.role !== 'admin') throw new AppError('ADMIN_ONLY');
}
