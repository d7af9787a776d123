import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { deriveColumns, fichaToInput, normalizeEntryInput, toEntryView } from './entry-card.ts';
import { readFicha } from './card-terms.ts';
import { NO_BASE_TERM_PREFIX } from './sort-key.ts';

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

describe('normalizeEntryInput', () => {
  it('keeps the glossary fields, trims them and turns empty strings into nothing', () => {
    const { card, comentarios_privados } = normalizeEntryInput(esEn, {
      termino: { es: '  espada ', en: 'sword' },
      notas: '',
      definicion: 'Arma blanca.',
      contexto_es: null,
      comentarios_privados: ' mío ',
    });
    expect(card).toEqual({
      'termino.es': 'espada',
      'termino.en': 'sword',
      definicion: 'Arma blanca.',
    });
    expect(comentarios_privados).toBe('mío');
  });

  it('merges over the current card: left-out fields stay, null clears', () => {
    const current = readFicha(JSON.stringify({ 'termino.es': 'espada', 'termino.en': 'sword', notas: 'n' }));
    const next = normalizeEntryInput(
      esEn,
      { termino: { en: 'blade' }, notas: null },
      { ...current, comentarios_privados: 'c' },
    );
    expect(next.card).toEqual({ 'termino.es': 'espada', 'termino.en': 'blade' });
    expect(next.comentarios_privados).toBe('c');
  });

  it('leaves private comments alone for callers who may not see them', () => {
    const current = { ...readFicha('{"termino.es":"a"}'), comentarios_privados: 'secreto' };
    const next = normalizeEntryInput(esEn, { comentarios_privados: null }, current, {
      keepPrivateComments: true,
    });
    expect(next.comentarios_privados).toBe('secreto');
  });

  it('refuses text in languages the glossary does not have, but accepts null ones', () => {
    expect(detailOf(() => normalizeEntryInput(esEn, { termino: { es: 'a', fr: 'épée' } }))).toMatch(
      /^VALIDATION_FAILED: .*Término \(fr\)/,
    );
    expect(
      detailOf(() => normalizeEntryInput(esEn, { termino: { es: 'a' }, contexto_de: 'Satz' })),
    ).toMatch(/Contexto \(de\)/);
    expect(
      normalizeEntryInput(esEn, { termino: { es: 'a', fr: null }, contexto_fr: null }).card,
    ).toEqual({
      'termino.es': 'a',
    });
  });

  it('keeps the target language’s definition and refuses one for the base language', () => {
    const { card } = normalizeEntryInput(esEn, {
      termino: { es: 'espada' },
      definicion: 'Arma blanca.',
      definicion_en: ' A bladed weapon. ',
      definicion_es: null,
    });
    expect(card).toEqual({
      'termino.es': 'espada',
      definicion: 'Arma blanca.',
      definicion_en: 'A bladed weapon.',
    });
    expect(
      detailOf(() => normalizeEntryInput(esEn, { termino: { es: 'a' }, definicion_es: 'Arma.' })),
    ).toBe(
      'VALIDATION_FAILED: Este glosario es es→en: el campo «Definición (es)» no forma parte de su ficha. La definición en es va en el campo «Definición».',
    );
    expect(
      detailOf(() => normalizeEntryInput(esEn, { termino: { es: 'a' }, definicion_fr: 'Arme.' })),
    ).toMatch(/«Definición \(fr\)» no forma parte de su ficha\.$/);
  });

  it('refuses a field over 20,000 characters naming it, and an entry over 100,000', () => {
    expect(
      detailOf(() =>
        normalizeEntryInput(esEn, { termino: { es: 'a' }, definicion: 'x'.repeat(20_001) }),
      ),
    ).toBe('VALIDATION_FAILED: El campo «Definición» no puede superar 20.000 caracteres.');
    const big = Object.fromEntries(
      ['definicion', 'notas', 'relaciones', 'variante', 'fuente', 'area'].map((k) => [
        k,
        'x'.repeat(19_000),
      ]),
    );
    expect(detailOf(() => normalizeEntryInput(esEn, { termino: { es: 'a' }, ...big }))).toMatch(
      /no puede superar 100\.000 caracteres/,
    );
  });

  it('needs a term in at least one language', () => {
    expect(detailOf(() => normalizeEntryInput(esEn, { notas: 'sin término' }))).toBe(
      'VALIDATION_FAILED: Escribe el término en al menos uno de los dos idiomas.',
    );
  });
});

describe('deriveColumns', () => {
  it('folds the terms and subindice and lists the other fields for advanced search', () => {
    const d = deriveColumns(esEn, {
      'termino.es': 'Acción Rápida',
      'termino.en': 'Quick-Time Event',
      subindice: 'Combate',
      notas: 'Œuvre',
    });
    expect(d).toEqual({
      termino_origen_plegado: 'accion rapida',
      termino_meta_plegado: 'quick-time event',
      subindice_plegado: 'combate',
      clave_orden: 'accion rapida',
      fields: [['notas', 'oeuvre']],
    });
  });

  it('sorts an entry with only the target term by that term, after every base term', () => {
    const keyOf = (card: Record<string, string>) => deriveColumns(esEn, card).clave_orden;
    expect(keyOf({ 'termino.en': 'Sword' })).toBe(`${NO_BASE_TERM_PREFIX}sword`);
    const keys = [
      keyOf({ 'termino.en': 'A settler' }),
      keyOf({ 'termino.es': 'A veces', 'termino.en': 'Sometimes' }),
      keyOf({ 'termino.en': 'Zombie' }),
      keyOf({ 'termino.es': 'zurdo' }),
    ];
    const bytes = (k: string) => Buffer.from(k, 'utf8');
    expect([...keys].sort((a, b) => Buffer.compare(bytes(a), bytes(b)))).toEqual([
      keys[1],
      keys[3],
      keys[0],
      keys[2],
    ]);
  });
});

describe('toEntryView', () => {
  const row = {
    id: 7,
    ficha: JSON.stringify({
      'termino.fr': 'épée',
      'termino.de': 'Schwert',
      contexto_fr: 'Une épée.',
    }),
    author_id: 2,
    autor: 'Ana',
    comentarios_privados: 'ojo',
    fecha_creacion: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    origen_glosario: null,
    origen_entrada_id: null,
    origen_version: null,
    estado_revision: 'borrador' as const,
    id_externo: null,
    registro_original: null,
  };

  it('answers every field of the card, null when empty, keyed by the glossary languages', () => {
    const view = toEntryView({ origen: 'fr', meta: 'de' }, row, { userId: 2, ownerId: 1 });
    expect(view.termino).toEqual({ fr: 'épée', de: 'Schwert' });
    expect(view.contexto_fr).toBe('Une épée.');
    expect(view.contexto_de).toBeNull();
    expect(view).not.toHaveProperty('contexto_es');
    // An entry stored before the target's definition existed answers it as null.
    expect(view.definicion_de).toBeNull();
    expect(view).not.toHaveProperty('definicion_fr');
    expect(view.notas).toBeNull();
    expect(view.comentarios_privados).toBe('ojo');
    expect(view.origen).toBeNull();
  });

  it('hides private comments from anyone but the author and the owner', () => {
    expect(
      toEntryView({ origen: 'fr', meta: 'de' }, row, { userId: 1, ownerId: 1 })
        .comentarios_privados,
    ).toBe('ojo');
    expect(
      toEntryView({ origen: 'fr', meta: 'de' }, row, { userId: 3, ownerId: 1 })
        .comentarios_privados,
    ).toBeNull();
  });

  it('turns a stored card back into input, its terms as a list', () => {
    const input = fichaToInput(JSON.stringify({ 'termino.es': 'a', 'termino.en': 'b', notas: 'n' }));
    expect(input.notas).toBe('n');
    expect(input.termino).toBeUndefined();
    expect(input.terminos?.map((t) => [t.idioma, t.termino, t.estado])).toEqual([
      ['es', 'a', 'preferido'],
      ['en', 'b', 'preferido'],
    ]);
  });
});
