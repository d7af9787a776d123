import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createGlossaryRow, createUser } from '../test/factories.ts';

// With WAL_CHECKPOINT_SECONDS on, the main connection's own checkpoint is only a distant
// backstop, so the database file grows through the checkpoint thread alone.
describe('WAL checkpoints on a thread of their own (SQLite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { WAL_CHECKPOINT_SECONDS: '0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('copies the WAL into the database file while the main connection only appends to it', async () => {
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      t.db,
    );
    expect(rows[0]?.wal_autocheckpoint).toBe(10_000);
    const file = join(t.config.DATA_DIR, 'ludoterm.db');
    const before = statSync(file).size;

    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user);
    for (let i = 0; i < 40; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${glossary.nombre_seguro}/entradas`,
        headers: owner.headers,
        payload: {
          termino: { es: `poción de vida ${i}`, en: `health potion ${i}` },
          definicion: 'Objeto consumible que restaura puntos de vida al usarlo en combate.',
        },
      });
      expect(res.statusCode).toBe(201);
    }

    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before), {
      timeout: 10_000,
      interval: 50,
    });
  });

  // Under back-to-back writes the WAL starts over only because the thread restarts it; without
  // that it would reach the main connection's backstop. Writes go on until a restart is seen.
  it('starts the WAL over while writes keep coming', async () => {
    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user);
    const wal = join(t.config.DATA_DIR, 'ludoterm.db-wal');
    const create = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${glossary.nombre_seguro}/entradas`,
        headers: owner.headers,
        payload: {
          termino: { es: `escudo de torre ${i}`, en: `tower shield ${i}` },
          definicion: `Escudo grande que cubre al personaje entero (${i}).`,
          notas: 'Bloquea proyectiles y reduce la velocidad de movimiento del portador.',
        },
      });
    expect((await create(0)).statusCode).toBe(201);
    // The WAL header's checkpoint sequence number (bytes 12–15) moves at each restart.
    const restarts = () => {
      const file = openSync(wal, 'r');
      const header = Buffer.alloc(16);
      readSync(file, header, 0, 16, 0);
      closeSync(file);
      return header.readUInt32BE(12);
    };
    const before = restarts();
    let pagesAtRestart: number | null = null;
    let written = 0;
    const writer = async (from: number) => {
      for (let i = from; pagesAtRestart === null && written < 3000; i += 1) {
        expect((await create(i)).statusCode).toBe(201);
        written += 1;
        if (pagesAtRestart === null && restarts() !== before) {
          pagesAtRestart = statSync(wal).size / 4096;
        }
      }
    };
    await Promise.all([writer(1), writer(10_000), writer(20_000), writer(30_000)]);
    expect(pagesAtRestart).not.toBeNull();
    expect(pagesAtRestart!).toBeLessThan(10_000);
  }, 120_000);
});
