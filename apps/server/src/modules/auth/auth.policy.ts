import type { Config } from '../../config.ts';
import type { NewUser } from '../../db/schema.ts';
import { DAY_MS } from '../../lib/clock.ts';

/**
 * Role and plan of a new account (CONTRACT, Accounts): ADMIN_EMAIL's account, or else the
 * first one, is admin on pro; the others get a pro trial of TRIAL_DAYS (free when 0).
 */
export function initialAccess(
  email: string,
  isFirstAccount: boolean,
  config: Pick<Config, 'ADMIN_EMAIL' | 'TRIAL_DAYS'>,
  now: Date,
): Pick<NewUser, 'role' | 'plan' | 'trial_ends_at'> {
  const isAdmin = config.ADMIN_EMAIL
    ? email === config.ADMIN_EMAIL.trim().toLowerCase()
    : isFirstAccount;
  if (isAdmin) return { role: 'admin', plan: 'pro', trial_ends_at: null };
  if (config.TRIAL_DAYS <= 0) return { role: 'editor', plan: 'free', trial_ends_at: null };
  return {
    role: 'editor',
    plan: 'pro_trial',
    trial_ends_at: new Date(now.getTime() + config.TRIAL_DAYS * DAY_MS).toISOString(),
  };
}

/** E-mail addresses are compared trimmed and lower-cased everywhere. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
