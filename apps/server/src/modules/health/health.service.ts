import type { Health } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { APP_VERSION } from '../../version.ts';
import { pingDatabase } from './health.repository.ts';

/** Answers only when the database answers, so a load balancer can rely on it. */
export async function checkHealth(
  db: Kysely<Database>,
  { config, engine }: { config: Config; engine: 'sqlite' | 'postgres' },
): Promise<Health> {
  await pingDatabase(db);
  return {
    status: 'ok',
    version: APP_VERSION,
    database: engine,
    contact_email: config.CONTACT_EMAIL,
    google_client_id: config.GOOGLE_CLIENT_ID ?? null,
    import_max_bytes: config.IMPORT_MAX_BYTES,
  };
}
