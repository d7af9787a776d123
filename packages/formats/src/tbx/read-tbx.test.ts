import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../read-import-file.ts';
import { compact, EN_ES, entriesOf, ES_EN, readFixture, sharedInterchangePath } from '../test-support/fixtures.ts';

async function readTbxBytes(bytes: Uint8Array, langs = ES_EN) {
  return entriesOf(readImportFile(bytes, { formato: 'tbx', ...langs }));
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
    expect(entradas[1]?.variante).toBe('audible notification');
  });

  it('imports an en/tr Windows-1254 file into en→es with the Spanish term empty', async () => {
    const { entradas } = await readTbxBytes(await readFixture('okapi/test02_win1254.tbx'), EN_ES);
    expect(entradas).toEqual([expect.objectContaining({ termino: { en: 'term with: éá and İı', es: null } })]);
  });

  it('reads a memoQ-style export: region variants, abbreviations to variante, contexts per language', async () => {
    const { entradas, omitidos } = await readTbxBytes(await readFixture('own/memoq-style.tbx'));
    expect(omitidos).toBe(1);
    expect(entradas.map(compact)).toEqual([
      {
        termino: { es: 'puntos de maná', en: 'mana points' },
        categoria: 'sustantivo',
        area: 'Role-playing games',
        definicion: 'Points that a character spends to cast spells; they regenerate over time.',
        contexto_es: 'Necesitas 30 puntos de maná para lanzar Bola de fuego.',
        contexto_en: 'You need 30 mana points to cast Fireball.',
        variante: 'PM; MP',
        notas: 'grammaticalGender (es-es): masculine',
      },
      {
        termino: { es: 'punto de guardado', en: 'save point' },
        categoria: 'sustantivo',
        variante: 'punto de control',
        notas: 'Do not confuse with checkpoint in racing games.',
      },
    ]);
  });

  it('reads a MultiTerm-style export with ntig/termGrp and capitalised field names', async () => {
    const { entradas } = await readTbxBytes(await readFixture('own/multiterm-style.tbx'), EN_ES);
    expect(compact(entradas[0]!)).toEqual({
      termino: { en: 'turn order', es: 'orden de turno' },
      categoria: 'sustantivo',
      area: 'Strategy games',
      definicion: 'The order in which the players of a turn-based game act.',
      fuente: 'Game design handbook, ch. 4',
      contexto_en: 'Initiative rolls decide the turn order.',
      fuente_contexto_en: 'Rulebook p. 12',
      variante: 'orden de turnos',
      notas: 'Gender (ES): masculine\nPreferido sobre «orden de turnos».',
    });
    expect(entradas[1]?.termino).toEqual({ en: 'fog of war', es: 'niebla de guerra' });
  });

  it('reads TBX v3 in DCT style (namespaced data category elements)', async () => {
    const { entradas } = await readTbxBytes(await readFixture('own/tbx3-dct.tbx'), EN_ES);
    expect(compact(entradas[0]!)).toEqual({
      termino: { en: 'double jump', es: 'doble salto' },
      categoria: 'sustantivo',
      area: 'Platform games',
      definicion: 'A jump performed in mid-air, after a first jump.',
      fuente: 'Platformer design notes',
      contexto_en: 'Unlock the double jump in the second world.',
      fuente_contexto_en: 'Tutorial, level 2-1',
      contexto_es: 'Desbloquea el doble salto en el segundo mundo.',
      variante: 'DJ',
    });
  });

  it('reads TBX v3 in DCA style: definitions of both languages, cross references, links, notes', async () => {
    const { entradas } = await readTbxBytes(await readFixture('own/tbx3-dca.tbx'));
    expect(compact(entradas[0]!)).toEqual({
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
        'administrativeStatus (en): preferredTerm-admn-sts',
        'Préstamo habitual en la comunidad.',
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
      variante: 'galactic cluster',
    });
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
