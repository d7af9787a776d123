import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { releaseJobLock, tryAcquireJobLock } from './job-locks.repository.ts';

/**
 * Runs `work` only if this holder takes the named database lock (null when another has it); a
 * crashed holder's lease lasts at most `leaseMs`.
 */
export async function runExclusive<T>(
  db: Kysely<Database>,
  { name, holder, leaseMs }: { name: string; holder: string; leaseMs: number },
  work: () => Promise<T>,
): Promise<T | null> {
  const now = Date.now();
  const acquired = await tryAcquireJobLock(db, {
    name,
    holder,
    now: new Date(now).toISOString(),
    until: new Date(now + leaseMs).toISOString(),
  });
  if (!acquired) return null;
  try {
    return await work();
  } finally {
    await releaseJobLock(db, { name, holder, now: new Date().toISOString() });
  }
}
