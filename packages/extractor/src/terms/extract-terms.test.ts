import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../errors.ts';
import { extractTerms, type ExtractionOptions } from './extract-terms.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');

// Written for these tests (a short game manual).
const MANUAL = [
  'Al empezar una partida nueva, el héroe aparece en la mazmorra con una poción de salud y una espada corta.',
  'Cada punto de guardado restaura la partida si el héroe muere. Busca el punto de guardado antes de enfrentarte al jefe final.',
  'La poción de salud recupera toda la vida del héroe. Las pociones de salud son raras, así que guárdalas para el jefe final.',
  'El jefe final lanza bolas de fuego. Es una cosa muy peligrosa, pero un escudo de madera bloquea parte del daño.',
  'Las bolas de fuego del jefe final queman el escudo de madera.',
].join('\n');

const DEFAULTS: ExtractionOptions = { minFreq: 1, stopwordsMode: 'predeterminadas', language: 'es' };

function terms(text: string, options: Partial<ExtractionOptions> = {}) {
  return extractTerms(text, { ...DEFAULTS, ...options, maxCandidates: 1000 });
}

function find(text: string, term: string, options: Partial<ExtractionOptions> = {}) {
  return terms(text, options).entradas.find((c) => c.termino.es === term || c.termino.en === term);
}

function refusal(run: () => unknown): ExtractionError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionError);
    return error as ExtractionError;
  }
  throw new Error('Se esperaba un rechazo');
}

describe('candidate patterns', () => {
  it('finds the terms a professional would pick and not "cosa" or "muy"', () => {
    const found = terms(MANUAL).entradas.map((c) => c.termino.es);
    for (const term of ['poción de salud', 'jefe final', 'punto de guardado', 'bola de fuego', 'escudo de madera', 'espada corta']) {
      expect(found).toContain(term);
    }
    expect(found).not.toContain('cosa');
    expect(found).not.toContain('muy');
  });

  it('gives each candidate its category, frequency and a real sentence as context', () => {
    const jefe = find(MANUAL, 'jefe final');
    expect(jefe?.categoria).toBe('NOUN_PHRASE');
    expect(jefe?.frecuencia).toBe(4);
    expect(jefe?.termino).toEqual({ es: 'jefe final', en: null });
    expect(MANUAL.replace(/\s+/g, ' ')).toContain(jefe?.contexto ?? '-');
    expect(jefe?.contexto).toContain('jefe final');
    expect(find(MANUAL, 'héroe')?.categoria).toBe('NOUN');
  });

  it('shows the surface form of contractions inside a term ("del" stays "del")', () => {
    const text = 'El cofre del tesoro brilla. Abre el cofre del tesoro con la llave del cofre del tesoro.';
    expect(find(text, 'cofre del tesoro')?.frecuencia).toBe(3);
  });

  it('takes Spanish verbs in their citation form only, with their clitics', () => {
    const text = 'La Duelista puede cubrirse con el escudo. Para cubrirse, pulsa el botón. Cubrirse cuesta una carga.';
    const found = terms(text).entradas;
    expect(found.find((c) => c.termino.es === 'cubrirse')?.categoria).toBe('VERB');
    expect(found.map((c) => c.termino.es)).not.toContain('pulsa');
  });

  it('leaves out the object pronouns of a Spanish verb and takes no conjugated form', () => {
    // "atacarlo" and "Atacarlos" (a capital only as the sentence starts) are split by the
    // tokeniser; "convierte" and "reparte" end like an infinitive with "te".
    const text = 'Puedes atacar al jefe. Para atacarlo, espera. Atacarlos a todos es difícil. Cada golpe convierte el oro y reparte daño.';
    const verbs = terms(text).entradas.filter((c) => c.categoria === 'VERB');
    expect(verbs.map((c) => c.termino.es)).toEqual(['atacar']);
    expect(verbs[0]?.frecuencia).toBe(3);
  });

  it('finds English terms with their own patterns', () => {
    const text =
      'The final boss drops a healing potion. Drink the healing potion before the final boss fight.\nEvery save point restores your health. A scroll of magic mapping reveals the level.';
    const found = terms(text, { language: 'en' }).entradas.map((c) => c.termino.en);
    for (const term of ['final boss', 'healing potion', 'save point', 'scroll of magic mapping']) expect(found).toContain(term);
    expect(find(text, 'healing potion', { language: 'en' })?.termino.es).toBeNull();
  });

  it('ranks the game vocabulary of a real text first', () => {
    const top = terms(fixture('games/sample-b-es.txt'), { minFreq: 2 }).entradas.slice(0, 50).map((c) => c.termino.es);
    expect(top).toEqual(expect.arrayContaining(['golpe de combo', 'golpe fuerte']));
    expect(top.filter((t) => t === 'cosa' || t === 'muy' || t === 'vez')).toEqual([]);
  });
});

describe('singular and plural', () => {
  it('counts them together under the singular headword and keeps the plural as a variant', () => {
    const text = 'La poción de salud cura. Las pociones de salud curan. Bebe pociones de salud. Compra pociones de salud.';
    const candidate = find(text, 'poción de salud');
    expect(candidate?.frecuencia).toBe(4);
    expect(candidate?.variante).toEqual(['pociones de salud']);
  });

  it('lowers a capital that only starts a sentence but keeps proper nouns and acronyms', () => {
    const text = 'Poción de salud. Bebe la poción de salud. El Mago tiene 10 HP. El HP del Mago baja.';
    expect(find(text, 'poción de salud')?.variante).toEqual([]);
    expect(terms(text).entradas.map((c) => c.termino.es)).toContain('HP');
  });
});

describe('stopwords', () => {
  it('drop a candidate whose edge is a stopword, keeping the rest of the span as its own candidate', () => {
    const custom = terms(MANUAL, { stopwordsMode: 'personalizadas', customStopwords: ['salud'] }).entradas.map((c) => c.termino.es);
    expect(custom).not.toContain('poción de salud');
    expect(custom).not.toContain('salud');
    expect(custom).toContain('poción');
  });

  it('never split a term: a stopword inside it does not break it', () => {
    const custom = terms(MANUAL, { stopwordsMode: 'personalizadas', customStopwords: ['de', 'el'] }).entradas.map((c) => c.termino.es);
    expect(custom).toContain('poción de salud');
    expect(custom).toContain('punto de guardado');
  });

  it('in custom mode replace the default list instead of adding to it', () => {
    const text = 'Una cosa rara. Otra cosa rara. La cosa rara del cofre.';
    expect(terms(text).entradas.map((c) => c.termino.es)).not.toContain('cosa');
    const custom = terms(text, { stopwordsMode: 'personalizadas', customStopwords: ['rara'] }).entradas.map((c) => c.termino.es);
    expect(custom).toContain('cosa');
    expect(custom).not.toContain('cosa rara');
  });
});

describe('statistics', () => {
  it('count occurrences, distinct candidates and those left after min_freq and stopwords', () => {
    const one = terms(MANUAL, { minFreq: 1 }).estadisticas;
    const two = terms(MANUAL, { minFreq: 2 }).estadisticas;
    expect(one.total_terminos).toBeGreaterThan(one.terminos_unicos);
    expect(one.terminos_unicos).toBeGreaterThan(one.terminos_filtrados);
    expect(two.total_terminos).toBe(one.total_terminos);
    expect(two.terminos_unicos).toBe(one.terminos_unicos);
    expect(two.terminos_filtrados).toBeLessThan(one.terminos_filtrados);
    expect(one.modo_stopwords).toBe('predeterminadas');
    expect(one.idioma).toBe('es');
    expect(one.palabras).toBe(MANUAL.match(/[\p{L}\p{N}]+/gu)?.length);
  });

  it('report every filtered candidate even when fewer are returned, and min_freq holds for all', () => {
    const result = extractTerms(MANUAL, { ...DEFAULTS, minFreq: 2, maxCandidates: 3 });
    expect(result.entradas).toHaveLength(3);
    expect(result.estadisticas.terminos_filtrados).toBeGreaterThan(3);
    for (const c of terms(MANUAL, { minFreq: 2 }).entradas) expect(c.frecuencia).toBeGreaterThanOrEqual(2);
  });

  it('echo the stopword mode as sent', () => {
    expect(terms(MANUAL, { stopwordsMode: 'personalizadas', customStopwords: [] }).estadisticas.modo_stopwords).toBe('personalizadas');
  });
});

describe('ranking and determinism', () => {
  it('sorts by score, highest first, with unique ids', () => {
    const { entradas } = terms(fixture('games/sample-a-es.txt'));
    for (let i = 1; i < entradas.length; i += 1) expect(entradas[i - 1]!.puntuacion).toBeGreaterThanOrEqual(entradas[i]!.puntuacion);
    expect(new Set(entradas.map((c) => c.id)).size).toBe(entradas.length);
  });

  it('gives the same answer for the same input', () => {
    const text = fixture('games/sample-b-es.txt');
    expect(terms(text)).toEqual(terms(text));
  });
});

describe('language and refusals', () => {
  it('detects the language when none is given', () => {
    expect(extractTerms(MANUAL, { minFreq: 1, stopwordsMode: 'predeterminadas' }).estadisticas.idioma).toBe('es');
  });

  it('refuses empty text', () => {
    expect(refusal(() => terms('  \n\t ')).code).toBe('TEXTO_VACIO');
  });

  it('refuses a language other than Spanish or English, given or detected', () => {
    const given = refusal(() => extractTerms(MANUAL, { minFreq: 1, stopwordsMode: 'predeterminadas', language: 'fr' as 'es' }));
    expect(given.code).toBe('IDIOMA_NO_ADMITIDO');
    const french = 'La potion de soin restaure la santé du héros quand il la boit pendant le combat contre le boss final.';
    const detected = refusal(() => extractTerms(french, { minFreq: 1, stopwordsMode: 'predeterminadas' }));
    expect(detected.code).toBe('IDIOMA_NO_ADMITIDO');
    expect(detected.detail).toMatch(/español o en inglés/);
  });

  it('refuses a minimum frequency outside 1–10', () => {
    expect(refusal(() => terms(MANUAL, { minFreq: 0 })).code).toBe('OPCIONES_NO_VALIDAS');
    expect(refusal(() => terms(MANUAL, { minFreq: 11 })).code).toBe('OPCIONES_NO_VALIDAS');
  });
});
