import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { exportToFile, run } from '../test-support/external-tools.ts';
import type { EntryInput } from '@ludoterm/contract';
import type { ExportEntry } from '../model.ts';
import { readImportFile } from '../read-import-file.ts';
import { entriesOf, ES_EN, fixturePath, hasCommand, pythonWithTranslateToolkit, requireTool } from '../test-support/fixtures.ts';
import { SAMPLE_ENTRIES, SAMPLE_META } from '../test-support/sample-entries.ts';

const XMLLINT = hasCommand('xmllint');

const blank = { categoria_gramatical: null, genero: null, numero: null, nota_uso: null } as const;
/** A concept with synonyms, statuses and grammar in both languages. */
const WITH_TERMS: ExportEntry = {
  id: 21,
  termino: { es: 'puntos de salud', en: 'hit points' },
  definicion: 'Lo que un personaje aguanta antes de caer.',
  terminos: [
    { ...blank, idioma: 'es', termino: 'puntos de salud', estado: 'preferido', tipo: 'termino_completo', genero: 'masculino' },
    { ...blank, idioma: 'es', termino: 'PS', estado: 'admitido', tipo: 'sigla' },
    { ...blank, idioma: 'es', termino: 'vida', estado: 'desaconsejado', tipo: 'termino_completo', nota_uso: 'Ambiguo en la interfaz.' },
    { ...blank, idioma: 'en', termino: 'hit points', estado: 'preferido', tipo: 'termino_completo', categoria_gramatical: 'sustantivo' },
    { ...blank, idioma: 'en', termino: 'HP', estado: 'admitido', tipo: 'sigla' },
  ],
};
const summary = (terms: EntryInput['terminos']) =>
  (terms ?? []).map((t) => [t.idioma, t.termino, t.estado, t.tipo, t.genero ?? null, t.categoria_gramatical ?? null, t.nota_uso ?? null]);

/** Each unit as translate-toolkit reads it: its id, source and target, and every term of each language. */
const READ_TBX = `
import json, sys
from translate.misc.xml_helpers import getXMLlang
from translate.storage import lisa, tbx
with open(sys.argv[1], 'rb') as f:
    store = tbx.tbxfile(f)
print(json.dumps([{
    'id': u.getid(), 'source': u.source, 'target': u.target,
    'terms': [[getXMLlang(node)] + [lisa.getText(t) for t in node.iterdescendants(u.namespaced('term'))] for node in u.getlanguageNodes()],
} for u in store.units], ensure_ascii=False))
`;

interface ToolkitUnit {
  id: string;
  source: string | null;
  target: string | null;
  terms: string[][];
}

/** Concepts as an imported termbase gives them: synonyms with statuses, a concept id, its original record. */
const IMPORTED_CONCEPTS: ExportEntry[] = [
  {
    ...WITH_TERMS,
    id_externo: 'hp-01',
    registro_original: { creado_por: 'Marta', creado_en: '2024-05-02T10:15:00', modificado_por: 'Luis & Ana', modificado_en: '2024-06-01' },
  },
  {
    id: 22,
    // Not an XML name: the export gives the concept an id of its own.
    id_externo: '22 «botín»',
    termino: { es: null, en: 'loot' },
    terminos: [
      { ...blank, idioma: 'en', termino: 'loot', estado: 'preferido', tipo: 'termino_completo', categoria_gramatical: 'sustantivo', numero: 'invariable' },
      { ...blank, idioma: 'en', termino: 'drop', estado: 'admitido', tipo: 'termino_completo', nota_uso: 'What an enemy <leaves> behind.' },
      { ...blank, idioma: 'en', termino: 'swag', estado: 'prohibido', tipo: 'variante' },
      { ...blank, idioma: 'en', termino: 'L = x²', estado: 'admitido', tipo: 'formula' },
    ],
    registro_original: { creado_por: null, creado_en: '2023-01-09', modificado_por: null, modificado_en: null },
  },
];

describe('writeTbx', () => {
  it('writes TBX v3 that xmllint validates against the TBX-Basic RELAX NG schema', async (ctx) => {
    requireTool(XMLLINT, 'xmllint (libxml2-utils)', (note) => ctx.skip(note));
    const path = await exportToFile('tbx', SAMPLE_ENTRIES, SAMPLE_META, { version: 3 });
    const result = run('xmllint', ['--noout', '--nonet', '--relaxng', fixturePath('TBXcoreStructV03_TBX-Basic_integrated.rng'), path]);
    expect(result.stderr).toContain('validates');
    expect(result.status).toBe(0);
  });

  it('writes each term of a concept with its status and grammar, valid TBX-Basic v3, and reads it back the same', async (ctx) => {
    requireTool(XMLLINT, 'xmllint (libxml2-utils)', (note) => ctx.skip(note));
    for (const version of [2, 3] as const) {
      const path = await exportToFile('tbx', [WITH_TERMS], SAMPLE_META, { version });
      if (version === 3) {
        const result = run('xmllint', ['--noout', '--nonet', '--relaxng', fixturePath('TBXcoreStructV03_TBX-Basic_integrated.rng'), path]);
        expect(result.stderr).toContain('validates');
      }
      const xml = await readFile(path, 'utf8');
      expect(xml).toContain('<termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote>');
      expect(xml).toContain('<termNote type="termType">acronym</termNote>');
      const { entradas } = await entriesOf(readImportFile(await readFile(path), { formato: 'tbx', ...ES_EN }));
      expect(summary(entradas[0]!.terminos)).toEqual(summary(WITH_TERMS.terminos));
      expect(entradas[0]!.variante ?? null).toBeNull();
    }
  });

  it('writes each language’s definition in its own language section, valid TBX-Basic v3, and reads both back', async (ctx) => {
    requireTool(XMLLINT, 'xmllint (libxml2-utils)', (note) => ctx.skip(note));
    const entries: ExportEntry[] = [
      { id: 31, termino: { es: 'botín', en: 'loot' }, definicion: 'Objetos que suelta un enemigo.', definicion_en: 'Items dropped by an enemy.', fuente: 'Glosario del estudio' },
      // Only the target's definition: «Fuente» goes with it.
      { id: 32, termino: { es: 'mazmorra', en: 'dungeon' }, definicion_en: 'An enclosed area full of enemies.', fuente: 'Studio glossary' },
      // No English term to hang it on: a labelled note keeps it.
      { id: 33, termino: { es: 'ñandú', en: null }, definicion_en: 'A large flightless bird.' },
    ];
    for (const version of [2, 3] as const) {
      const path = await exportToFile('tbx', entries, SAMPLE_META, { version });
      if (version === 3) {
        const result = run('xmllint', ['--noout', '--nonet', '--relaxng', fixturePath('TBXcoreStructV03_TBX-Basic_integrated.rng'), path]);
        expect(result.stderr).toContain('validates');
      }
      const xml = await readFile(path, 'utf8');
      const lang = version === 3 ? 'langSec' : 'langSet';
      expect(xml).toContain(
        `<${lang} xml:lang="en">\n        <descripGrp><descrip type="definition">Items dropped by an enemy.</descrip></descripGrp>`,
      );
      expect(xml).toContain('<descripGrp><descrip type="definition">An enclosed area full of enemies.</descrip><admin type="source">Studio glossary</admin></descripGrp>');
      expect(xml).toContain('<note>definicion_en: A large flightless bird.</note>');
      const { entradas } = await entriesOf(readImportFile(await readFile(path), { formato: 'tbx', ...ES_EN }));
      expect(entradas.map((e) => [e.definicion, e.definicion_en, e.fuente, e.notas])).toEqual([
        ['Objetos que suelta un enemigo.', 'Items dropped by an enemy.', 'Glosario del estudio', null],
        [null, 'An enclosed area full of enemies.', 'Studio glossary', null],
        [null, 'A large flightless bird.', null, null],
      ]);
    }
  });

  it('writes TBX v2 that Debian’s translate-toolkit reads back with the same terms', async (ctx) => {
    const python = pythonWithTranslateToolkit();
    requireTool(python !== null, 'translate-toolkit de Debian (python3-translate-toolkit)', (note) => ctx.skip(note));
    const path = await exportToFile('tbx', SAMPLE_ENTRIES, SAMPLE_META);
    const result = run(python!, ['-c', READ_TBX, path]);
    expect(result.stderr).toBe('');
    expect((JSON.parse(result.stdout) as ToolkitUnit[]).map((u) => [u.source, u.target])).toEqual([
      ['ácido', 'acid damage'],
      ['nivel', 'level'],
      ['ñandú', null],
      ['Ñu 𝐀', 'gnu'],
    ]);
  });

  it('writes multi-term TBX v2 that Debian’s translate-toolkit reads back with every term and concept id', async (ctx) => {
    const python = pythonWithTranslateToolkit();
    requireTool(python !== null, 'translate-toolkit de Debian (python3-translate-toolkit)', (note) => ctx.skip(note));
    const result = run(python!, ['-c', READ_TBX, await exportToFile('tbx', IMPORTED_CONCEPTS, SAMPLE_META)]);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([
      {
        id: 'hp-01',
        source: 'puntos de salud',
        target: 'hit points',
        terms: [
          ['es', 'puntos de salud', 'PS', 'vida'],
          ['en', 'hit points', 'HP'],
        ],
      },
      { id: 'c22', source: 'loot', target: null, terms: [['en', 'loot', 'drop', 'swag', 'L = x²']] },
    ]);
  });

  it('writes multi-term concepts with their ids and original records as TBX-Basic v3 that xmllint validates', async (ctx) => {
    requireTool(XMLLINT, 'xmllint (libxml2-utils)', (note) => ctx.skip(note));
    const path = await exportToFile('tbx', IMPORTED_CONCEPTS, SAMPLE_META, { version: 3 });
    const result = run('xmllint', ['--noout', '--nonet', '--relaxng', fixturePath('TBXcoreStructV03_TBX-Basic_integrated.rng'), path]);
    expect(result.stderr).toContain('validates');
    expect(result.status).toBe(0);
    const xml = await readFile(path, 'utf8');
    expect(xml).toContain('<conceptEntry id="hp-01">');
    // v3's <date> is an xsd:date: a date-time keeps its day.
    expect(xml).toContain('<transacGrp><transac type="transactionType">origination</transac><transacNote type="responsibility">Marta</transacNote><date>2024-05-02</date></transacGrp>');
    expect(xml).toContain('<transacNote type="responsibility">Luis &amp; Ana</transacNote><date>2024-06-01</date>');
    expect(xml.match(/<termSec>/g)).toHaveLength(9);
    // TBX-Basic has no forbidden status: prohibido travels as deprecated.
    expect(xml).toMatch(/<term>swag<\/term>\s*<termNote type="termType">variant<\/termNote>\s*<termNote type="administrativeStatus">deprecatedTerm-admn-sts<\/termNote>/);
  });

  it('gives every concept id back on import, one that is no XML name through a labelled note', async () => {
    for (const version of [2, 3] as const) {
      const path = await exportToFile('tbx', IMPORTED_CONCEPTS, SAMPLE_META, { version });
      const xml = await readFile(path, 'utf8');
      expect(xml).toContain('<note>id_externo: 22 «botín»</note>');
      const { entradas } = await entriesOf(readImportFile(await readFile(path), { formato: 'tbx', ...ES_EN }));
      expect(entradas.map((e) => e.id_externo)).toEqual(['hp-01', '22 «botín»']);
      expect(entradas.map((e) => e.notas ?? null)).toEqual([WITH_TERMS.notas ?? null, null]);
    }
  });

  it('keeps an imported date-time in TBX v2, whose <date> is free text', async () => {
    const xml = await readFile(await exportToFile('tbx', IMPORTED_CONCEPTS, SAMPLE_META), 'utf8');
    expect(xml).toContain('<transacNote type="responsibility">Marta</transacNote><date>2024-05-02T10:15:00</date>');
  });

  it('uses TBX-Basic data categories where the card has one and labelled notes elsewhere', async () => {
    const xml = await readFile(await exportToFile('tbx', SAMPLE_ENTRIES, SAMPLE_META, { version: 3 }), 'utf8');
    expect(xml).toContain('<tbx type="TBX-Basic" style="dca" xml:lang="es" xmlns="urn:iso:std:iso:30042:ed-2">');
    expect(xml).toContain('<conceptEntry id="c11">');
    expect(xml).toContain('<descrip type="subjectField">Juegos de rol</descrip>');
    expect(xml).toContain(
      '<descripGrp><descrip type="definition">Daño elemental que corroe la armadura; «ignora» el 20 % de la defensa.</descrip><admin type="source">Manual del juego, p. 12</admin></descripGrp>',
    );
    expect(xml).toContain('<termNote type="partOfSpeech">noun</termNote>');
    expect(xml).toContain('<note>mecanismo: calco</note>');
    expect(xml).toContain('<transacGrp><transac type="transactionType">origination</transac><transacNote type="responsibility">ana@example.com</transacNote><date>2026-01-02</date></transacGrp>');
    // «Sustantivo masculino» is no picklist value: it travels as a labelled note, with no partOfSpeech.
    expect(xml).toMatch(/<conceptEntry id="c12">(?:(?!<\/conceptEntry>)[\s\S])*<note>categoria: Sustantivo masculino<\/note>/);
    expect(xml).not.toMatch(/<conceptEntry id="c12">(?:(?!<\/conceptEntry>)[\s\S])*partOfSpeech/);
    // The type values used are exactly those the TBX-Basic schema lists.
    const types = new Set([...xml.matchAll(/ type="([^"]+)"/g)].map((m) => m[1]));
    expect([...types].sort()).toEqual(['TBX-Basic', 'context', 'definition', 'partOfSpeech', 'responsibility', 'source', 'subjectField', 'transactionType']);
  });

  it('writes v2 as a TBX-Basic martif', async () => {
    const xml = await readFile(await exportToFile('tbx', SAMPLE_ENTRIES, SAMPLE_META), 'utf8');
    expect(xml).toContain('<martif type="TBX-Basic" xml:lang="es">');
    expect(xml).toContain('<termEntry id="c11">');
    expect(xml).toContain('<langSet xml:lang="en">');
    expect(xml).toContain('<tig>');
  });
});
