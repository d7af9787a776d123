import {
  ADMIN_PAGE_SIZE,
  type AdminUser,
  type ListUsersQuery,
  type UpdateUserInput,
} from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, UserRow, UserUpdate } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { addMs, DAY_MS, nowIso } from '../../lib/clock.ts';
import {
  countUsers,
  findUserForUpdate,
  listUsers,
  lockAdmins,
  updateUser,
} from './admin-users.repository.ts';
import { toUserView } from './user-view.ts';
import { assertCanManageUsers } from './users.policy.ts';

export function toAdminUserView(row: UserRow): AdminUser {
  return { ...toUserView(row), trial_ends_at: row.trial_ends_at };
}

/** `GET /admin/users`: accounts by id, filtered by a case-insensitive e-mail substring, paged. */
export async function listUsersForAdmin(
  db: Kysely<Database>,
  actor: UserRow,
  query: ListUsersQuery,
): Promise<{ users: AdminUser[]; total: number }> {
  assertCanManageUsers(actor);
  const emailContains = query.email?.trim().toLowerCase() || undefined;
  const paged = query.pagina !== undefined || query.por_pagina !== undefined;
  const size = query.por_pagina ?? ADMIN_PAGE_SIZE;
  const window = paged ? { limit: size, offset: ((query.pagina ?? 1) - 1) * size } : undefined;
  const [rows, total] = await Promise.all([
    listUsers(db, { emailContains }, window),
    countUsers(db, { emailContains }),
  ]);
  return { users: rows.map(toAdminUserView), total };
}

/**
 * `PUT /admin/users/{id}`: role and/or plan. The last administrator cannot lose the role (409),
 * checked under a lock; setting `pro_trial` starts a fresh trial of TRIAL_DAYS.
 */
export async function updateUserByAdmin(
  db: Kysely<Database>,
  config: Pick<Config, 'TRIAL_DAYS'>,
  actor: UserRow,
  id: number,
  input: UpdateUserInput,
): Promise<AdminUser> {
  assertCanManageUsers(actor);
  const updated = await db.transaction().execute(async (trx) => {
    const admins = await lockAdmins(trx);
    const target = await findUserForUpdate(trx, id);
    if (!target) throw new AppError('NOT_FOUND', 'Ese usuario no existe.');
    const demotes = target.role === 'admin' && input.role !== undefined && input.role !== 'admin';
    if (demotes && admins <= 1) throw new AppError('LAST_ADMIN');

    const now = nowIso();
    const changes: UserUpdate = { updated_at: now };
    if (input.role !== undefined) changes.role = input.role;
    if (input.plan !== undefined) {
      changes.plan = input.plan;
      changes.trial_ends_at =
        input.plan === 'pro_trial' ? addMs(now, config.TRIAL_DAYS * DAY_MS) : null;
    }
    return updateUser(trx, id, changes);
  });
  if (!updated) throw new AppError('NOT_FOUND', 'Ese usuario no existe.');
  return toAdminUserView(updated);
}
