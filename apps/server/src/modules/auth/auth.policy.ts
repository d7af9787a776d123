import type { Config } from '../../config.ts';
import type { NewUser } from '../../db/schema.ts';
import { DAY_MS } from '../../lib/clock.ts';

export const ADMIN_ACCESS = { role: 'admin', plan: 'pro', trial_ends_at: null } as const;

export function isAdminEmail(email: string, config: Pick<Config, 'ADMIN_EMAIL'>): boolean {
  return !!config.ADMIN_EMAIL && normalizeEmail(email) === normalizeEmail(config.ADMIN_EMAIL);
}

/**
 * Role and plan of a new account (CONTRACT, Accounts): ADMIN_EMAIL's, else the first, is admin
 * on pro; others get a pro trial of TRIAL_DAYS (free when 0). ADMIN_EMAIL's waits for a proven
 * address (`emailProven`), so a stranger registering it first gets nothing.
 */
export function initialAccess(
  email: string,
  isFirstAccount: boolean,
  config: Pick<Config, 'ADMIN_EMAIL' | 'TRIAL_DAYS'>,
  now: Date,
  emailProven: boolean,
): Pick<NewUser, 'role' | 'plan' | 'trial_ends_at'> {
  const isAdmin = config.ADMIN_EMAIL ? emailProven && isAdminEmail(email, config) : isFirstAccount;
  if (isAdmin) return { ...ADMIN_ACCESS };
  if (config.TRIAL_DAYS <= 0) return { role: 'editor', plan: 'free', trial_ends_at: null };
  return {
    role: 'editor',
    plan: 'pro_trial',
    trial_ends_at: new Date(now.getTime() + config.TRIAL_DAYS * DAY_MS).toISOString(),
  };
}

/** E-mail addresses are compared trimmed, in Unicode NFC and lower-cased everywhere. */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}
