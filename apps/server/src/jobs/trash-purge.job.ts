import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { purgeExpiredTrash } from '../modules/glossaries/glossary-trash.service.ts';
import { repeatInBackground } from './repeat-in-background.ts';
import { runExclusive } from './run-exclusive.ts';

const LOCK_NAME = 'trash-purge';
const LEASE_MS = 15 * 60 * 1000;

/** One purge under the `trash-purge` lock: glossaries deleted, or null if another holds it. */
export async function runTrashPurge(
  db: Kysely<Database>,
  holder: string,
  now?: number,
): Promise<number | null> {
  return runExclusive(db, { name: LOCK_NAME, holder, leaseMs: LEASE_MS }, () =>
    purgeExpiredTrash(db, now),
  );
}

/** Purges the expired trash at start and every PURGE_INTERVAL_MINUTES (0 disables it). */
export function scheduleTrashPurge(
  app: FastifyInstance,
  config: Pick<Config, 'PURGE_INTERVAL_MINUTES'>,
): void {
  if (config.PURGE_INTERVAL_MINUTES <= 0) return;
  const holder = `${process.pid}-${randomUUID()}`;
  repeatInBackground(
    app,
    {
      everyMs: config.PURGE_INTERVAL_MINUTES * 60_000,
      atStart: true,
      failure: 'papelera: la purga falló',
    },
    async () => {
      await app.writeGate.passed();
      const purged = await runTrashPurge(app.db, holder);
      if (purged) app.log.info({ purged }, 'papelera: glosarios caducados eliminados');
    },
  );
}
