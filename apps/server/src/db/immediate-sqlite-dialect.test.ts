import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, openSqlite, type DatabaseHandle } from './database.ts';

describe('SQLite transactions', () => {
  let dir: string;
  let handle: DatabaseHandle;

  afterEach(async () => {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hold the write lock from their start, so a write after a read never meets a moved snapshot', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ludoterm-immediate-'));
    const path = join(dir, 'ludoterm.db');
    handle = createDatabase({ sqlitePath: path });
    await sql`create table t (v text)`.execute(handle.db);
    const other = openSqlite(path);
    other.pragma('busy_timeout = 0');
    try {
      await handle.db.transaction().execute(async (tx) => {
        await sql`select count(*) from t`.execute(tx);
        // Another connection (a worker thread, the checkpoint thread) cannot move the database
        // under this transaction: with a deferred `begin` it could, and the insert below would
        // fail at once with SQLITE_BUSY_SNAPSHOT.
        expect(() => other.prepare(`insert into t (v) values ('otra')`).run()).toThrow(
          /database is locked/,
        );
        await sql`insert into t (v) values ('propia')`.execute(tx);
      });
      expect(other.prepare('select v from t').pluck().all()).toEqual(['propia']);
    } finally {
      other.close();
    }
  });

  it('wait for another connection to finish writing without freezing the event loop', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ludoterm-immediate-'));
    const path = join(dir, 'ludoterm.db');
    handle = createDatabase({ sqlitePath: path });
    await sql`create table t (v text)`.execute(handle.db);
    const other = openSqlite(path);
    try {
      other.exec('begin immediate');
      const alone = sql`insert into t (v) values ('sola')`.execute(handle.db);
      const inTransaction = handle.db
        .transaction()
        .execute((tx) => sql`insert into t (v) values ('en transacción')`.execute(tx));
      // A busy handler would hold this thread until the lock is free: the timer could not fire.
      const ticked = await new Promise<number>((resolve) => {
        const from = performance.now();
        setTimeout(() => resolve(performance.now() - from), 20);
      });
      expect(ticked).toBeLessThan(200);
      other.exec(`insert into t (v) values ('otra'); commit`);
      await Promise.all([alone, inTransaction]);
      // The two waiting writes retry on timers: either may land first, after the other's.
      const rows = other.prepare('select v from t order by rowid').pluck().all();
      expect(rows[0]).toBe('otra');
      expect(rows.slice(1).sort()).toEqual(['en transacción', 'sola']);
    } finally {
      other.close();
    }
  });
});
