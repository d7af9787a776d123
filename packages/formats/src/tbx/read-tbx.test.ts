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

/** The card fields of an entry, without its term list and provenance. */
function cardOf(entry: EntryInput): Record<string, unknown> {
  const { terminos: _terms, id_externo: _id, registro_original: _record, ...card } = compact(entry);
  return card;
}

const CONCEPTS_SHARING_A_PAIR = `<?xml version="1.0"?>
<martif type="TBX" xml:lang="en"><text><body>
  <termEntry id="c-41">
    <transacGrp><transac type="transactionType">origination</transac><transacNote type="responsibility">Ana</transacNote><date>2019-03-01</date></transacGrp>
    <transacGrp><transac type="transactionType">modification</transac><transacNote type="responsibility">Luis</transacNote><date>2020-07-09</date></transacGrp>
    <langSet xml:lang="en"><tig><term>save</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig></langSet>
    <langSet xml:lang="es"><tig><term>guardar</term></tig>
      <tig><term>salvar</term><termNote type="administrativeStatus">colloquialTerm</termNote></tig></langSet>
  </termEntry>
  <termEntry id="c-42">
    <langSet xml:lang="en"><tig><term>save</term>
      <transacGrp><transac type="transactionType">origination</transac><date>2021-01-01</date></transacGrp></tig></langSet>
    <langSet xml:lang="es"><tig><term>guardar</term></tig></langSet>
  </termEntry>
</body></text></martif>`;

const DEFINITIONS_PER_LANGUAGE = `<?xml version="1.0"?>
<martif type="TBX-Basic" xml:lang="en"><text><body>
  <termEntry id="d1">
    <langSet xml:lang="en">
      <descripGrp><descrip type="definition">Items dropped by a defeated enemy.</descrip><admin type="source">Studio glossary</admin></descripGrp>
      <tig><term>loot</term><descrip type="definition">Any reward picked up in a level.</descrip></tig>
    </langSet>
    <langSet xml:lang="es">
      <descripGrp><descrip type="definition">Objetos que suelta un enemigo al morir.</descrip><admin type="source">Glosario del estudio</admin></descripGrp>
      <tig><term>botín</term></tig>
    </langSet>
  </termEntry>
  <termEntry id="d2">
    <descrip type="definition">Zona cerrada llena de enemigos.</descrip>
    <langSet xml:lang="en"><descrip type="definition">An enclosed area full of enemies.</descrip><tig><term>dungeon</term></tig></langSet>
    <langSet xml:lang="es"><tig><term>mazmorra</term></tig></langSet>
  </termEntry>
</body></text></martif>`;

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
        // The file's only definition is English: the target language's field, not the base's.
        definicion_en: 'Points that a character spends to cast spells; they regenerate over time.',
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
    // MultiTerm names the kind of transaction in its type and who made it in its text.
    expect(entradas[0]?.id_externo).toBe('c101');
    expect(entradas[0]?.registro_original).toEqual({
      creado_por: 'translator01',
      creado_en: '2023-11-02T16:20:11',
      modificado_por: null,
      modificado_en: null,
    });
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

  it('reads TBX v3 in DCA style: each language’s definition in its field, cross references, links, notes', async () => {
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
      definicion_en: 'A weapon whose shots hit instantly along a straight line.',
      // The Spanish definition gives no source: the English one's fills «Fuente».
      fuente: 'Shooter glossary',
      contexto_en: 'The railgun is a hitscan weapon.',
      fuente_contexto_en: 'Patch notes 1.2',
      relaciones: 'respawn',
      notas: 'Hitscan explained (https://example.org/hitscan)',
    });
    expect(entradas[1]?.categoria).toBe('verbo');
  });

  it('reads TBX v2 definitions per language: base, target, several in one language, a concept-level one', async () => {
    const { entradas } = await readTbxBytes(new TextEncoder().encode(DEFINITIONS_PER_LANGUAGE));
    expect(entradas.map(cardOf)).toEqual([
      {
        termino: { es: 'botín', en: 'loot' },
        definicion: 'Objetos que suelta un enemigo al morir.',
        definicion_en: 'Items dropped by a defeated enemy.\nAny reward picked up in a level.',
        fuente: 'Glosario del estudio',
        // A second source has no field of its own; nothing else about the definitions is a note.
        notas: 'Fuente de la definición (en): Studio glossary',
      },
      {
        termino: { es: 'mazmorra', en: 'dungeon' },
        // Concept-level, with no language: the base language's field.
        definicion: 'Zona cerrada llena de enemigos.',
        definicion_en: 'An enclosed area full of enemies.',
      },
    ]);
  });

  it('keeps each concept id and its creation and change, and reports a status it does not know', async () => {
    const plan = await readImportFile(new TextEncoder().encode(CONCEPTS_SHARING_A_PAIR), { formato: 'tbx', ...ES_EN });
    if (plan.tipo !== 'entradas') throw new Error('se esperaban entradas');
    const items = [];
    for await (const batch of plan.entradas.batches()) items.push(...batch);
    expect(items.map((i) => i.entrada.id_externo)).toEqual(['c-41', 'c-42']);
    expect(items[0]!.entrada.registro_original).toEqual({
      creado_por: 'Ana',
      creado_en: '2019-03-01',
      modificado_por: 'Luis',
      modificado_en: '2020-07-09',
    });
    // Only a term's own transaction: it stands for the concept's.
    expect(items[1]!.entrada.registro_original).toEqual({
      creado_por: null,
      creado_en: '2021-01-01',
      modificado_por: null,
      modificado_en: null,
    });
    expect(termsOf(items[0]!.entrada)).toContain('es:salvar:admitido:termino_completo');
    expect(items[0]!.avisos).toEqual([
      'el estado «colloquialTerm» del término «salvar» no es ninguno de los que LudoTerm conoce: se ha importado como admitido.',
    ]);
    expect(items[1]!.avisos).toBeUndefined();
  });

  it('keeps a term repeated but for case once, and leaves an unknown review state as a draft, saying both', async () => {
    const tbx = `<?xml version="1.0"?><martif type="TBX-Basic" xml:lang="es"><text><body>
      <termEntry id="c1"><note>estado_revision: terminada</note>
        <langSet xml:lang="es"><tig><term>Maná</term></tig><tig><term>maná</term></tig><tig><term>energía</term></tig><tig><term>energía</term></tig></langSet>
        <langSet xml:lang="en"><tig><term>mana</term></tig></langSet></termEntry>
    </body></text></martif>`;
    const plan = await readImportFile(new TextEncoder().encode(tbx), { formato: 'tbx', ...ES_EN });
    if (plan.tipo !== 'entradas') throw new Error('se esperaban entradas');
    const items = [];
    for await (const batch of plan.entradas.batches()) items.push(...batch);
    expect(termsOf(items[0]!.entrada)).toEqual([
      'es:Maná:preferido:termino_completo',
      'es:energía:admitido:termino_completo',
      'en:mana:preferido:termino_completo',
    ]);
    expect(items[0]!.entrada).not.toHaveProperty('estado_revision');
    expect(items[0]!.avisos).toEqual([
      'el término «maná» repite «Maná» salvo en mayúsculas: se guarda una vez, como «Maná».',
      'el estado de revisión «terminada» no es borrador, en revisión ni aprobado: la entrada queda en borrador.',
    ]);
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
