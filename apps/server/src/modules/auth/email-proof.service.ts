import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { claimInvitations } from '../glossaries/index.ts';
import { ADMIN_ACCESS, isAdminEmail } from './auth.policy.ts';
import { updateUserVerification } from './auth.repository.ts';

/**
 * Records that `user` proved its address (an e-mailed code or link, or Google). Only then do its
 * invitations take effect and ADMIN_EMAIL's account become admin, so registering someone else's
 * address first gains nothing. Idempotent; answers the user as it is now.
 */
export async function confirmEmailOwnership(
  db: Kysely<Database>,
  user: UserRow,
  config: Pick<Config, 'ADMIN_EMAIL'>,
): Promise<UserRow> {
  const promote = isAdminEmail(user.email, config) && user.role !== 'admin';
  if (user.email_verified_at && !promote) return user;
  const now = nowIso();
  const updated = await updateUserVerification(db, user.id, {
    email_verified_at: user.email_verified_at ?? now,
    ...(promote ? ADMIN_ACCESS : {}),
    updated_at: now,
  });
  if (!updated) return user;
  await claimInvitations(db, updated);
  return updated;
}
