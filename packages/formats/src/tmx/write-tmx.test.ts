import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { exportToFile, run } from '../test-support/external-tools.ts';
import { fixturePath, hasCommand, pythonWithTranslateToolkit, requireTool } from '../test-support/fixtures.ts';
import type { ExportEntry } from '../model.ts';
import { answeredTerm as term, SAMPLE_ENTRIES, SAMPLE_META } from '../test-support/sample-entries.ts';
import { readAllText } from '../text/byte-source.ts';
import { tmxDate, writeTmx } from './write-tmx.ts';

const XMLLINT = hasCommand('xmllint');

const READ_TMX = `
import json, sys
from translate.storage import tmx
with open(sys.argv[1], 'rb') as f:
    store = tmx.tmxfile(f, sourcelanguage='es', targetlanguage='en')
print(json.dumps([[u.source, u.target, u.getnotes()] for u in store.units], ensure_ascii=False))
`;

describe('writeTmx', () => {
  it('writes TMX 1.4b that xmllint validates against the TMX 1.4 DTD', async (ctx) => {
    requireTool(XMLLINT, 'xmllint (libxml2-utils)', (note) => ctx.skip(note));
    const path = await exportToFile('tmx', SAMPLE_ENTRIES, SAMPLE_META);
    const result = run('xmllint', ['--noout', '--nonet', '--dtdvalid', fixturePath('tmx14.dtd'), path]);
    expect(result.stderr.replace(/^.*failed to load external entity.*\n.*\n.*\n/gm, '')).not.toMatch(/validity error|parser error/);
    expect(result.status).toBe(0);
  });

  it('is read back by Debian’s translate-toolkit with the same terms', async (ctx) => {
    const python = pythonWithTranslateToolkit();
    requireTool(python !== null, 'translate-toolkit de Debian (python3-translate-toolkit)', (note) => ctx.skip(note));
    const path = await exportToFile('tmx', SAMPLE_ENTRIES, SAMPLE_META);
    const result = run(python!, ['-c', READ_TMX, path]);
    expect(result.stderr).toBe('');
    const units = JSON.parse(result.stdout) as [string, string | null, string][];
    expect(units.map(([source, target]) => [source, target])).toEqual([
      ['ácido', 'acid damage'],
      ['nivel', 'level'],
      ['ñandú', null],
      ['Ñu 𝐀', 'gnu'],
    ]);
    expect(units[0]?.[2]).toContain('=SUMA(A1) no es una fórmula');
  });

  it('writes the header, server fields in their TMX slots and the x-ludoterm props', async () => {
    const xml = await readFile(await exportToFile('tmx', SAMPLE_ENTRIES, SAMPLE_META), 'utf8');
    expect(xml).toMatch(/<header creationtool="LudoTerm" creationtoolversion="1" segtype="phrase" o-tmf="LudoTerm" adminlang="es" srclang="es" datatype="plaintext" creationdate="20260301T120000Z">/);
    expect(xml).toContain('<tu tuid="11" creationid="ana@example.com" creationdate="20260102T100000Z" changedate="20260105T083000Z">');
    expect(xml).toContain('<prop type="x-ludoterm-mecanismo">calco</prop>');
    expect(xml).toContain('<prop type="x-ludoterm-contexto_es">El limo escupe ácido → pierdes 5 PV.</prop>');
    expect(xml).toContain('<note>=SUMA(A1) no es una fórmula; &lt;b&gt;negrita&lt;/b&gt; &amp; "comillas"</note>');
    expect(xml).not.toContain('solo para la autora');
    // An entry without target term has only the base <tuv>.
    expect(xml).toMatch(/<tu tuid="13">\n(?:.*\n)*?\s*<tuv xml:lang="es"><seg>ñandú<\/seg><\/tuv>\n\s*<\/tu>/);
  });

  it('writes the preferred terms only: a translation memory has one segment per language', async () => {
    const entry: ExportEntry = {
      id: 1,
      termino: { es: 'ataque', en: 'attack' },
      terminos: [term('es', 'ataque', 'preferido'), term('es', 'golpe', 'desaconsejado'), term('en', 'attack', 'preferido'), term('en', 'hit', 'prohibido')],
      estado_revision: 'aprobado',
    };
    const xml = await readAllText(writeTmx([entry], SAMPLE_META));
    expect([...xml.matchAll(/<seg>([^<]*)<\/seg>/g)].map((m) => m[1])).toEqual(['ataque', 'attack']);
    expect(xml).not.toMatch(/golpe|hit|desaconsejado|prohibido|aprobado/);
  });

  it('formats dates as TMX does', () => {
    expect(tmxDate('2026-01-02T10:00:00.123Z')).toBe('20260102T100000Z');
    expect(tmxDate('2026-12-31T23:59:58Z')).toBe('20261231T235958Z');
    expect(tmxDate('2026-01-02T11:00:00+01:00')).toBe('20260102T100000Z');
    expect(tmxDate(new Date('2026-01-02T10:00:00Z'))).toBe('20260102T100000Z');
    expect(tmxDate('no es una fecha')).toBeUndefined();
  });
});
