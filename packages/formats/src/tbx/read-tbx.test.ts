import { readFile } from 'node:fs/promises';
import type { EntryInput } from '@ludoterm/contract';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../read-import-file.ts';
import { compact, EN_ES, entriesOf, ES_EN, readFixture, sharedInterchangePath } from '../test-support/fixtures.ts';

async function readTbxBytes(bytes: Uint8Array, langs = ES_EN) {
  return entriesOf(readImportFile(bytes, { formato: 'tbx', ...langs }));
}

/** An entry's term list as `idioma:termino:estado:tipo` lines. */
function termsOf(entry: EntryInput | undefined): string[] {
  return (entry?.terminos ?? []).map((t) => `${t.idioma}:${t.termino}:${t.estado}:${t.tipo}`);
}

/** The card fields of an entry, without its term list. */
function cardOf(entry: EntryInput): Record<string, unknown> {
  const { terminos: _terms, ...card } = compact(entry);
  return card;
}

describe('readTbx', () => {
  it('picks Spanish and English out of a 14-language corporate export', async () => {
    const { entradas, omitidos } = await readTbxBytes(await readFixture('okapi/medtronic_TBX.tbx'));
    expect(omitidos).toBe(0);
    expect(entradas.map((e) => e.termino)).toEqual([
      { es: 'identificador de paciente', en: 'patient identifier' },
      { es: 'señal de aviso sonora', en: 'audible alert' },
      expect.objectContaining({ en: expect.any(String) }),
    ]);
    expect(compact(entradas[0]!)).toMatchObject({
      categoria: 'sustantivo',
      definicion: expect.stringMatching(/^the capability of a distance telemetry enabled programmer to remotely identify/),
      contexto_en: expect.stringContaining('unique patient identifier'),
    });
    // Pretty-printing line breaks inside a definition are not content.
    expect(entradas[0]?.definicion).not.toContain('\n');
    // A deprecated synonym is a term of its own, with its status: not a free-text variant.
    expect(entradas[1]?.variante).toBeNull();
    expect(termsOf(entradas[1])).toEqual([
      'es:señal de aviso sonora:preferido:termino_completo',
      'en:audible alert:preferido:termino_completo',
      'en:audible notification:desaconsejado:termino_completo',
    ]);
  });

  it('imports an en/tr Windows-1254 file into en→es with the Spanish term empty', async () => {
    const { entradas } = await readTbxBytes(await readFixture('okapi/test02_win1254.tbx'), EN_ES);
    expect(entradas).toEqual([expect.objectContaining({ termino: { en: 'term with: éá and İı', es: null } })]);
  });

  it('reads a memoQ-style export: region variants, abbreviations as terms, contexts per language', async () => {
    const { entradas, omitidos } = await readTbxBytes(await readFixture('own/memoq-style.tbx'));
    expect(omitidos).toBe(1);
    expect(termsOf(entradas[0])).toEqual([
      'es:puntos de maná:preferido:termino_completo',
      'es:PM:admitido:abreviatura',
      'en:mana points:preferido:termino_completo',
      'en:MP:admitido:abreviatura',
    ]);
    expect(entradas[0]?.terminos?.[0]?.genero).toBe('masculino');
    expect(termsOf(entradas[1])).toEqual([
      'es:punto de guardado:preferido:termino_completo',
      'es:punto de control:admitido:termino_completo',
      'en:save point:preferido:termino_completo',
    ]);
    expect(entradas.map(cardOf)).toEqual([
      {
        termino: { es: 'puntos de maná', en: 'mana points' },
        categoria: 'sustantivo',
        area: 'Role-playing games',
        definicion: 'Points that a character spends to cast spells; they regenerate over time.',
        contexto_es: 'Necesitas 30 puntos de maná para lanzar Bola de fuego.',
        contexto_en: 'You need 30 mana points to cast Fireball.',
      },
      {
        termino: { es: 'punto de guardado', en: 'save point' },
        categoria: 'sustantivo',
        notas: 'Do not confuse with checkpoint in racing games.',
      },
    ]);
  });

  it('reads a MultiTerm-style export with ntig/termGrp and capitalised field names', async () => {
    const { entradas } = await readTbxBytes(await readFixture('own/multiterm-style.tbx'), EN_ES);
    expect(termsOf(entradas[0])).toEqual([
      'en:turn order:preferido:termino_completo',
      'es:orden de turno:preferido:termino_completo',
      'es:orden de turnos:admitido:termino_completo',
    ]);
    expect(entradas[0]?.terminos?.[1]).toMatchObject({ genero: 'masculino', nota_uso: 'Preferido sobre «orden de turnos».' });
    expect(cardOf(entradas[0]!)).toEqual({
      termino: { en: 'turn order', es: 'orden de turno' },
      categoria: 'sustantivo',
      area: 'Strategy games',
      definicion: 'The order in which the players of a turn-based game act.',
      fuente: 'Game design handbook, ch. 4',
      contexto_en: 'Initiative rolls decide the turn order.',
      fuente_contexto_en: 'Rulebook p. 12',
    });
    expect(entradas[1]?.termino).toEqual({ en: 'fog of war', es: 'niebla de guerra' });
  });

  it('reads TBX v3 in DCT style (namespaced data category elements)', async () => {
    const { entradas } = await readTbxBytes(await readFixture('own/tbx3-dct.tbx'), EN_ES);
    expect(termsOf(entradas[0])).toEqual([
      'en:double jump:preferido:termino_completo',
      'en:DJ:admitido:abreviatura',
      'es:doble salto:preferido:termino_completo',
    ]);
    expect(cardOf(entradas[0]!)).toEqual({
      termino: { en: 'double jump', es: 'doble salto' },
      categoria: 'sustantivo',
      area: 'Platform games',
      definicion: 'A jump performed in mid-air, after a first jump.',
      fuente: 'Platformer design notes',
      contexto_en: 'Unlock the double jump in the second world.',
      fuente_contexto_en: 'Tutorial, level 2-1',
      contexto_es: 'Desbloquea el doble salto en el segundo mundo.',
    });
  });

  it('reads TBX v3 in DCA style: definitions of both languages, cross references, links, notes', async () => {
    const { entradas } = await readTbxBytes(await readFixture('own/tbx3-dca.tbx'));
    // The status is the term's; its note is the term's usage note.
    expect(termsOf(entradas[0])).toEqual([
      'es:arma hitscan:preferido:termino_completo',
      'en:hitscan weapon:preferido:termino_completo',
    ]);
    expect(entradas[0]?.terminos?.[0]?.nota_uso).toBe('Préstamo habitual en la comunidad.');
    expect(cardOf(entradas[0]!)).toEqual({
      termino: { es: 'arma hitscan', en: 'hitscan weapon' },
      categoria: 'sustantivo',
      area: 'Shooters',
      definicion: 'Arma cuyos disparos impactan al instante en línea recta.',
      contexto_en: 'The railgun is a hitscan weapon.',
      fuente_contexto_en: 'Patch notes 1.2',
      relaciones: 'respawn',
      notas: [
        'Definición (en): A weapon whose shots hit instantly along a straight line.',
        'Fuente de la definición (en): Shooter glossary',
        'Hitscan explained (https://example.org/hitscan)',
      ].join('\n'),
    });
    expect(entradas[1]?.categoria).toBe('verbo');
  });

  it('finds entries whatever the root and namespace prefix', async () => {
    const { entradas } = await readTbxBytes(await readFixture('own/bare-root.tbx'));
    expect(entradas.map((e) => e.termino)).toEqual([{ es: 'jefe final', en: 'final boss' }]);
  });

  it('reads LTAC’s TBX-Basic sample when the shared folder is there (no licence: never committed)', async (ctx) => {
    const path = sharedInterchangePath('ltac-tbx-test-files/basic_good.tbx');
    if (!path) return ctx.skip('../shared/data/interchange/ltac-tbx-test-files no está disponible');
    const { entradas, omitidos } = await readTbxBytes(await readFile(path), EN_ES);
    expect(entradas.length + omitidos).toBe(45);
    expect(compact(entradas[0]!)).toMatchObject({
      termino: { en: 'open cluster', es: 'cúmulo abierto' },
      definicion: 'A group of stars formed together in the spiral arms of a galaxy.',
      fuente: 'Oxford2007',
      area: 'General',
    });
    expect(termsOf(entradas[0])).toEqual([
      'en:open cluster:preferido:termino_completo',
      'en:galactic cluster:desaconsejado:termino_completo',
      'es:cúmulo abierto:preferido:termino_completo',
    ]);
  });

  it('refuses LTAC’s poorly formed file with its line when the shared folder is there', async (ctx) => {
    const path = sharedInterchangePath('ltac-tbx-test-files/poorly_formed_xml.tbx');
    if (!path) return ctx.skip('../shared/data/interchange/ltac-tbx-test-files no está disponible');
    await expect(readTbxBytes(await readFile(path), EN_ES)).rejects.toMatchObject({
      code: 'XML_MALFORMED',
      ubicacion: { linea: 42 },
    });
  });
});
