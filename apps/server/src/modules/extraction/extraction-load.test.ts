import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { es, format } from '@ludoterm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';
import { SPANISH_TEXT, postExtraction } from './extraction-test-helpers.ts';

// Shattered Pixel Dungeon's Spanish strings (GPL-3.0, packages/extractor/fixtures/games): a
// large real text, so each extraction keeps a thread busy for a while.
const gameText = readFileSync(
  join(
    dirname(createRequire(import.meta.url).resolve('@ludoterm/extractor/package.json')),
    'fixtures',
    'games',
    'spd-es.txt',
  ),
  'utf8',
);

describeEngines('POST /extractor under load', (t) => {
  it('keeps answering other requests while several large extractions run', async () => {
    const { headers } = await createUser(t);
    // The thread and its models are loaded once before measuring.
    expect((await postExtraction(t, headers, { texto: SPANISH_TEXT })).res.statusCode).toBe(200);

    let running = 3;
    const extractions = Array.from({ length: 3 }, () =>
      postExtraction(t, headers, { texto: gameText }).finally(() => {
        running -= 1;
      }),
    );
    const latencies: number[] = [];
    let answeredDuringExtraction = 0;
    while (running > 0) {
      const started = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      latencies.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
      if (running > 0) answeredDuringExtraction += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answers = await Promise.all(extractions);
    for (const { res, body } of answers) {
      expect(res.statusCode).toBe(200);
      expect(body.estadisticas.palabras).toBeGreaterThan(70_000);
    }
    // The event loop stayed free while the threads worked. The latency bound is loose on purpose,
    // for loaded CI machines.
    expect(answeredDuringExtraction).toBeGreaterThanOrEqual(3);
    expect(Math.max(...latencies)).toBeLessThan(2000);
  }, 180_000);
});

describe('POST /extractor time limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Long enough for a fresh thread to load the models on a loaded machine.
    t = await buildTestApp('sqlite', { EXTRACTOR_JOB_TIMEOUT_SECONDS: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends a job over EXTRACTOR_JOB_TIMEOUT_SECONDS with 503 and keeps serving', async () => {
    const { headers } = await createUser(t);
    // Warm the thread first, so the limit is spent on extraction, not on loading the models.
    expect((await postExtraction(t, headers, { texto: SPANISH_TEXT })).res.statusCode).toBe(200);
    // Nearly 20 MB: several times the limit's worth of work even on a fast machine.
    const { res, body } = await postExtraction(t, headers, { texto: gameText.repeat(40) });
    expect(res.statusCode).toBe(503);
    expect(body).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      detail: format(es.extractor.timeout, { limit: '3 segundos' }),
    });
    // The terminated thread is replaced: the next extraction works.
    expect((await postExtraction(t, headers, { texto: SPANISH_TEXT })).res.statusCode).toBe(200);
  }, 120_000);
});
