import { readFile } from 'node:fs/promises';
import type { EntryInput, OriginalRecord } from '@ludoterm/contract';
import { describe, expect, it } from 'vitest';
import type { ExportEntry, GlossaryLanguages } from '../model.ts';
import { readImportFile } from '../read-import-file.ts';
import { run } from '../test-support/external-tools.ts';
import { EN_ES, entriesOf, ES_EN, fixturePath, hasCommand, requireTool, sharedInterchangePath } from '../test-support/fixtures.ts';
import { writeExport } from '../write-export.ts';

// Real termbases imported, exported by LudoTerm as TBX and imported again give the same concepts:
// terms with their statuses, types and grammar, notes, concept ids and original records
// (issue 35, item 6). The generated-data property is in ../round-trip.test.ts.

interface RealFile {
  name: string;
  path: string | null;
  langs: GlossaryLanguages;
}

/** Committed fixtures (Apache-2.0 or own), and LTAC's sample read in place (no licence). */
const FILES: RealFile[] = [
  { name: 'okapi/medtronic_TBX.tbx', path: fixturePath('okapi/medtronic_TBX.tbx'), langs: ES_EN },
  { name: 'okapi/test02_win1254.tbx', path: fixturePath('okapi/test02_win1254.tbx'), langs: EN_ES },
  { name: 'ltac-tbx-test-files/basic_good.tbx', path: sharedInterchangePath('ltac-tbx-test-files/basic_good.tbx'), langs: EN_ES },
  { name: 'own/tbx-basic-statuses.tbx', path: fixturePath('own/tbx-basic-statuses.tbx'), langs: ES_EN },
  { name: 'own/memoq-style.tbx', path: fixturePath('own/memoq-style.tbx'), langs: ES_EN },
  { name: 'own/multiterm-style.tbx', path: fixturePath('own/multiterm-style.tbx'), langs: EN_ES },
  { name: 'own/tbx3-dca.tbx', path: fixturePath('own/tbx3-dca.tbx'), langs: ES_EN },
  { name: 'own/tbx3-dct.tbx', path: fixturePath('own/tbx3-dct.tbx'), langs: EN_ES },
];

async function readTbx(bytes: Uint8Array, langs: GlossaryLanguages): Promise<EntryInput[]> {
  return (await entriesOf(readImportFile(bytes, { formato: 'tbx', ...langs }))).entradas;
}

/** The entries as LudoTerm stores and exports them: an imported term list is complete. */
function asStored(entries: EntryInput[]): ExportEntry[] {
  return entries.map((entry) => entry as ExportEntry);
}

async function writeTbx(entries: EntryInput[], langs: GlossaryLanguages, version: 2 | 3): Promise<string> {
  const meta = { ...langs, nombre: 'Ida y vuelta', nombre_seguro: 'ida-y-vuelta', descripcion: null };
  let xml = '';
  for await (const chunk of writeExport('tbx', asStored(entries), meta, { version, fecha: new Date('2026-03-01T12:00:00Z') })) {
    xml += Buffer.from(chunk).toString('utf8');
  }
  return xml;
}

/**
 * What TBX-Basic cannot hold: a grammatical number (no such data category), and in v3 the time of
 * the original record's dates (`<date>` is an xsd:date).
 */
function tbxBasicOf(entry: EntryInput, version: 2 | 3): EntryInput {
  const out = { ...entry };
  if (entry.terminos) out.terminos = entry.terminos.map((t) => ({ ...t, numero: null }));
  const record = entry.registro_original;
  if (record && version === 3) {
    const day = (v: string | null) => (v === null ? null : v.slice(0, 10));
    out.registro_original = { ...record, creado_en: day(record.creado_en), modificado_en: day(record.modificado_en) } satisfies OriginalRecord;
  }
  return out;
}

describe.each([2, 3] as const)('TBX v%i round trip of real termbases', (version) => {
  it.for(FILES)('$name: import → TBX → import gives the same concepts, and that TBX exports unchanged', async ({ path, langs }, ctx) => {
    if (!path) return ctx.skip('../shared/data/interchange no está disponible');
    const imported = await readTbx(await readFile(path), langs);
    const exported = await writeTbx(imported, langs, version);
    const back = await readTbx(Buffer.from(exported), langs);
    expect(back).toEqual(imported.map((e) => tbxBasicOf(e, version)));
    // LudoTerm's own TBX → import → TBX is the same file, byte for byte.
    expect(await writeTbx(back, langs, version)).toBe(exported);
  });
});

describe('TBX v3 exports of real termbases', () => {
  it.for(FILES)('$name: xmllint validates it against the TBX-Basic RELAX NG schema', async ({ path, langs }, ctx) => {
    requireTool(hasCommand('xmllint'), 'xmllint (libxml2-utils)', (note) => ctx.skip(note));
    if (!path) return ctx.skip('../shared/data/interchange no está disponible');
    const exported = await writeTbx(await readTbx(await readFile(path), langs), langs, 3);
    const result = run('xmllint', ['--noout', '--nonet', '--relaxng', fixturePath('TBXcoreStructV03_TBX-Basic_integrated.rng'), '-'], exported);
    expect(result.stderr).toContain('validates');
    expect(result.status).toBe(0);
  });
});

describe('the committed termbases above are worth the round trip', () => {
  it('hold synonyms with every status TBX-Basic has, concept ids and original records', async () => {
    const committed = FILES.filter((f) => !f.name.startsWith('ltac-'));
    const entries = (await Promise.all(committed.map(async (f) => readTbx(await readFile(f.path!), f.langs)))).flat();
    const statuses = new Set(entries.flatMap((e) => (e.terminos ?? []).map((t) => t.estado)));
    expect([...statuses].sort()).toEqual(['admitido', 'desaconsejado', 'preferido']);
    expect(entries.filter((e) => (e.terminos?.length ?? 0) > 2).length).toBeGreaterThanOrEqual(5);
    expect(entries.every((e) => e.id_externo)).toBe(true);
    expect(entries.filter((e) => e.registro_original).length).toBeGreaterThanOrEqual(5);
  });
});

describe.each([2, 3] as const)('TBX v%i and the review state', (version) => {
  it('carries a state other than draft as a labelled note, read back as the entry’s state', async () => {
    const entries: EntryInput[] = [
      { termino: { es: 'escudo', en: 'shield' }, estado_revision: 'aprobado' },
      { termino: { es: 'espada', en: 'sword' }, estado_revision: 'en_revision' },
      { termino: { es: 'arco', en: 'bow' }, estado_revision: 'borrador' },
    ];
    const exported = await writeTbx(entries, ES_EN, version);
    expect(exported).toContain('<note>estado_revision: aprobado</note>');
    expect(exported).not.toContain('estado_revision: borrador');
    const back = await readTbx(Buffer.from(exported), ES_EN);
    expect(back.map((e) => e.estado_revision)).toEqual(['aprobado', 'en_revision', undefined]);
    expect(back.every((e) => e.notas === null)).toBe(true);
  });
});
