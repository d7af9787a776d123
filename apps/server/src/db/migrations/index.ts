import type { Migration } from 'kysely';
import * as createUsers from './2026-11-22-001-create-users.ts';
import * as createGlossaries from './2026-11-22-002-create-glossaries.ts';
import * as createJobLocks from './2026-11-22-003-create-job-locks.ts';
import * as createTickets from './2026-11-22-060-create-tickets.ts';
import * as createLoginCodes from './2026-11-22-061-create-login-codes.ts';
import * as createPasswordResetTokens from './2026-11-22-062-create-password-reset-tokens.ts';

/**
 * Every migration, by sortable name. Listed here (not read from the folder) so the bundled
 * server carries them. Add new ones at the end; never edit one that has been merged.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-create-users': createUsers,
  '2026-11-22-002-create-glossaries': createGlossaries,
  '2026-11-22-003-create-job-locks': createJobLocks,
  '2026-11-22-060-create-tickets': createTickets,
  '2026-11-22-061-create-login-codes': createLoginCodes,
  '2026-11-22-062-create-password-reset-tokens': createPasswordResetTokens,
};
