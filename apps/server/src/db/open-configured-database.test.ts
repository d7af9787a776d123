import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/build-test-app.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/test-database.ts';
import { openConfiguredDatabase } from './open-configured-database.ts';

describe.runIf(testEngines.includes('postgres'))('the configured PostgreSQL connection', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.drop());

  it('takes its statement time limit and pool size from the configuration', async () => {
    const config = testConfig(database.dataDir, {
      DATABASE_URL: database.postgresUrl!,
      DATABASE_STATEMENT_TIMEOUT_MS: '1234',
      DATABASE_POOL_SIZE: '3',
    });
    const handle = openConfiguredDatabase(config);
    try {
      const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(
        handle.db,
      );
      expect(shown.rows[0]?.statement_timeout).toBe('1234ms');
      // Four statements at once on a pool of three: the fourth waits for a connection.
      const backends = await Promise.all(
        Array.from({ length: 4 }, () =>
          sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(handle.db),
        ),
      );
      expect(new Set(backends.map((r) => r.rows[0]!.pid)).size).toBe(3);
    } finally {
      await handle.destroy();
    }
  });
});
