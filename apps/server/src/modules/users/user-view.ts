import type { Plan, User } from '@ludoterm/contract';
import type { UserRow } from '../../db/schema.ts';
import { DAY_MS } from '../../lib/clock.ts';

/** Days left of a pro trial (ceil, never below 0); null for other plans. */
export function trialRemaining(
  user: Pick<UserRow, 'plan' | 'trial_ends_at'>,
  now = Date.now(),
): number | null {
  if (user.plan !== 'pro_trial') return null;
  if (!user.trial_ends_at) return 0;
  return Math.max(0, Math.ceil((Date.parse(user.trial_ends_at) - now) / DAY_MS));
}

/** A pro_trial past its end counts as free; the stored plan stays, so the client can say so. */
export function effectivePlan(
  user: Pick<UserRow, 'plan' | 'trial_ends_at'>,
  now = Date.now(),
): Plan {
  if (user.plan === 'pro_trial' && trialRemaining(user, now) === 0) return 'free';
  return user.plan;
}

/** The user as `GET /auth/me` and the admin list answer it. */
export function toUserView(row: UserRow, now = Date.now()): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    plan: row.plan,
    trial_remaining: trialRemaining(row, now),
    display_name: row.display_name,
    avatar_url: row.avatar_path,
    created_at: row.created_at,
    verificacion_codigo: row.verificacion_codigo === 1,
  };
}

/** What an entry's `autor` and a member list show for a user: display name, else e-mail. */
export function displayNameOf(user: Pick<UserRow, 'display_name' | 'email'>): string {
  return user.display_name?.trim() || user.email;
}
