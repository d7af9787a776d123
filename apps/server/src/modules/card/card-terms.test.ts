import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { fichaJson, readFicha } from './card-terms.ts';
import { normalizeEntryInput, type NormalizedEntry } from './entry-card.ts';

const esEn = { origen: 'es', meta: 'en' } as const;

function detailOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return `${error.code}: ${String(error.detail)}`;
    throw error;
  }
  throw new Error('no error');
}

const summary = (n: NormalizedEntry) => n.terms.map((t) => `${t.idioma}:${t.termino}:${t.estado}`);

describe('entry terms', () => {
  it('derives one preferred term per language from a seed-style write, and stores none', () => {
    const n = normalizeEntryInput(esEn, { termino: { es: 'poción', en: 'potion' } });
    expect(summary(n)).toEqual(['es:poción:preferido', 'en:potion:preferido']);
    expect(JSON.parse(fichaJson(n.card, n.terms))).toEqual({
      'termino.es': 'poción',
      'termino.en': 'potion',
    });
  });

  it('keeps a list with synonyms and statuses; termino.xx shows the preferred term', () => {
    const n = normalizeEntryInput(esEn, {
      terminos: [
        { idioma: 'es', termino: 'vida', estado: 'desaconsejado' },
        {
          idioma: 'es',
          termino: 'puntos de salud',
          estado: 'preferido',
          tipo: 'termino_completo',
          genero: 'masculino',
        },
        { idioma: 'es', termino: 'PS', tipo: 'sigla' },
        { idioma: 'en', termino: 'hit points' },
        { idioma: 'en', termino: 'HP', tipo: 'sigla', nota_uso: ' En interfaces. ' },
      ],
    });
    expect(summary(n)).toEqual([
      'es:vida:desaconsejado',
      'es:puntos de salud:preferido',
      'es:PS:admitido',
      'en:hit points:preferido',
      'en:HP:admitido',
    ]);
    expect(n.card['termino.es']).toBe('puntos de salud');
    expect(n.card['termino.en']).toBe('hit points');
    const stored = readFicha(fichaJson(n.card, n.terms));
    expect(stored.terms).toEqual(n.terms);
    expect(stored.card).toEqual(n.card);
    expect(stored.terms[4]!.nota_uso).toBe('En interfaces.');
  });

  it('a seed-style edit of termino.es replaces only the preferred term', () => {
    const first = normalizeEntryInput(esEn, {
      terminos: [
        { idioma: 'es', termino: 'jefe final' },
        { idioma: 'es', termino: 'jefe', estado: 'admitido' },
        { idioma: 'en', termino: 'final boss' },
      ],
    });
    const next = normalizeEntryInput(
      esEn,
      { termino: { es: 'jefe de nivel', en: 'final boss' } },
      first,
    );
    expect(summary(next)).toEqual([
      'es:jefe de nivel:preferido',
      'es:jefe:admitido',
      'en:final boss:preferido',
    ]);
    // An entry sent back as a GET answered it, with termino.es edited, keeps its list too.
    const echoed = normalizeEntryInput(
      esEn,
      { termino: { es: 'jefazo', en: 'final boss' }, terminos: first.terms },
      first,
    );
    expect(summary(echoed)).toEqual([
      'es:jefazo:preferido',
      'es:jefe:admitido',
      'en:final boss:preferido',
    ]);
  });

  it('clearing termino.xx removes the shown term; the next one shows', () => {
    const first = normalizeEntryInput(esEn, {
      terminos: [
        { idioma: 'es', termino: 'a' },
        { idioma: 'es', termino: 'b' },
        { idioma: 'en', termino: 'c' },
      ],
    });
    const next = normalizeEntryInput(esEn, { termino: { es: null } }, first);
    expect(summary(next)).toEqual(['es:b:admitido', 'en:c:preferido']);
    expect(next.card['termino.es']).toBe('b');
  });

  it('two preferred terms in a language: the first wins and the answer says so', () => {
    const n = normalizeEntryInput(esEn, {
      terminos: [
        { idioma: 'es', termino: 'maná', estado: 'preferido' },
        { idioma: 'es', termino: 'mana', estado: 'preferido' },
      ],
    });
    expect(summary(n)).toEqual(['es:maná:preferido', 'es:mana:admitido']);
    expect(n.avisos).toEqual([
      'Solo puede haber un término preferido por idioma: «maná» sigue siendo el preferido (es) y «mana» pasa a admitido.',
    ]);
  });

  it('refuses terms in other languages, empty terms, repeated terms and no term at all', () => {
    expect(
      detailOf(() => normalizeEntryInput(esEn, { terminos: [{ idioma: 'fr', termino: 'épée' }] })),
    ).toBe(
      'VALIDATION_FAILED: Este glosario es es→en: el término «épée» está en «fr», que no es uno de sus idiomas.',
    );
    expect(
      detailOf(() => normalizeEntryInput(esEn, { terminos: [{ idioma: 'es', termino: '  ' }] })),
    ).toMatch(/^VALIDATION_FAILED: Un término de la lista está vacío/);
    expect(
      detailOf(() =>
        normalizeEntryInput(esEn, {
          terminos: [
            { idioma: 'es', termino: 'Poción' },
            { idioma: 'es', termino: 'poción' },
          ],
        }),
      ),
    ).toBe(
      'VALIDATION_FAILED: El término «poción» (es) aparece dos veces en la entrada: deja uno solo.',
    );
    const many = Array.from({ length: 31 }, (_, i) => ({
      idioma: 'es' as const,
      termino: `t${i}`,
    }));
    expect(detailOf(() => normalizeEntryInput(esEn, { terminos: many }))).toBe(
      'VALIDATION_FAILED: Una entrada admite como mucho 30 términos entre sus dos idiomas.',
    );
    expect(detailOf(() => normalizeEntryInput(esEn, { terminos: [] }))).toBe(
      'VALIDATION_FAILED: Escribe el término en al menos uno de los dos idiomas.',
    );
  });

  it('reads a card stored before terms existed as its derived terms', () => {
    const { card, terms } = readFicha('{"termino.es":"espada","notas":"n"}');
    expect(card).toEqual({ 'termino.es': 'espada', notas: 'n' });
    expect(terms).toEqual([
      { idioma: 'es', termino: 'espada', estado: 'preferido', tipo: 'termino_completo' },
    ]);
  });
});
