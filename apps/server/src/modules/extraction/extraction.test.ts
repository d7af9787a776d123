import {
  CANDIDATE_CATEGORIES,
  es,
  extractionAnswerSchema,
  type Candidate,
} from '@ludoterm/contract';
import { describe, expect, it } from 'vitest';
import { describeEngines } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';
import {
  ENGLISH_TEXT,
  FRENCH_TEXT,
  SPANISH_TEXT,
  extractorFixture,
  postExtraction,
} from './extraction-test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Every surface form of a candidate, lower case: the shown one and its variants. */
function formsOf(c: Candidate): string[] {
  return [c.termino.es ?? c.termino.en ?? '', ...c.variante].map((f) => f.toLowerCase());
}

function findCandidate(entradas: Candidate[], form: string): Candidate | undefined {
  return entradas.find((c) => formsOf(c).includes(form));
}

describeEngines('POST /extractor', (t) => {
  describe('plan gate', () => {
    it('refuses anonymous callers with 401', async () => {
      const { res } = await postExtraction(t, {}, { texto: SPANISH_TEXT });
      expect(res.statusCode).toBe(401);
    });

    it('refuses the free plan with 403 and the spec message', async () => {
      const { headers } = await createUser(t, { plan: 'free' });
      const { res, body } = await postExtraction(t, headers, { texto: SPANISH_TEXT });
      expect(res.statusCode).toBe(403);
      expect(body).toEqual({ code: 'PLAN_REQUIRED', detail: es.extractor.freePlan });
      expect(body.detail).toBe(
        'El extractor no está disponible en el plan FREE. Actualiza a PRO para desbloquear esta funcionalidad.',
      );
    });

    it('refuses an expired pro_trial as free', async () => {
      const { headers } = await createUser(t, {
        plan: 'pro_trial',
        trial_ends_at: new Date(Date.now() - DAY).toISOString(),
      });
      const { res, body } = await postExtraction(t, headers, { texto: SPANISH_TEXT });
      expect(res.statusCode).toBe(403);
      expect(body.code).toBe('PLAN_REQUIRED');
    });

    it('refuses the free plan before reading the upload (no 413, no 422)', async () => {
      const { headers } = await createUser(t, { plan: 'free' });
      const big = Buffer.alloc(t.config.EXTRACTOR_MAX_BYTES + 10, 'a');
      const { res, body } = await postExtraction(t, headers, {}, [
        { field: 'archivo', filename: 'x.odt', data: big },
      ]);
      expect(res.statusCode).toBe(403);
      expect(body.code).toBe('PLAN_REQUIRED');
    });

    it.each([
      ['pro', {}],
      [
        'an active pro_trial',
        { plan: 'pro_trial' as const, trial_ends_at: new Date(Date.now() + 3 * DAY).toISOString() },
      ],
    ])('extracts for %s', async (_name, attrs) => {
      const { headers } = await createUser(t, attrs);
      const { res } = await postExtraction(t, headers, { texto: SPANISH_TEXT });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('pasted text', () => {
    it('answers ranked candidates at or above min_freq with contexts and statistics', async () => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(t, headers, { texto: SPANISH_TEXT });
      expect(res.statusCode).toBe(200);
      const answer = extractionAnswerSchema.parse(body);
      expect(answer.estadisticas).toMatchObject({
        modo_stopwords: 'predeterminadas',
        idioma: 'es',
      });
      expect(answer.estadisticas.palabras).toBeGreaterThan(150);
      expect(answer.estadisticas.total_terminos).toBeGreaterThanOrEqual(
        answer.estadisticas.terminos_unicos,
      );
      expect(answer.estadisticas.terminos_unicos).toBeGreaterThanOrEqual(
        answer.estadisticas.terminos_filtrados,
      );
      expect(answer.entradas).toHaveLength(answer.estadisticas.terminos_filtrados);
      for (const term of ['poción de salud', 'jefe final', 'punto de guardado']) {
        expect(findCandidate(answer.entradas, term), term).toBeDefined();
      }
      for (const c of answer.entradas) {
        expect(c.frecuencia).toBeGreaterThanOrEqual(2);
        expect(c.termino.en).toBeNull();
        expect(CANDIDATE_CATEGORIES).toContain(c.categoria);
        expect(SPANISH_TEXT).toContain(c.contexto);
        expect(c.en_glosarios).toEqual([]);
      }
      const scores = answer.entradas.map((c) => c.puntuacion);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      const potion = findCandidate(answer.entradas, 'poción de salud')!;
      expect(potion.frecuencia).toBe(5);
      expect(formsOf(potion)).toEqual(
        expect.arrayContaining(['poción de salud', 'pociones de salud']),
      );
      expect(potion.contexto.toLowerCase()).toMatch(/poci(ón|ones) de salud/);
    });

    it('uses min_freq: 1 answers more candidates than the default 2', async () => {
      const { headers } = await createUser(t);
      const one = await postExtraction(t, headers, { texto: SPANISH_TEXT, min_freq: '1' });
      const two = await postExtraction(t, headers, { texto: SPANISH_TEXT });
      expect(one.res.statusCode).toBe(200);
      expect(one.body.entradas.length).toBeGreaterThan(two.body.entradas.length);
      expect(one.body.entradas.some((c) => c.frecuencia === 1)).toBe(true);
    });

    it('detects English, and takes idioma as an override', async () => {
      const { headers } = await createUser(t);
      const detected = await postExtraction(t, headers, { texto: ENGLISH_TEXT });
      expect(detected.res.statusCode).toBe(200);
      expect(detected.body.estadisticas.idioma).toBe('en');
      expect(findCandidate(detected.body.entradas, 'save point')).toBeDefined();
      expect(findCandidate(detected.body.entradas, 'final boss')).toBeDefined();
      expect(detected.body.entradas.every((c) => c.termino.es === null)).toBe(true);
      const forced = await postExtraction(t, headers, { texto: ENGLISH_TEXT, idioma: 'en' });
      expect(forced.body.estadisticas.idioma).toBe('en');
    });

    it('replaces the default stopwords in personalizadas mode (text or .txt file)', async () => {
      const { headers } = await createUser(t);
      const typed = await postExtraction(t, headers, {
        texto: SPANISH_TEXT,
        modo_stopwords: 'personalizadas',
        stopwords_personalizadas: 'héroe, mazmorra\njefe',
      });
      expect(typed.res.statusCode).toBe(200);
      expect(typed.body.estadisticas.modo_stopwords).toBe('personalizadas');
      const typedTerms = typed.body.entradas.flatMap(formsOf);
      expect(typedTerms).not.toContain('héroe');
      expect(typedTerms).not.toContain('mazmorra');
      expect(typedTerms).not.toContain('jefe final');

      const file = await postExtraction(
        t,
        headers,
        { texto: SPANISH_TEXT, modo_stopwords: 'personalizadas' },
        [
          {
            field: 'archivo_stopwords',
            filename: 'vacias.txt',
            data: Buffer.from('# mis stopwords\nhéroe\nmazmorra\n'),
          },
        ],
      );
      expect(file.res.statusCode).toBe(200);
      expect(file.body.entradas.flatMap(formsOf)).not.toContain('héroe');
    });
  });

  describe('documents', () => {
    it.each([
      ['manual-es.docx', 'docx'],
      ['manual-es.pdf', 'pdf'],
    ])('reads %s', async (name) => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(t, headers, { min_freq: '1' }, [
        { field: 'archivo', filename: name, data: extractorFixture(name) },
      ]);
      expect(res.statusCode).toBe(200);
      expect(body.estadisticas.idioma).toBe('es');
      expect(body.entradas.length).toBeGreaterThan(3);
    });

    it('reads a .txt upload, and the file wins over pasted text', async () => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(t, headers, { texto: ENGLISH_TEXT }, [
        { field: 'archivo', filename: 'Manual.TXT', data: Buffer.from(SPANISH_TEXT, 'latin1') },
      ]);
      expect(res.statusCode).toBe(200);
      expect(body.estadisticas.idioma).toBe('es');
      expect(findCandidate(body.entradas, 'poción de salud')).toBeDefined();
    });

    it('ignores an empty file input and uses the pasted text', async () => {
      const { headers } = await createUser(t);
      const { res } = await postExtraction(t, headers, { texto: SPANISH_TEXT }, [
        { field: 'archivo', filename: '', data: Buffer.alloc(0) },
      ]);
      expect(res.statusCode).toBe(200);
    });
  });

  describe('refusals (spec section 5 and CONTRACT.md)', () => {
    it('needs a file or text', async () => {
      const { headers } = await createUser(t);
      const forms: Array<Record<string, string>> = [{}, { texto: '   \n ' }, { min_freq: '3' }];
      for (const fields of forms) {
        const { res, body } = await postExtraction(t, headers, fields);
        expect(res.statusCode).toBe(422);
        expect(body).toEqual({
          code: 'VALIDATION_FAILED',
          detail: 'Debes seleccionar un archivo o introducir texto.',
        });
      }
    });

    it('needs stopwords in personalizadas mode', async () => {
      const { headers } = await createUser(t);
      for (const [fields, files] of [
        [{ texto: SPANISH_TEXT, modo_stopwords: 'personalizadas' }, []],
        [
          { texto: SPANISH_TEXT, modo_stopwords: 'personalizadas', stopwords_personalizadas: '  ' },
          [],
        ],
        [
          { texto: SPANISH_TEXT, modo_stopwords: 'personalizadas' },
          [
            {
              field: 'archivo_stopwords',
              filename: 'vacias.txt',
              data: Buffer.from('# solo un comentario\n'),
            },
          ],
        ],
      ] as const) {
        const { res, body } = await postExtraction(t, headers, fields, [...files]);
        expect(res.statusCode).toBe(422);
        expect(body).toEqual({
          code: 'VALIDATION_FAILED',
          detail: 'En modo personalizado, debes proporcionar stopwords (texto o archivo).',
        });
      }
    });

    it.each(['0', '11', '2.5', 'dos', '-1'])('refuses min_freq %s', async (minFreq) => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(t, headers, {
        texto: SPANISH_TEXT,
        min_freq: minFreq,
      });
      expect(res.statusCode).toBe(422);
      expect(body).toEqual({ code: 'VALIDATION_FAILED', detail: es.extractor.minFreqRange });
    });

    it('refuses an unknown stopword mode', async () => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(t, headers, {
        texto: SPANISH_TEXT,
        modo_stopwords: 'todas',
      });
      expect(res.statusCode).toBe(422);
      expect(body.detail).toBe(es.extractor.stopwordModeInvalid);
    });

    it.each(['notas.odt', 'juego.exe', 'sin-extension'])(
      'refuses the extension of %s with 415',
      async (name) => {
        const { headers } = await createUser(t);
        const { res, body } = await postExtraction(t, headers, {}, [
          { field: 'archivo', filename: name, data: Buffer.from(SPANISH_TEXT) },
        ]);
        expect(res.statusCode).toBe(415);
        expect(body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
        expect(body.detail).toMatch(/Sube un archivo \.txt, \.csv, \.docx o \.pdf\./);
      },
    );

    it('refuses a stopword file that is not .txt with 415', async () => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(
        t,
        headers,
        { texto: SPANISH_TEXT, modo_stopwords: 'personalizadas' },
        [
          {
            field: 'archivo_stopwords',
            filename: 'vacias.docx',
            data: extractorFixture('manual-es.docx'),
          },
        ],
      );
      expect(res.statusCode).toBe(415);
      expect(body.detail).toBe(es.extractor.stopwordFileType);
    });

    it('refuses content that does not match the extension', async () => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(t, headers, {}, [
        { field: 'archivo', filename: 'manual.docx', data: extractorFixture('manual-es.pdf') },
      ]);
      expect(res.statusCode).toBe(422);
      expect(body.code).toBe('FORMAT_MISMATCH');
      expect(body.detail).toMatch(/extensión \.docx/);
    });

    it('refuses a corrupt .docx', async () => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(t, headers, {}, [
        {
          field: 'archivo',
          filename: 'truncated62886.docx',
          data: extractorFixture('truncated62886.docx'),
        },
      ]);
      expect(res.statusCode).toBe(422);
      expect(body.code).toBe('INVALID_FILE');
      expect(body.detail).toMatch(/dañado/);
    });

    it('refuses a scanned PDF without a text layer, asking for OCR', async () => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(t, headers, {}, [
        { field: 'archivo', filename: 'scan-bad.pdf', data: extractorFixture('scan-bad.pdf') },
      ]);
      expect(res.statusCode).toBe(422);
      expect(body.code).toBe('INVALID_FILE');
      expect(body.detail).toMatch(/OCR/);
    });

    it('refuses French text, and idioma values other than es and en', async () => {
      const { headers } = await createUser(t);
      const french = await postExtraction(t, headers, { texto: FRENCH_TEXT });
      expect(french.res.statusCode).toBe(422);
      expect(french.body.code).toBe('UNSUPPORTED_LANGUAGE');
      expect(french.body.detail).toMatch(/español o en inglés/);
      const fr = await postExtraction(t, headers, { texto: FRENCH_TEXT, idioma: 'fr' });
      expect(fr.res.statusCode).toBe(422);
      expect(fr.body).toEqual({
        code: 'UNSUPPORTED_LANGUAGE',
        detail: es.extractor.languageInvalid,
      });
    });
  });
});

describeEngines(
  'POST /extractor with small limits',
  (t) => {
    it('answers 413 stating the limit for a document over EXTRACTOR_MAX_BYTES', async () => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(t, headers, {}, [
        { field: 'archivo', filename: 'largo.txt', data: Buffer.alloc(5000, 'poción de salud. ') },
      ]);
      expect(res.statusCode).toBe(413);
      expect(body.code).toBe('PAYLOAD_TOO_LARGE');
      expect(body.detail).toContain('4 KiB');
    });

    it('answers 413 for pasted text over the limit', async () => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(t, headers, {
        texto: 'poción de salud. '.repeat(400),
      });
      expect(res.statusCode).toBe(413);
      expect(body.detail).toContain('4 KiB');
    });

    it('answers 413 for stopwords over EXTRACTOR_STOPWORDS_MAX_BYTES', async () => {
      const { headers } = await createUser(t);
      const typed = await postExtraction(t, headers, {
        texto: SPANISH_TEXT.slice(0, 1500),
        modo_stopwords: 'personalizadas',
        stopwords_personalizadas: 'palabra\n'.repeat(200),
      });
      expect(typed.res.statusCode).toBe(413);
      expect(typed.body.detail).toContain('1 KiB');
      const file = await postExtraction(
        t,
        headers,
        { texto: SPANISH_TEXT.slice(0, 1500), modo_stopwords: 'personalizadas' },
        [
          {
            field: 'archivo_stopwords',
            filename: 'vacias.txt',
            data: Buffer.from('palabra\n'.repeat(200)),
          },
        ],
      );
      expect(file.res.statusCode).toBe(413);
      expect(file.body.detail).toContain('1 KiB');
    });

    it('bounds the answer to EXTRACTOR_MAX_CANDIDATES, the best ranked, while the statistics count all', async () => {
      const { headers } = await createUser(t);
      const { res, body } = await postExtraction(t, headers, {
        texto: SPANISH_TEXT,
        min_freq: '1',
      });
      expect(res.statusCode).toBe(200);
      expect(body.entradas).toHaveLength(5);
      expect(body.estadisticas.terminos_filtrados).toBeGreaterThan(5);
    });
  },
  {
    EXTRACTOR_MAX_BYTES: '4096',
    EXTRACTOR_STOPWORDS_MAX_BYTES: '1024',
    EXTRACTOR_MAX_CANDIDATES: '5',
  },
);
