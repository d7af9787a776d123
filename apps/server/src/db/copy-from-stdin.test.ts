import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/test-database.ts';
import { copyTextValue } from './copy-from-stdin.ts';

describe.runIf(testEngines.includes('postgres'))('COPY … FROM STDIN through Kysely', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.drop());

  it('writes every value as sent, in the caller’s transaction', async () => {
    const { db } = database.handle;
    await sql`create table copied (n bigint, t text, b boolean)`.execute(db);
    const values = [
      [1, 'tab\there, new\nline, cr\r, back\\slash', true],
      [2, '\\N is text, not null', false],
      [3, null, null],
      [4, 'ñandú «poción» 💧 \u0001', true],
    ] as const;
    const data = values.map((row) => row.map(copyTextValue).join('\t') + '\n').join('');
    const copy = CompiledQuery.raw('copy copied (n, t, b) from stdin', [data]);
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.executeQuery(copy);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await sql`select * from copied`.execute(db)).rows).toEqual([]);

    const result = await db.transaction().execute((tx) => tx.executeQuery(copy));
    expect(result.numAffectedRows).toBe(4n);
    const { rows } = await sql<{
      n: number;
      t: string | null;
      b: boolean | null;
    }>`select n, t, b from copied order by n`.execute(db);
    expect(rows.map((r) => [r.n, r.t, r.b])).toEqual(values);
  });

  it('answers a malformed row with the database error and writes nothing', async () => {
    const { db } = database.handle;
    await sql`create table strict_copy (n bigint not null)`.execute(db);
    const copy = CompiledQuery.raw('copy strict_copy (n) from stdin', ['1\nnot a number\n']);
    await expect(db.executeQuery(copy)).rejects.toThrow(/bigint/);
    expect((await sql`select * from strict_copy`.execute(db)).rows).toEqual([]);
    // The connection is still usable afterwards.
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]?.one).toBe(1);
  });

  it('refuses a copy without exactly one text parameter', async () => {
    const { db } = database.handle;
    for (const parameters of [[], ['1\n', '2\n'], [42]])
      await expect(
        db.executeQuery(CompiledQuery.raw('copy strict_copy (n) from stdin', parameters)),
      ).rejects.toThrow(/exactly one parameter/);
    expect((await sql`select * from strict_copy`.execute(db)).rows).toEqual([]);
  });
});
