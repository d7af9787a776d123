import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createDatabase, eachRowSql, type DatabaseHandle } from './database.ts';

let dir: string;
let database: DatabaseHandle;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ludoterm-each-row-'));
  database = createDatabase({ sqlitePath: join(dir, 'db.sqlite') });
  await sql`create table t (id integer primary key, texto text not null, nota text)`.execute(
    database.db,
  );
});

afterEach(async () => {
  await database.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const INSERT = eachRowSql('insert into t (id, texto, nota) values (?, ?, ?)');

async function rowsOfT() {
  const { rows } = await sql`select id, texto, nota from t order by id`.execute(database.db);
  return rows;
}

it('runs the statement once per row, each with its own values, as they are', async () => {
  const result = await database.db.executeQuery(
    CompiledQuery.raw(INSERT, [
      [1, 'maná', null],
      [2, 'comillas "dobles" y \\ barra', 'nota'],
      [3, '“tipográficas” 日本', ''],
    ]),
  );
  expect(result.numAffectedRows).toBe(3n);
  expect(await rowsOfT()).toEqual([
    { id: 1, texto: 'maná', nota: null },
    { id: 2, texto: 'comillas "dobles" y \\ barra', nota: 'nota' },
    { id: 3, texto: '“tipográficas” 日本', nota: '' },
  ]);
});

it('a row that fails stops the statement, and the transaction leaves nothing written', async () => {
  const write = database.db.transaction().execute(async (tx) => {
    await tx.executeQuery(
      CompiledQuery.raw(INSERT, [
        [1, 'uno', null],
        [2, null, null],
        [3, 'tres', null],
      ]),
    );
  });
  await expect(write).rejects.toThrow(/NOT NULL/);
  expect(await rowsOfT()).toEqual([]);
});

it('the same text without the mark is an ordinary statement', async () => {
  await database.db.executeQuery(
    CompiledQuery.raw('insert into t (id, texto, nota) values (?, ?, ?)', [7, 'siete', null]),
  );
  expect(await rowsOfT()).toEqual([{ id: 7, texto: 'siete', nota: null }]);
});
