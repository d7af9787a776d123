import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDatabase, type DatabaseEngine, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { quoteIdent, withAdminClient, withDatabase } from './postgres-admin.ts';

/** The engines this run tests: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testEngines: DatabaseEngine[] = inject('postgresTemplate') ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Temporary folder for this database's DATA_DIR. */
  dataDir: string;
  /** Connection string of the PostgreSQL database, null on SQLite. */
  postgresUrl: string | null;
  drop(): Promise<void>;
}

/** A fresh, migrated database of the given engine, dropped by `drop()`. */
export async function createTestDatabase(engine: DatabaseEngine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ludoterm-test-'));
  if (engine === 'sqlite') {
    const handle = createDatabase({ sqlitePath: join(dataDir, 'ludoterm.db') });
    await migrateToLatest(handle.db);
    return {
      handle,
      dataDir,
      postgresUrl: null,
      drop: async () => {
        await handle.destroy().catch(() => undefined);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = inject('postgresTemplate')!;
  const name = `ludoterm_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, async (client) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
        return;
      } catch (error) {
        // Two clones of one template at the same instant can collide; try again shortly.
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const postgresUrl = withDatabase(adminUrl, name);
  const handle = createDatabase({ postgresUrl });
  return {
    handle,
    dataDir,
    postgresUrl,
    drop: async () => {
      await handle.destroy().catch(() => undefined);
      await withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${quoteIdent(name)} with (force)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
