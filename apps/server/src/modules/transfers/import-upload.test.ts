import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser, type TestUser } from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { glossaryCounts, listEntries } from './import-test-helpers.ts';
import { GrowingFile, UploadFailedError, UploadProgress } from './upload-channel.ts';

// The import reads its file while the upload is still arriving (upload-channel.ts): these
// tests send uploads slowly, in pieces, and cut them.

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts).toString('utf8');
}

describe('GrowingFile', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ludoterm-upload-'));
    path = join(dir, 'subida');
    writeFileSync(path, '');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function channel() {
    const { port1, port2 } = new MessageChannel();
    return { progress: new UploadProgress(port1), file: new GrowingFile(path, port2) };
  }

  it('reads what is written as it is written, and ends only when told the upload is whole', async () => {
    const { progress, file } = channel();
    const reading = collect(file.chunks(4));
    appendFileSync(path, 'maná ');
    progress.written(Buffer.byteLength('maná '));
    await sleep(20);
    // More bytes on disk than announced: they are not read until announced.
    appendFileSync(path, 'poción');
    await sleep(20);
    progress.written(Buffer.byteLength('maná poción'));
    progress.complete(Buffer.byteLength('maná poción'));
    expect(await reading).toBe('maná poción');
    await file.close();
    progress.close();
  });

  it('waits for the head it sniffs, unless the whole file is shorter', async () => {
    const { progress, file } = channel();
    const head = file.head(8);
    appendFileSync(path, 'es,en');
    progress.written(5);
    appendFileSync(path, '\nmaná');
    progress.written(11);
    expect(Buffer.from(await head).toString('utf8')).toBe('es,en\nma');

    const short = channel();
    const shortHead = short.file.head(4096);
    short.progress.complete(11);
    expect(Buffer.from(await shortHead).toString('utf8')).toBe('es,en\nmaná');
    await Promise.all([file.close(), short.file.close()]);
  });

  it('a failed upload stops the reading, even after some of it was read', async () => {
    const { progress, file } = channel();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const chunk of file.chunks(64)) seen.push(Buffer.from(chunk).toString('utf8'));
    })();
    appendFileSync(path, 'es,en\n');
    progress.written(6);
    await sleep(20);
    progress.fail();
    await expect(reading).rejects.toBeInstanceOf(UploadFailedError);
    expect(seen).toEqual(['es,en\n']);
    await file.close();
  });

  it('the route giving up without saying the upload is whole is a failed upload', async () => {
    const { progress, file } = channel();
    const reading = collect(file.chunks(64));
    appendFileSync(path, 'es,en\n');
    progress.written(6);
    progress.close();
    await expect(reading).rejects.toBeInstanceOf(UploadFailedError);
    await file.close();
  });
});

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

describeEngines('POST /glosarios/:nombre_seguro/importar, read while it uploads', (t) => {
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
    // The pause lets the import read and hand over the first thousands of entries.
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

    const res = await slowImport(t, owner, glossary, csvOf(10), { pieces: 1, pauseMs: 0 });
    expect(res.json()).toEqual({ importados: 10, omitidos: 0 });
  });
});

describeEngines(
  'POST /glosarios/:nombre_seguro/importar, over the limit after the reading began',
  (t) => {
    it('refuses it with 413 and writes nothing of what was already read', async () => {
      const owner = await createUser(t);
      const glossary = await createGlossaryRow(t, owner.user);
      // ~120 KB against a 64 KiB limit: the first pieces (thousands of entries) are read and
      // handed to the writer before the upload crosses the limit.
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
    });
  },
  { IMPORT_MAX_BYTES: String(64 * 1024) },
);
