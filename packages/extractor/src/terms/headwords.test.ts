import { describe, expect, it } from 'vitest';
import { extractTerms, type Candidate } from './extract-terms.ts';

// Written for this test: a short review of an imaginary action game, with its terms in the
// plural and in the singular.
const REVIEW = [
  'En las primeras horas de la aventura, el jugador recorre un mundo abierto lleno de ruinas y pantanos.',
  'Cada mundo abierto esconde cofres, trampas y armas arrojadizas que conviene recoger antes de enfrentarse a los jefes finales.',
  'Los jefes finales no perdonan errores: si tu barra de vida baja demasiado, bebe una de tus pociones de salud.',
  'Las pociones de salud se fabrican con hierbas raras, así que no las malgastes.',
  'Antes de cada combate importante conviene buscar los puntos de guardado, marcados con una hoguera azul.',
  'Un punto de guardado restaura la energía, pero también hace reaparecer a los enemigos comunes.',
  'El jefe final del pantano lanza dagas venenosas y convoca esqueletos; un arma arrojadiza bien apuntada interrumpe su hechizo.',
  'Tras derrotarlo, el mapa revela nuevos mundos abiertos y otra poción de salud aparece junto al último punto de guardado.',
  'Explorar los mundos abiertos con calma tiene premio.',
].join('\n');

function candidates(text: string, language: 'es' | 'en'): Candidate[] {
  return extractTerms(text, {
    minFreq: 1,
    stopwordsMode: 'predeterminadas',
    language,
    maxCandidates: 1000,
  }).entradas;
}

function headwordOf(list: Candidate[], term: string, language: 'es' | 'en'): Candidate | undefined {
  return list.find((c) => c.termino[language] === term);
}

describe('headwords', () => {
  const spanish = candidates(REVIEW, 'es');

  it.each([
    ['jefe final', 'jefes finales', 3],
    ['punto de guardado', 'puntos de guardado', 3],
    ['mundo abierto', 'mundos abiertos', 4],
    ['poción de salud', 'pociones de salud', 3],
    ['arma arrojadiza', 'armas arrojadizas', 2],
  ])('shows "%s" with its plural "%s" as a variant', (headword, plural, frequency) => {
    const candidate = headwordOf(spanish, headword, 'es');
    expect(candidate?.frecuencia).toBe(frequency);
    expect(candidate?.variante).toContain(plural);
    expect(candidate?.variante).not.toContain(headword);
  });

  it('ranks the game terms of the review among its first ten, by their singular headwords', () => {
    const first = spanish.slice(0, 10).map((c) => c.termino.es);
    for (const term of ['jefe final', 'punto de guardado', 'mundo abierto', 'poción de salud']) {
      expect(first).toContain(term);
    }
  });

  it('lists each headword once and never as its own variant', () => {
    const shown = spanish.map((c) => c.termino.es);
    expect(new Set(shown).size).toBe(shown.length);
    for (const c of spanish)
      expect(c.variante.map((v) => v.toLowerCase())).not.toContain(c.termino.es?.toLowerCase());
    expect(shown).not.toContain('pociones de salud');
    expect(shown).not.toContain('jefes finales');
  });

  it('gives single nouns their singular with their gender, and adjectives the masculine', () => {
    expect(headwordOf(spanish, 'trampa', 'es')?.variante).toEqual(['trampas']);
    const text =
      'Las flechas rápidas vuelan. Una flecha rápida vuela. El golpe es rápido. Los golpes rápidos duelen.';
    const list = candidates(text, 'es');
    const adjective = list.find((c) => c.categoria === 'ADJ' && c.termino.es === 'rápido');
    if (adjective !== undefined)
      expect(adjective.variante).toEqual(expect.arrayContaining(['rápidas']));
    expect(headwordOf(list, 'flecha rápida', 'es')?.variante).toEqual(['flechas rápidas']);
  });

  it('never makes a noun of a second-person verb ("no las malgastes", "caerás")', () => {
    const shown = spanish.map((c) => c.termino.es);
    expect(shown).not.toContain('malgaste');
    expect(shown).not.toContain('malgastes');
    const text = 'Te sientes débil. Si no te cuidas, caerás. Cuando lo comas, no le cuentes nada al herrero.';
    const nominal = candidates(text, 'es').filter((c) => c.categoria !== 'VERB');
    expect(nominal.map((c) => c.termino.es).sort()).toEqual(['débil', 'herrero']);
  });

  it('keeps plurals in -ros whole, so "primeros niveles" is "primer nivel"', () => {
    const text = 'En los primeros niveles hay pocos enemigos. Los primeros niveles son cortos.';
    expect(headwordOf(candidates(text, 'es'), 'primer nivel', 'es')?.variante).toEqual(['primeros niveles']);
  });

  it('shortens an adjective before the noun as Spanish does ("gran hacha")', () => {
    const text = 'Las grandes hachas cortan. Una gran hacha basta. Las grandes hachas pesan.';
    expect(headwordOf(candidates(text, 'es'), 'gran hacha', 'es')?.variante).toEqual([
      'grandes hachas',
    ]);
  });

  it('gives English terms the singular head and verbs their base form', () => {
    const text =
      'The health potions restore hit points. Drink health potions before the final bosses attack. ' +
      'A health potion is cheap; the final boss attacked twice and was attacking again. Scrolls of magic mapping reveal the level.';
    const list = candidates(text, 'en');
    expect(headwordOf(list, 'health potion', 'en')?.variante).toEqual(['health potions']);
    expect(headwordOf(list, 'final boss', 'en')?.variante).toEqual(['final bosses']);
    expect(headwordOf(list, 'scroll of magic mapping', 'en')?.variante).toEqual([
      'scrolls of magic mapping',
    ]);
    expect(headwordOf(list, 'attack', 'en')?.variante).toEqual(
      expect.arrayContaining(['attacked', 'attacking']),
    );
  });
});
