import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSentences, splitSpanishEnclitics, tokenize } from './tokenize.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
const frequencies: Record<string, number> = {
  hacer: 900, hacerlo: 40, tener: 700, tenerlos: 5, suerte: 80, modernos: 30, charla: 10,
  primer: 417, primeros: 120, primero: 257, tercer: 60, terceros: 11, tercero: 28, decir: 600, deciros: 2,
  ver: 900, veros: 1.9, vero: 1.6, poder: 800, poderosos: 13, poderoso: 22, género: 85, géneros: 13, pajar: 1, pájaros: 10, cantar: 50, cántaros: 0.6,
  comparte: 20, compar: 0.2, compártelo: 0.4, compartir: 30, cubre: 30, cúbrete: 0.5, cubrir: 26, cuenta: 200, contar: 150, cuéntame: 3,
  darse: 40, dar: 900, plata: 50, plátanos: 4, ole: 5, oler: 10, óleos: 1, ido: 100, ídolo: 10, película: 90,
};
const frequencyOf = (w: string) => frequencies[w] ?? 0;

describe('Spanish tokenisation', () => {
  it('splits del and al into syntactic words as UD does, keeping the surface span', () => {
    const [sentence] = splitSentences('El jefe final del nivel vuelve al castillo.', 'es');
    expect(sentence?.words.map((w) => w.form)).toEqual(['El', 'jefe', 'final', 'de', 'el', 'nivel', 'vuelve', 'a', 'el', 'castillo', '.']);
    const de = sentence?.words[3];
    expect(de?.isPart).toBe(true);
    expect('El jefe final del nivel'.slice(de?.start, de?.end)).toBe('del');
  });

  it('keeps ¿ ¡ « » apart and hyphenated words whole', () => {
    expect(tokenize('¿Has visto la «Poción de anti-entropía»? ¡Sí!', 'es')).toEqual([
      '¿', 'Has', 'visto', 'la', '«', 'Poción', 'de', 'anti-entropía', '»', '?', '¡', 'Sí', '!',
    ]);
  });

  it('keeps game names, bonuses and numbers as single tokens', () => {
    expect(tokenize('La espada +3 de Pixel Dungeon cura 2,5 PS y 1.000 HP al 25% con DM-300.', 'es')).toEqual([
      'La', 'espada', '+3', 'de', 'Pixel', 'Dungeon', 'cura', '2,5', 'PS', 'y', '1.000', 'HP', 'a', 'el', '25%', 'con', 'DM-300', '.',
    ]);
  });

  it('splits infinitives and gerunds with clitics only when the verb is clearly the base', () => {
    expect(splitSpanishEnclitics('dárselo')).toEqual(['dar', 'se', 'lo']);
    expect(splitSpanishEnclitics('haciéndolo')).toEqual(['haciendo', 'lo']);
    expect(splitSpanishEnclitics('hacerlo', frequencyOf)).toEqual(['hacer', 'lo']);
    expect(splitSpanishEnclitics('tenerlos', frequencyOf)).toEqual(['tener', 'los']);
    for (const word of ['suerte', 'modernos', 'charla', 'muerte', 'perla']) expect(splitSpanishEnclitics(word, frequencyOf)).toBeNull();
  });

  it('splits an imperative with one clitic, not as an infinitive with two', () => {
    expect(splitSpanishEnclitics('compártelo', frequencyOf)).toEqual(['comparte', 'lo']);
    expect(splitSpanishEnclitics('cúbrete', frequencyOf)).toEqual(['cubre', 'te']);
    expect(splitSpanishEnclitics('cuéntame', frequencyOf)).toEqual(['cuenta', 'me']);
    expect(splitSpanishEnclitics('COMPÁRTELO', frequencyOf)).toBeNull();
    expect(splitSpanishEnclitics('Compártelo', frequencyOf)).toBeNull();
    expect(splitSpanishEnclitics('dárselo', frequencyOf)).toEqual(['dar', 'se', 'lo']);
    // A capital is the sentence's only where the sentence starts; the first part keeps it.
    expect(tokenize('Compártelo ya', 'es', frequencyOf)).toEqual(['Comparte', 'lo', 'ya']);
    expect(tokenize('«Dárselo», dijo.', 'es', frequencyOf)).toEqual(['«', 'Dar', 'se', 'lo', '»', ',', 'dijo', '.']);
    expect(tokenize('Habló con Dárselo ayer', 'es', frequencyOf)).toEqual(['Habló', 'con', 'Dárselo', 'ayer']);
    // A noun that reads as an accented word and a clitic: its base is no verb form.
    for (const word of ['película', 'plátanos', 'óleos', 'ídolo', 'pájaros', 'cántaros']) expect(splitSpanishEnclitics(word, frequencyOf)).toBeNull();
  });

  it('keeps plurals in -ros whole: they are not an infinitive with "os"', () => {
    // "primer" and "tercer" are frequent words in -er; "primero", "tercero" tell the plural.
    for (const word of ['primeros', 'terceros', 'géneros', 'pájaros', 'cántaros', 'poderosos', 'nuevos', 'otros', 'vasos']) {
      expect(splitSpanishEnclitics(word, frequencyOf)).toBeNull();
      expect(splitSpanishEnclitics(word)).toBeNull();
    }
    expect(tokenize('Los primeros niveles y los terceros pisos', 'es', frequencyOf)).toEqual(['Los', 'primeros', 'niveles', 'y', 'los', 'terceros', 'pisos']);
    expect(splitSpanishEnclitics('deciros', frequencyOf)).toEqual(['decir', 'os']);
    expect(splitSpanishEnclitics('veros', frequencyOf)).toEqual(['ver', 'os']);
    expect(splitSpanishEnclitics('dártelo')).toEqual(['dar', 'te', 'lo']);
  });

  it('does not end a sentence at an abbreviation or an initial', () => {
    const text = 'El Sr. García y la Dra. Pérez leyeron a J. R. R. Tolkien, etc. en EE.UU. Después jugaron.';
    const sentences = splitSentences(text, 'es').map((s) => text.slice(s.start, s.end));
    expect(sentences).toEqual(['El Sr. García y la Dra. Pérez leyeron a J. R. R. Tolkien, etc. en EE.UU.', 'Después jugaron.']);
  });
});

describe('English tokenisation', () => {
  it("splits clitics as UD EWT does (don't → do n't, can't → ca n't, John's → John 's)", () => {
    expect(tokenize("I don't think we can't find John's sword, we won't.", 'en')).toEqual([
      'I', 'do', "n't", 'think', 'we', 'ca', "n't", 'find', 'John', "'s", 'sword', ',', 'we', 'wo', "n't", '.',
    ]);
  });

  it('keeps abbreviations, acronyms and hyphenated compounds whole and splits the percent sign', () => {
    expect(tokenize('Mr. Smith, e.g. the U.S. team, gets a state-of-the-art +2 bonus (10%).', 'en')).toEqual([
      'Mr.', 'Smith', ',', 'e.g.', 'the', 'U.S.', 'team', ',', 'gets', 'a', 'state-of-the-art', '+2', 'bonus', '(', '10', '%', ')', '.',
    ]);
  });
});

describe('sentence splitting', () => {
  it('ends sentences at terminal punctuation followed by a capital, ¿ or ¡', () => {
    const text = '¿Dónde está el cofre? Está aquí. ¡Ábrelo! vale, dijo.';
    expect(splitSentences(text, 'es').map((s) => text.slice(s.start, s.end))).toEqual([
      '¿Dónde está el cofre?',
      'Está aquí.',
      '¡Ábrelo! vale, dijo.',
    ]);
  });

  it('treats a blank line, or a line break before a capital, as a boundary but joins wrapped lines', () => {
    const text = 'poción de salud\n\ngas de confusión\nUna nube de gas se\narremolina aquí';
    expect(splitSentences(text, 'es').map((s) => text.slice(s.start, s.end))).toEqual([
      'poción de salud',
      'gas de confusión',
      'Una nube de gas se\narremolina aquí',
    ]);
  });

  it('splits the real game text into sentences that each hold words', () => {
    const text = fixture('games/sample-b-es.txt');
    const sentences = splitSentences(text, 'es');
    expect(sentences.length).toBeGreaterThan(300);
    for (const s of sentences) expect(s.words.length).toBeGreaterThan(0);
  });

  it('never loses or reorders text: every word lies inside its sentence, in order (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.constantFrom('es' as const, 'en' as const), (text, language) => {
        let last = 0;
        for (const sentence of splitSentences(text, language)) {
          expect(sentence.start).toBeGreaterThanOrEqual(last);
          for (const word of sentence.words) {
            expect(word.start).toBeGreaterThanOrEqual(sentence.start);
            expect(word.end).toBeLessThanOrEqual(sentence.end);
          }
          last = sentence.end;
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('hostile input', () => {
  it('treats words named like Object.prototype members as plain words', () => {
    expect(tokenize('constructor toString __proto__ hasOwnProperty', 'en')).toEqual(['constructor', 'toString', '__proto__', 'hasOwnProperty']);
  });
});
