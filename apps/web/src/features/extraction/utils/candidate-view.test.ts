import { describe, expect, it } from 'vitest';
import {
  bossCandidate,
  dungeonCandidate,
  potionCandidate,
  spanishAnswer,
  yogCandidate,
} from '../test/extraction-fixtures.ts';
import {
  DEFAULT_FILTERS,
  draftOf,
  mostFrequent,
  otherLanguageOf,
  toCandidateInput,
  visibleCandidates,
} from './candidate-view.ts';
import { canUseExtractor } from './extractor-access.ts';
import { countWords } from './word-count.ts';

const four = [potionCandidate, bossCandidate, dungeonCandidate, yogCandidate];
const terms = (list: { termino: { es: string | null } }[]) => list.map((c) => c.termino.es);

describe('visibleCandidates', () => {
  it('keeps the ranking by score by default', () => {
    expect(terms(visibleCandidates(four, DEFAULT_FILTERS, 'es'))).toEqual([
      'poción de salud',
      'jefe final',
      'mazmorra',
      'Yog-Dzewa',
    ]);
  });

  it('sorts by frequency, by term (Spanish order) and by category', () => {
    expect(
      terms(visibleCandidates(four, { ...DEFAULT_FILTERS, sort: 'frecuencia' }, 'es'))[0],
    ).toBe('mazmorra');
    expect(terms(visibleCandidates(four, { ...DEFAULT_FILTERS, sort: 'termino' }, 'es'))).toEqual([
      'jefe final',
      'mazmorra',
      'poción de salud',
      'Yog-Dzewa',
    ]);
    expect(terms(visibleCandidates(four, { ...DEFAULT_FILTERS, sort: 'categoria' }, 'es'))[0]).toBe(
      'mazmorra',
    );
  });

  it('filters by category, frequency, score, known terms and text (accents and variants aside)', () => {
    const only = (patch: Partial<typeof DEFAULT_FILTERS>) =>
      terms(visibleCandidates(four, { ...DEFAULT_FILTERS, ...patch }, 'es'));
    expect(only({ categoria: 'PROPN' })).toEqual(['Yog-Dzewa']);
    expect(only({ minFrecuencia: 5 })).toEqual(['poción de salud', 'mazmorra']);
    expect(only({ minPuntuacion: 0.8 })).toEqual(['poción de salud', 'jefe final']);
    expect(only({ hideKnown: true })).not.toContain('jefe final');
    expect(only({ text: 'POCIONES' })).toEqual(['poción de salud']);
    expect(only({ text: 'pocion' })).toEqual(['poción de salud']);
  });
});

describe('candidate helpers', () => {
  it('charts the most frequent first', () => {
    expect(terms(mostFrequent(spanishAnswer.entradas, 2))).toEqual(['mazmorra', 'poción de salud']);
  });

  it("takes the other term's language from the glossary", () => {
    expect(otherLanguageOf('es', null)).toBe('en');
    expect(otherLanguageOf('es', { idioma_origen: 'fr', idioma_meta: 'es' })).toBe('fr');
    expect(otherLanguageOf('en', { idioma_origen: 'en', idioma_meta: 'de' })).toBe('de');
  });

  it('sends the edited card, answer-only fields left out', () => {
    const draft = {
      ...draftOf(potionCandidate, 'es'),
      otro: ' health potion ',
      notas: 'Revisar',
      categoria: 'NOUN' as const,
    };
    expect(toCandidateInput(potionCandidate, draft, 'es', 'en')).toEqual({
      id: 'tpocion',
      termino: { es: 'poción de salud', en: 'health potion' },
      categoria: 'NOUN',
      definicion: null,
      contexto: 'La poción de salud recupera toda la vida del héroe.',
      notas: 'Revisar',
      variante: ['pociones de salud'],
    });
  });

  it('counts words as the extractor does', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  El héroe bebe la poción de salud, ¿verdad?  ')).toBe(8);
    expect(countWords("Yog-Dzewa's lair: 3 floors")).toBe(4);
  });

  it('opens the extractor to pro and to trials with days left only', () => {
    expect(canUseExtractor({ plan: 'pro', trial_remaining: null })).toBe(true);
    expect(canUseExtractor({ plan: 'pro_trial', trial_remaining: 3 })).toBe(true);
    expect(canUseExtractor({ plan: 'pro_trial', trial_remaining: 0 })).toBe(false);
    expect(canUseExtractor({ plan: 'free', trial_remaining: null })).toBe(false);
  });
});
