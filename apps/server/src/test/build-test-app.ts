import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { DatabaseEngine } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { createTestDatabase, testEngines } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  engine: DatabaseEngine;
  config: Config;
  close(): Promise<void>;
}

/** The configuration of a test app: fixed secret, silent logs, cheap password hashing. */
export function testConfig(dataDir: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Tests run the trash purge themselves, never on a timer.
    PURGE_INTERVAL_MINUTES: '0',
    ...overrides,
  });
}

/** The whole app on a fresh, migrated database of the engine; never listens. */
export async function buildTestApp(
  engine: DatabaseEngine,
  overrides: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const config = testConfig(database.dataDir, {
    ...(database.postgresUrl ? { DATABASE_URL: database.postgresUrl } : {}),
    ...overrides,
  });
  const app = await buildApp(config, database.handle);
  await extend?.(app);
  await app.ready();
  return {
    app,
    db: database.handle.db,
    engine,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * Runs a suite once per engine (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), each
 * on its own fresh database. The context is filled before the suite's tests run.
 */
export function describeEngines(
  name: string,
  body: (t: TestApp) => void,
  overrides: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void | Promise<void>,
): void {
  describe.each(testEngines)(`${name} [%s]`, (engine) => {
    const t = {} as TestApp;
    beforeAll(async () => {
      Object.assign(t, await buildTestApp(engine, overrides, extend));
    });
    afterAll(async () => {
      await t.close?.();
    });
    body(t);
  });
}
