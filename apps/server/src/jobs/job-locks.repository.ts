import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Takes the named lock until `until` if nobody holds it (or the holder's lease ran out), in
 * one atomic statement: of several instances asking at once, exactly one gets `true`.
 */
export async function tryAcquireJobLock(
  db: Kysely<Database>,
  { name, holder, now, until }: { name: string; holder: string; now: string; until: string },
): Promise<boolean> {
  const row = await db
    .insertInto('job_locks')
    .values({ name, holder, locked_until: until })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          locked_until: eb.ref('excluded.locked_until'),
        }))
        .where('job_locks.locked_until', '<=', now),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lock back early, if this holder still has it. */
export async function releaseJobLock(
  db: Kysely<Database>,
  { name, holder, now }: { name: string; holder: string; now: string },
): Promise<void> {
  await db
    .updateTable('job_locks')
    .set({ locked_until: now })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
