import type { Term } from '@ludoterm/contract';
import { describe, expect, it } from 'vitest';
import type { FormatError } from '../errors.ts';
import { readImportFile } from '../read-import-file.ts';
import { compact, entriesOf, EN_ES, ES_EN, readFixture } from '../test-support/fixtures.ts';
import { type JsonEvent, JsonScanner } from './json-scanner.ts';
import { readJson } from './read-json.ts';
import { writeJson } from './write-json.ts';

function scan(text: string, chunkSize = text.length): JsonEvent[] {
  const scanner = new JsonScanner('entradas');
  const events: JsonEvent[] = [];
  for (let i = 0; i < text.length; i += chunkSize) events.push(...scanner.push(text.slice(i, i + chunkSize)));
  events.push(...scanner.end());
  return events;
}

describe('JsonScanner', () => {
  it('cuts out each element of a root array, whatever the chunk size', () => {
    const text = '[ {"a": "x]}\\"", "b": [1, {"c": null}]}, 2, "s", true ]';
    const expected = scan(text);
    expect(expected.filter((e) => e.kind === 'element').map((e) => (e.kind === 'element' ? e.value : null))).toEqual([
      { a: 'x]}"', b: [1, { c: null }] },
      2,
      's',
      true,
    ]);
    for (const size of [1, 2, 3, 7]) expect(scan(text, size)).toEqual(expected);
  });

  it('streams the entradas member and parses the others whole', () => {
    const events = scan('{"formato": "x", "entradas": [{"n": 1}, {"n": 2}], "glosario": {"nombre": "g"}}');
    expect(events.map((e) => e.kind)).toEqual(['root', 'member', 'array-start', 'element', 'element', 'array-end', 'member']);
    expect(events.at(-1)).toEqual({ kind: 'member', key: 'glosario', value: { nombre: 'g' } });
  });

  it('names the line and column of a structural error', () => {
    expect(() => scan('[\n  {"a": 1}\n  {"b": 2}\n]')).toThrow(/línea 3, columna 3/);
  });

  it('names the element and position of an error inside an element', () => {
    try {
      scan('[{"a": 1},\n {"b": \'x\'}]');
      throw new Error('no falló');
    } catch (error) {
      const e = error as FormatError;
      expect(e.code).toBe('JSON_MALFORMED');
      expect(e.detail).toMatch(/elemento n\.º 2 de la lista, línea 2/);
    }
  });

  it('refuses a truncated file and a trailing comma', () => {
    expect(() => scan('[{"a": 1}, {"b"')).toThrow(/truncado/);
    expect(() => scan('[{"a": 1},]')).toThrow(/sobra una coma/);
  });
});

describe('readJson', () => {
  it('reads a plain list of entries, keeping values exactly and skipping other languages', async () => {
    const { entradas, omitidos } = await entriesOf(readImportFile(await readFixture('own/entries.json'), { formato: 'json', ...ES_EN }));
    expect(entradas.map(compact)).toEqual([
      {
        termino: { es: 'jugabilidad', en: 'gameplay' },
        categoria: 'sustantivo',
        definicion: 'Conjunto de mecánicas y sensaciones al jugar.',
      },
      { termino: { es: 'partida guardada', en: 'save file' }, contexto_es: 'Se ha dañado la partida guardada.' },
      { termino: { es: 'multijugador', en: 'multiplayer' } },
    ]);
    expect(omitidos).toBe(1);
  });

  it('reads each entry\'s term list, with statuses and grammar, and our export writes it back', async () => {
    const blank = { categoria_gramatical: null, genero: null, numero: null, nota_uso: null } as const;
    const terminos: Term[] = [
      { ...blank, idioma: 'es', termino: 'puntos de salud', estado: 'preferido', tipo: 'termino_completo', genero: 'masculino' },
      { ...blank, idioma: 'es', termino: 'PS', estado: 'admitido', tipo: 'sigla' },
      { ...blank, idioma: 'en', termino: 'hit points', estado: 'preferido', tipo: 'termino_completo' },
    ];
    const entry = { termino: { es: 'puntos de salud', en: 'hit points' }, terminos };
    const file = Buffer.from(JSON.stringify({ formato: 'ludoterm-glosario', entradas: [entry] }));
    const { entradas } = await entriesOf(readImportFile(file, { formato: 'json', ...ES_EN }));
    expect(entradas[0]!.terminos).toEqual([
      { idioma: 'es', termino: 'puntos de salud', estado: 'preferido', tipo: 'termino_completo', genero: 'masculino' },
      { idioma: 'es', termino: 'PS', estado: 'admitido', tipo: 'sigla' },
      { idioma: 'en', termino: 'hit points', estado: 'preferido', tipo: 'termino_completo' },
    ]);
    let written = '';
    for await (const part of writeJson([{ ...entry, id: 1 }], { ...ES_EN, nombre: 'G', nombre_seguro: 'g', descripcion: null })) written += part;
    expect(JSON.parse(written).entradas[0].terminos).toEqual(terminos);
  });

  it('keeps a term repeated but for case once and an unknown review state as a draft, with a warning for each', async () => {
    const entry = {
      termino: { es: 'Maná', en: 'mana' },
      estado_revision: 'lista',
      terminos: [
        { idioma: 'es', termino: 'Maná' },
        { idioma: 'es', termino: 'MANÁ' },
        { idioma: 'en', termino: 'mana' },
      ],
    };
    const plan = await readImportFile(Buffer.from(JSON.stringify([entry])), { formato: 'json', ...ES_EN });
    if (plan.tipo !== 'entradas') throw new Error('se esperaban entradas');
    const items = [];
    for await (const batch of plan.entradas.batches()) items.push(...batch);
    expect(items[0]!.entrada.terminos?.map((t) => t.termino)).toEqual(['Maná', 'mana']);
    expect(items[0]!.entrada).not.toHaveProperty('estado_revision');
    expect(items[0]!.avisos).toEqual([
      'el término «MANÁ» repite «Maná» salvo en mayúsculas: se guarda una vez, como «Maná».',
      'el estado de revisión «lista» no es borrador, en revisión ni aprobado: la entrada queda en borrador.',
    ]);
  });

  it('reads our export of the same languages the other way round with each definition in its slot', async () => {
    const file = JSON.stringify({
      formato: 'ludoterm-glosario',
      glosario: { nombre: 'G', idioma_origen: 'es', idioma_meta: 'en' },
      entradas: [{ termino: { es: 'lanza', en: 'spear' }, definicion: 'Arma de asta.', definicion_en: 'A pole weapon.' }],
    });
    const { entradas } = await entriesOf(readImportFile(Buffer.from(file), { formato: 'json', ...EN_ES }));
    expect(compact(entradas[0]!)).toEqual({
      termino: { es: 'lanza', en: 'spear' },
      definicion: 'A pole weapon.',
      definicion_es: 'Arma de asta.',
    });
  });

  it('reads flat entries with the target language’s definition as entries, not columns to map', async () => {
    const file = Buffer.from(JSON.stringify([{ 'termino.es': 'botín', 'termino.en': 'loot', definicion_en: 'Items dropped by an enemy.' }]));
    const plan = await readImportFile(file, { formato: 'json', ...ES_EN });
    const { entradas } = await entriesOf(plan);
    expect(entradas.map(compact)).toEqual([{ termino: { es: 'botín', en: 'loot' }, definicion_en: 'Items dropped by an enemy.' }]);
  });

  it('reads a list inside {entradas: […]}', async () => {
    const { entradas } = await entriesOf(readImportFile(await readFixture('own/entradas-object.json'), { formato: 'json', ...ES_EN }));
    expect(entradas.map((e) => e.subindice)).toEqual(['progresión', 'escenario']);
  });

  it('answers the header pass for flat objects with their own keys, then maps them', async () => {
    const bytes = await readFixture('own/flat-objects.json');
    const plan = await readImportFile(bytes, { formato: 'json', ...ES_EN });
    expect(plan.tipo).toBe('cabeceras');
    if (plan.tipo !== 'cabeceras') return;
    expect(plan.cabeceras_detectadas).toEqual(['English', 'Spanish', 'Comment', 'Id', 'Platform']);
    expect(plan.muestra[1]).toEqual(['skill tree', 'árbol de habilidades', '', '2', '']);
    expect(plan.sugerencia).toMatchObject({ English: 'termino.en', Spanish: 'termino.es', Comment: 'notas', Id: 'ignorar' });
    const { entradas } = await entriesOf(readImportFile(bytes, { formato: 'json', ...ES_EN, mapping: plan.sugerencia }));
    expect(entradas.map(compact)).toEqual([
      { termino: { es: 'inventario', en: 'inventory' }, notas: 'UI' },
      { termino: { es: 'árbol de habilidades', en: 'skill tree' } },
      { termino: { es: 'tiempo de recarga', en: 'cooldown' }, notas: 'Also «enfriamiento»' },
    ]);
  });

  it('says which shape it expected for an object without entradas or a list of strings', async () => {
    await expect(readJson('{"terms": []}', ES_EN)).rejects.toMatchObject({ code: 'JSON_UNEXPECTED_SHAPE' });
    await expect(readJson('["maná", "vida"]', ES_EN).then(entriesOf)).rejects.toMatchObject({ code: 'JSON_UNEXPECTED_SHAPE' });
  });

  it('refuses malformed and truncated JSON with the line', async () => {
    const missing = await readImportFile(await readFixture('own/missing-comma.json'), { formato: 'json', ...ES_EN })
      .then(entriesOf)
      .catch((e: unknown) => e as FormatError);
    expect(missing).toMatchObject({ code: 'JSON_MALFORMED', ubicacion: { linea: 3, columna: 3 } });
    const truncated = await readImportFile(await readFixture('own/truncated.json'), { formato: 'json', ...ES_EN })
      .then(entriesOf)
      .catch((e: unknown) => e as FormatError);
    expect(truncated).toMatchObject({ code: 'JSON_MALFORMED' });
  });

  it('answers NOTHING_TO_IMPORT for an empty list', async () => {
    await expect(entriesOf(readJson('[]', ES_EN))).rejects.toMatchObject({ code: 'NOTHING_TO_IMPORT' });
  });
});
