import {
  type EntryInput,
  type ExportFormat,
  GRAMMATICAL_CATEGORIES,
  GRAMMATICAL_GENDERS,
  GRAMMATICAL_NUMBERS,
  type Language,
  type Term,
  TERM_STATUSES,
  TERM_TYPES,
  termIdentity,
} from '@ludoterm/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvHeaders } from './csv/write-csv.ts';
import { collectEntries } from './entry-stream.ts';
import { suggestMapping } from './mapping/column-mapping.ts';
import { blankEntry, cardFieldIds, type ExportEntry, type GlossaryMeta, languagesOf, setField } from './model.ts';
import { readImportFile } from './read-import-file.ts';
import { SAMPLE_ENTRIES, SAMPLE_META } from './test-support/sample-entries.ts';
import { writeExport } from './write-export.ts';

/**
 * Pieces of text that break naive writers: accents, ñ, astral-plane characters, quotes,
 * delimiters, line breaks, XML specials, formula starters, the TSV comment separator.
 */
const TOKENS = [
  'x', 'Z', 'q', 'ñ', 'Ñ', 'á', 'É', 'ü', 'ç', 'ß', '€', '«', '»', '→', 'ˈ', '𝐀', '😀', '🇪🇸',
  '"', "'", '""', ',', ';', ' ', '\n', '\r\n', '\t', '<', '>', '&', ']]>', '&amp;', '=', '+', '-', '@',
  '#', '|', ' | ', '\\', '\\"', '0', '7', ':', 'notas: ', 'Definición: ',
];
/** What a line-based TSV glossary cannot hold: tabs, line breaks, the comment separator. */
const TSV_UNSAFE = new Set(['\n', '\r\n', '\t', ' | ', 'Definición: ', 'notas: ']);

const value = (tokens: string[]) =>
  fc
    .array(fc.constantFrom(...tokens), { minLength: 1, maxLength: 8 })
    .map((parts) => parts.join('').trim())
    .filter((text) => text !== '');

const PAIRS: [Language, Language][] = [
  ['es', 'en'],
  ['en', 'es'],
  ['fr', 'de'],
];

interface Case {
  meta: GlossaryMeta;
  entries: ExportEntry[];
}

/** Glossaries of 1–4 entries, each with at least one term and any card fields. */
function glossaries(tokens: string[]): fc.Arbitrary<Case> {
  return fc.constantFrom(...PAIRS).chain(([origen, meta]) => {
    const langs = { idioma_origen: origen, idioma_meta: meta };
    const ids = cardFieldIds(langs).filter((id) => !id.startsWith('termino.'));
    const optional = fc.option(value(tokens), { nil: null, freq: 2 });
    const entry = fc
      .record({
        base: optional,
        target: optional,
        fields: fc.tuple(...ids.map(() => optional)),
      })
      .filter((e) => e.base !== null || e.target !== null)
      .map(({ base, target, fields }) => {
        const out: Record<string, unknown> = { termino: { [origen]: base, [meta]: target } };
        ids.forEach((id, i) => (out[id] = fields[i] ?? null));
        return out as ExportEntry;
      });
    return fc.array(entry, { minLength: 1, maxLength: 4 }).map((entries) => ({
      meta: { ...langs, nombre: 'Prueba', nombre_seguro: 'prueba', descripcion: null },
      entries,
    }));
  });
}

async function exportBytes(formato: ExportFormat, { meta, entries }: Case, version?: 2 | 3): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of writeExport(formato, entries, meta, { version, fecha: new Date('2026-01-01T00:00:00Z') })) {
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** What the readers give back for an exported entry: every card field, comentarios_privados only in JSON. */
function expected(entry: ExportEntry, meta: GlossaryMeta, keepPrivate: boolean): EntryInput {
  const out = blankEntry(meta);
  for (const id of cardFieldIds(meta)) {
    const v = id.startsWith('termino.') ? entry.termino?.[id.slice(8) as Language] : (entry as Record<string, unknown>)[id];
    setField(out, id, typeof v === 'string' ? v : null);
  }
  if (keepPrivate) out.comentarios_privados = entry.comentarios_privados ?? null;
  return out;
}

/**
 * What the TBX reader gives back for a concept: each language's terms in the entry's order;
 * TBX-Basic has no forbidden status, formula type or grammatical number (prohibido comes
 * back desaconsejado, formula as termino_completo, numero empty). A language holding only its one
 * plain preferred term is written as a plain term, and an entry with no other terms has no list.
 */
function expectedConcept(entry: ExportEntry, index: number, meta: GlossaryMeta): EntryInput {
  const out = expected(entry, meta, false);
  const plain = (t: Term) => t.estado === 'preferido' && t.tipo === 'termino_completo' && !t.categoria_gramatical && !t.genero && !t.numero && !t.nota_uso;
  const terms = entry.terminos ?? [];
  const ordered = languagesOf(meta).flatMap((lang) => terms.filter((t) => t.idioma === lang));
  const listed = languagesOf(meta).some((lang) => {
    const own = terms.filter((t) => t.idioma === lang);
    return own.length > 1 || own.some((t) => !plain(t));
  });
  if (listed) {
    out.terminos = ordered.map((t) => ({
      ...t,
      estado: t.estado === 'prohibido' ? 'desaconsejado' : t.estado,
      tipo: t.tipo === 'formula' ? 'termino_completo' : t.tipo,
      numero: null,
    }));
  }
  out.id_externo = entry.id_externo ?? `c-${index + 1}`;
  const record = entry.registro_original;
  if (record && Object.values(record).some((v) => v !== null)) out.registro_original = record;
  return out;
}

async function reimport(formato: 'json' | 'csv' | 'tsv' | 'xlsx' | 'tmx' | 'tbx', bytes: Buffer, meta: GlossaryMeta): Promise<EntryInput[]> {
  const langs = { idioma_origen: meta.idioma_origen, idioma_meta: meta.idioma_meta };
  // Our own exports, the CSV and XLSX included, import at once: no header pass.
  const plan = await readImportFile(bytes, { formato, ...langs });
  if (plan.tipo !== 'entradas') throw new Error('se esperaban entradas');
  return (await collectEntries(plan.entradas)).entradas;
}


/** One language's terms: 1–3 distinct texts, each with any status, type and grammar. */
function termsOf(idioma: Language, tokens: string[]): fc.Arbitrary<Term[]> {
  const term = fc.record({
    idioma: fc.constant(idioma),
    termino: value(tokens),
    estado: fc.constantFrom(...TERM_STATUSES),
    tipo: fc.constantFrom(...TERM_TYPES),
    categoria_gramatical: fc.option(fc.constantFrom(...GRAMMATICAL_CATEGORIES), { nil: null }),
    genero: fc.option(fc.constantFrom(...GRAMMATICAL_GENDERS), { nil: null }),
    numero: fc.option(fc.constantFrom(...GRAMMATICAL_NUMBERS), { nil: null }),
    nota_uso: fc.option(value(tokens), { nil: null }),
  });
  // A plain preferred term (written with no status) beside listed ones is a case of its own.
  const plain = term.map((t) => ({ ...t, estado: 'preferido' as const, tipo: 'termino_completo' as const, categoria_gramatical: null, genero: null, numero: null, nota_uso: null }));
  return fc.uniqueArray(fc.oneof(term, plain), { minLength: 1, maxLength: 3, selector: (t) => termIdentity(t.termino) });
}

/** The language's shown term, as the API keeps it: its first preferred term, else its first. */
function shownTerm(terms: readonly Term[]): Term | undefined {
  return terms.find((t) => t.estado === 'preferido') ?? terms[0];
}

/**
 * Glossaries whose entries are concepts with several terms per language (one language may have
 * none), a concept id and an original record, as an imported termbase gives them.
 */
function conceptGlossaries(tokens: string[]): fc.Arbitrary<Case> {
  return glossaries(tokens).chain(({ meta, entries }) => {
    const [origen, target] = [meta.idioma_origen, meta.idioma_meta];
    const person = fc.option(value(tokens.filter((t) => !t.includes('\n'))), { nil: null });
    const day = fc.option(fc.date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), { nil: null });
    const concept = fc.record({
      base: fc.option(termsOf(origen, tokens), { nil: [] as Term[], freq: 4 }),
      target: termsOf(target, tokens),
      id_externo: fc.option(fc.stringMatching(/^[A-Za-z_][\w.-]{0,12}$/), { nil: undefined }),
      // Often a part of speech the picklist knows, so the card's and the terms' can disagree.
      categoria: fc.option(fc.constantFrom('sustantivo', 'verbo', 'adjetivo', 'adverbio', 'nombre propio'), { nil: undefined }),
      registro_original: fc.option(
        fc.record({ creado_por: person, creado_en: day, modificado_por: person, modificado_en: day }),
        { nil: undefined },
      ),
    });
    return fc.tuple(...entries.map(() => concept)).map((concepts) => ({
      meta,
      entries: entries.map((entry, i) => {
        const { base, target: targetTerms, id_externo, categoria, registro_original } = concepts[i]!;
        const terminos = [...base, ...targetTerms];
        const termino = { [origen]: shownTerm(base)?.termino ?? null, [target]: shownTerm(targetTerms)!.termino };
        // Suffixed with the index, concept ids never repeat nor equal one the export makes up (c-N).
        return { ...entry, categoria: categoria ?? entry.categoria, termino, terminos, id_externo: id_externo && `${id_externo}.${i}`, registro_original };
      }),
    }));
  });
}

const RUNS = { numRuns: 60 };

describe('export then import gives the same entries', () => {
  it.each(['json', 'csv', 'xlsx', 'tmx'] as const)('%s keeps every card field', async (formato) => {
    await fc.assert(
      fc.asyncProperty(glossaries(TOKENS), async (c) => {
        const back = await reimport(formato, await exportBytes(formato, c), c.meta);
        expect(back).toEqual(c.entries.map((e) => expected(e, c.meta, formato === 'json')));
      }),
      RUNS,
    );
    // Sixty workbooks zipped and unzipped take a few seconds on their own, more beside other suites.
  }, 30_000);

  it.each([2, 3] as const)('tbx v%i keeps every card field (the lossless subset is the whole card)', async (version) => {
    await fc.assert(
      fc.asyncProperty(glossaries(TOKENS), async (c) => {
        const back = await reimport('tbx', await exportBytes('tbx', c, version), c.meta);
        // The concept ids the export made up (the entries have none) come back as concept ids.
        expect(back).toEqual(c.entries.map((e, i) => ({ ...expected(e, c.meta, false), id_externo: `c-${i + 1}` })));
      }),
      RUNS,
    );
  });

  it.each([2, 3] as const)('tbx v%i keeps every term of a concept with its status, type, grammar and note, its id and its record', async (version) => {
    await fc.assert(
      fc.asyncProperty(conceptGlossaries(TOKENS), async (c) => {
        const back = await reimport('tbx', await exportBytes('tbx', c, version), c.meta);
        expect(back).toEqual(c.entries.map((e, i) => expectedConcept(e, i, c.meta)));
      }),
      RUNS,
    );
  });

  it('tsv keeps every card field without tabs, line breaks or « | » followed by a label', async () => {
    const tokens = TOKENS.filter((t) => !TSV_UNSAFE.has(t));
    // A headerless file cannot tell a first entry of words over entries whose terms are all
    // numbers from a header over an identifier column (README, formats): such glossaries aside.
    const numbersAfterTheFirst = (c: Case) =>
      c.entries.slice(1).some((e) => Object.values(e.termino ?? {}).some((t) => t != null && /^[-+]?\d+(?:[.,]\d+)?$/.test(t)));
    await fc.assert(
      fc.asyncProperty(
        glossaries(tokens).filter(
          (c) => c.entries.some((e) => !Object.values(e.termino ?? {})[0]?.startsWith('#')) && !numbersAfterTheFirst(c),
        ),
        async (c) => {
          const back = await reimport('tsv', await exportBytes('tsv', c), c.meta);
          expect(back).toEqual(c.entries.map((e) => expected(e, c.meta, false)));
        },
      ),
      RUNS,
    );
  });

  it('json keeps values exactly as they are, untrimmed, and comentarios_privados', async () => {
    const meta: GlossaryMeta = { ...SAMPLE_META };
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.string({ minLength: 1 }), fc.option(fc.string(), { nil: null })), { minLength: 1, maxLength: 4 }), async (rows) => {
        const entries = rows.map(([es, notes]) => ({ termino: { es, en: null }, notas: notes, comentarios_privados: notes }));
        const back = await reimport('json', await exportBytes('json', { meta, entries }), meta);
        expect(back.map((e) => [e.termino?.es, e.notas, e.comentarios_privados])).toEqual(rows.map(([es, n]) => [es, n, n]));
      }),
      RUNS,
    );
  });

  it.each(['json', 'csv', 'tsv', 'xlsx', 'tmx', 'tbx'] as const)('%s round-trips the sample glossary', async (formato) => {
    const c = { meta: SAMPLE_META, entries: SAMPLE_ENTRIES };
    const back = await reimport(formato, await exportBytes(formato, c), SAMPLE_META);
    const want = SAMPLE_ENTRIES.map((e) => expected(e, SAMPLE_META, formato === 'json'));
    if (formato === 'tsv') {
      // The documented loss: line breaks in a value become spaces.
      want[0]!.cuestiones_traductologicas = 'No traducir como «ácido» a secas en la interfaz. Límite: 12 caracteres.';
    }
    if (formato === 'tbx') {
      // Each concept's id, and who made and changed it, come back as its provenance.
      SAMPLE_ENTRIES.forEach((e, i) => (want[i]!.id_externo = `c${e.id}`));
      want[0]!.registro_original = { creado_por: 'ana@example.com', creado_en: '2026-01-02', modificado_por: null, modificado_en: '2026-01-05' };
    }
    expect(back).toEqual(want);
  });

  it('the CSV header pass proposes exactly the export’s own mapping', () => {
    const headers = csvHeaders(SAMPLE_META);
    expect(headers.slice(0, 3)).toEqual(['es', 'en', 'subindice']);
    const mapping = suggestMapping(headers, SAMPLE_META);
    expect(Object.values(mapping)).toEqual([
      ...cardFieldIds(SAMPLE_META).filter((id) => id !== 'definicion_en'),
      ...['otros_terminos.es', 'estados.es', 'otros_terminos.en', 'estados.en', 'estado_revision'],
      // A card field added after the seed's comes after its columns.
      'definicion_en',
    ]);
  });
});
