import { readFile } from 'node:fs/promises';
import type { EntryInput } from '@ludoterm/contract';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../read-import-file.ts';
import { EN_ES, entriesOf, ES_EN, readFixture, sharedInterchangePath } from '../test-support/fixtures.ts';

// A TBX-Basic termbase with several terms per language and their statuses imports as term lists:
// every term keeps its own status, type, grammar and usage note, and nothing lands in Notas or
// Variantes (issue 35, item 6).

async function readTbx(bytes: Uint8Array, langs = ES_EN): Promise<EntryInput[]> {
  return (await entriesOf(readImportFile(bytes, { formato: 'tbx', ...langs }))).entradas;
}

const summary = (entry: EntryInput | undefined) =>
  (entry?.terminos ?? []).map((t) => [t.idioma, t.termino, t.estado, t.tipo, t.categoria_gramatical, t.genero, t.numero, t.nota_uso]);

/** What an importer that flattened terms would have left in Notas: a data category or a term. */
const TERM_DATA_LINE = /^(?:administrativeStatus|normativeAuthorization|usageStatus|termType|partOfSpeech|grammatical(?:Gender|Number))\b/i;

function expectNothingMovedIntoNotes(entries: EntryInput[]): void {
  for (const entry of entries) {
    expect(entry.variante ?? null).toBeNull();
    const terms = new Set((entry.terminos ?? []).map((t) => t.termino));
    for (const line of (entry.notas ?? '').split('\n').filter((l) => l !== '')) {
      expect(line).not.toMatch(TERM_DATA_LINE);
      expect(terms.has(line), `«${line}» es un término y está en Notas`).toBe(false);
    }
  }
}

describe('reading a TBX-Basic termbase with synonyms and statuses', () => {
  it('keeps each term with its status, type, part of speech, gender, number and usage note', async () => {
    const entries = await readTbx(await readFixture('own/tbx-basic-statuses.tbx'));
    expect(entries.map((e) => e.termino)).toEqual([
      { es: 'puntos de salud', en: 'hit points' },
      { es: 'botín', en: 'loot' },
      { es: 'debilitar', en: 'nerf' },
    ]);
    // The file's order is kept; the preferred term is the shown one even when an acronym comes first.
    expect(summary(entries[0])).toEqual([
      ['es', 'PS', 'admitido', 'sigla', null, null, null, null],
      ['es', 'puntos de salud', 'preferido', 'termino_completo', 'sustantivo', 'masculino', null, null],
      ['es', 'vida', 'desaconsejado', 'termino_completo', 'sustantivo', 'femenino', null, 'Ambiguous: also the number of lives.'],
      ['en', 'hit points', 'preferido', 'termino_completo', 'sustantivo', null, 'plural', null],
      ['en', 'HP', 'admitido', 'sigla', null, null, null, 'Only in the HUD, where space is short.'],
      ['en', 'health', 'desaconsejado', 'termino_completo', 'sustantivo', null, null, null],
    ]);
    // normativeAuthorization and usageStatus (MultiTerm ntig) are statuses too.
    expect(summary(entries[1])).toEqual([
      ['es', 'botín', 'preferido', 'termino_completo', 'sustantivo', 'masculino', null, null],
      ['es', 'loot', 'desaconsejado', 'termino_completo', 'sustantivo', null, null, 'Anglicism; keep it out of the interface.'],
      ['es', 'saquear', 'admitido', 'termino_completo', 'verbo', null, null, null],
      ['en', 'loot', 'preferido', 'termino_completo', 'sustantivo', null, null, null],
      ['en', 'drop', 'admitido', 'termino_completo', 'sustantivo', null, null, 'What an enemy leaves behind when defeated.'],
    ]);
    // A language without statuses: its first term is preferred, the others admitted.
    expect(summary(entries[2])).toEqual([
      ['es', 'debilitar', 'preferido', 'termino_completo', 'verbo', null, null, null],
      ['es', 'nerfear', 'admitido', 'termino_completo', 'verbo', null, null, null],
      ['en', 'nerf', 'preferido', 'termino_completo', 'verbo', null, null, null],
    ]);
    expect(entries.map((e) => [e.id_externo, e.categoria])).toEqual([
      ['hp-01', 'sustantivo'],
      ['loot-02', 'sustantivo'],
      ['nerf-03', 'verbo'],
    ]);
    expect(entries[0]!.registro_original).toEqual({ creado_por: 'Marta', creado_en: '2024-05-02T10:15:00', modificado_por: null, modificado_en: null });
    expectNothingMovedIntoNotes(entries);
    expect(entries.slice(1).map((e) => e.notas)).toEqual([null, null]);
  });

  it('reads every English and Spanish term of LTAC’s TBX-Basic sample as the file gives it (shared folder; no licence, never committed)', async (ctx) => {
    const path = sharedInterchangePath('ltac-tbx-test-files/basic_good.tbx');
    if (!path) return ctx.skip('../shared/data/interchange/ltac-tbx-test-files no está disponible');
    const xml = await readFile(path, 'utf8');
    const entries = await readTbx(await readFile(path), EN_ES);
    const byId = new Map(entries.map((e) => [e.id_externo, e]));
    const concepts = termsInFile(xml);
    let listed = 0;
    for (const [id, terms] of concepts) {
      const entry = byId.get(id);
      if (!entry) {
        // Only the concepts with neither English nor Spanish are left out.
        expect(terms, `concepto ${id}`).toEqual([]);
        continue;
      }
      if (!entry.terminos) {
        // One term per language and no status: the card's two terms say it all.
        expect(terms.map((t) => [t.lang, t.text, t.status])).toEqual([
          ['en', entry.termino?.en, null],
          ['es', entry.termino?.es, null],
        ]);
        continue;
      }
      listed += 1;
      const read = new Map(entry.terminos.map((t) => [`${t.idioma}:${t.termino}`, t]));
      expect(read.size, `concepto ${id}`).toBe(terms.length);
      for (const t of terms) {
        const term = read.get(`${t.lang}:${t.text}`);
        expect(term, `concepto ${id}, término «${t.text}»`).toBeDefined();
        expect([term!.categoria_gramatical, term!.tipo, term!.nota_uso]).toEqual([t.pos, t.type, t.notes]);
        if (t.status) expect(term!.estado).toBe(t.status);
      }
    }
    // 15 of the sample's concepts hold synonyms or statuses, so the check above is not empty.
    expect(listed).toBe(15);
    expectNothingMovedIntoNotes(entries);
  });
});

interface FileTerm {
  lang: 'en' | 'es';
  text: string;
  status: string | null;
  pos: string | null;
  type: string;
  notes: string | null;
}

const STATUS: Record<string, string> = { preferred: 'preferido', admitted: 'admitido', deprecated: 'desaconsejado' };
const POS: Record<string, string> = { noun: 'sustantivo', adjective: 'adjetivo' };
const TYPE: Record<string, string> = { fullForm: 'termino_completo', shortForm: 'forma_corta', variant: 'variante', acronym: 'sigla' };

/**
 * The English and Spanish terms of each concept of LTAC's sample, found with patterns rather than
 * the reader under test: each termSec's term, usageStatus, partOfSpeech, termType and own notes.
 */
function termsInFile(xml: string): Map<string, FileTerm[]> {
  const flat = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();
  const concepts = new Map<string, FileTerm[]>();
  for (const [, id, body] of xml.matchAll(/<conceptEntry id="([^"]+)">([\s\S]*?)<\/conceptEntry>/g)) {
    const terms: FileTerm[] = [];
    for (const [, lang, section] of body!.matchAll(/<langSec xml:lang="(en|es)">([\s\S]*?)<\/langSec>/g)) {
      for (const [, termSec] of section!.matchAll(/<termSec>([\s\S]*?)<\/termSec>/g)) {
        const own = termSec!.replace(/<descripGrp>[\s\S]*?<\/descripGrp>/g, '');
        const note = (type: string) => new RegExp(`<termNote type="${type}">([^<]*)</termNote>`).exec(own)?.[1] ?? null;
        const notes = [...own.matchAll(/<note>([\s\S]*?)<\/note>/g)].map((m) => flat(m[1]!));
        const status = note('usageStatus');
        const pos = note('partOfSpeech');
        terms.push({
          lang: lang as 'en' | 'es',
          text: flat(/<term>([\s\S]*?)<\/term>/.exec(own)![1]!),
          status: status === null ? null : STATUS[status]!,
          pos: pos === null ? null : POS[pos]!,
          type: TYPE[note('termType') ?? 'fullForm']!,
          notes: notes.length > 0 ? notes.join('; ') : null,
        });
      }
    }
    concepts.set(id!, terms);
  }
  return concepts;
}
