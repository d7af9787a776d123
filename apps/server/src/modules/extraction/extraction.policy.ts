import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { effectivePlan } from '../users/index.ts';

/** Pro plans only (spec section 6), admins included; checked before the upload is read. */
export function assertCanExtract(
  user: Pick<UserRow, 'plan' | 'trial_ends_at'>,
  now = Date.now(),
): void {
  if (effectivePlan(user, now) === 'free') throw new AppError('PLAN_REQUIRED');
}
