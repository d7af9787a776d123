import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, vi } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser, type TestUser } from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { glossaryCounts, listEntries } from './import-test-helpers.ts';

// The upload is streamed to a temporary file and read only once it is whole: these tests send
// uploads slowly, in pieces, and cut them.

/** What the import's temporary directory holds (nothing once every import has answered). */
function leftovers(t: TestApp): string[] {
  return readdirSync(join(t.config.DATA_DIR, 'tmp', 'importaciones'));
}

const ROWS = 3000;
const MAPPING = { es: 'termino.es', en: 'termino.en' };

function csvOf(rows: number): Buffer {
  const lines = ['es,en'];
  for (let i = 0; i < rows; i += 1) lines.push(`poción de maná ${i},mana potion ${i}`);
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/**
 * A multipart import sent in `pieces` with `pauseMs` between them; with `cutAfter`, the
 * client goes away after that many pieces.
 */
function slowImport(
  t: TestApp,
  user: TestUser,
  glossary: Pick<GlossaryRow, 'nombre_seguro'>,
  file: Buffer,
  { pieces, pauseMs, cutAfter }: { pieces: number; pauseMs: number; cutAfter?: number },
) {
  const body = multipartBody(
    { formato: 'csv', mapping_json: JSON.stringify(MAPPING) },
    { field: 'archivo', filename: 'glosario.csv', contentType: 'text/csv', data: file },
  );
  const size = Math.ceil(body.payload.length / pieces);
  async function* send() {
    for (let i = 0; i < pieces; i += 1) {
      if (i > 0) await sleep(pauseMs);
      if (cutAfter !== undefined && i === cutAfter) throw new Error('el cliente se fue');
      yield body.payload.subarray(i * size, (i + 1) * size);
    }
  }
  return t.app.inject({
    method: 'POST',
    url: `/api/glosarios/${glossary.nombre_seguro}/importar`,
    headers: { ...user.headers, ...body.headers },
    payload: Readable.from(send()),
  });
}

describeEngines('POST /glosarios/:nombre_seguro/importar, a slow upload', (t) => {
  it('imports a file that arrives slowly, in pieces, whole', async () => {
    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user);
    const res = await slowImport(t, owner, glossary, csvOf(ROWS), { pieces: 6, pauseMs: 60 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ importados: ROWS, omitidos: 0 });
    const entries = await listEntries(t, owner, glossary);
    expect(entries.map((e) => e.termino['es'])).toContain('poción de maná 2999');
  });

  it('a client that goes away mid-upload leaves nothing written, and the glossary can import again', async () => {
    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user);
    await slowImport(t, owner, glossary, csvOf(ROWS), {
      pieces: 4,
      pauseMs: 300,
      cutAfter: 3,
    }).catch(() => undefined);
    expect(await glossaryCounts(t, glossary)).toEqual({
      entradas: 0,
      versiones: 0,
      num_entradas: 0,
    });
    // The server notices the client is gone a moment after the client does.
    await vi.waitFor(() => expect(leftovers(t)).toEqual([]), { timeout: 5000 });

    const res = await slowImport(t, owner, glossary, csvOf(10), { pieces: 1, pauseMs: 0 });
    expect(res.json()).toEqual({ importados: 10, omitidos: 0 });
  });
});

describeEngines(
  'POST /glosarios/:nombre_seguro/importar, over the limit',
  (t) => {
    it('refuses it with 413, writes nothing and keeps nothing of what arrived', async () => {
      const owner = await createUser(t);
      const glossary = await createGlossaryRow(t, owner.user);
      // ~120 KB against a 64 KiB limit.
      const res = await slowImport(t, owner, glossary, csvOf(ROWS * 1.3), {
        pieces: 8,
        pauseMs: 150,
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json<{ code: string }>().code).toBe('PAYLOAD_TOO_LARGE');
      expect(await glossaryCounts(t, glossary)).toEqual({
        entradas: 0,
        versiones: 0,
        num_entradas: 0,
      });
      expect(leftovers(t)).toEqual([]);
    });
  },
  { IMPORT_MAX_BYTES: String(64 * 1024) },
);
