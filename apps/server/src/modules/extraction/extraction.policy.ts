import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { effectivePlan } from '../users/user-view.ts';

/**
 * The extractor is for the pro plans (spec section 6): the free plan and a pro_trial whose
 * trial has ended are refused with 403 PLAN_REQUIRED and the spec's message. Checked before
 * the upload is read. Admins are not exempt: the plan, not the role, unlocks it.
 */
export function assertCanExtract(
  user: Pick<UserRow, 'plan' | 'trial_ends_at'>,
  now = Date.now(),
): void {
  if (effectivePlan(user, now) === 'free') throw new AppError('PLAN_REQUIRED');
}
