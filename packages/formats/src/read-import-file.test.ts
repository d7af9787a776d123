import type { ImportFormat } from '@ludoterm/contract';
import { describe, expect, it } from 'vitest';
import { FormatError } from './errors.ts';
import { readImportFile } from './read-import-file.ts';
import { assertFormatMatches, sniffFormat } from './sniff-format.ts';
import { entriesOf, ES_EN, readFixture } from './test-support/fixtures.ts';

const text = (s: string) => new TextEncoder().encode(s);

/** Reads a file to the end (headers or entries) and answers the FormatError it fails with. */
async function refusal(bytes: Uint8Array, formato: ImportFormat, maxBytes?: number): Promise<FormatError> {
  try {
    const plan = await readImportFile(bytes, { formato, ...ES_EN, maxBytes });
    if (plan.tipo === 'entradas') await entriesOf(plan);
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('se esperaba que el archivo se rechazara');
}

describe('sniffFormat', () => {
  it('recognises each format from its first bytes', () => {
    expect(sniffFormat(text('<?xml version="1.0"?>\n<!DOCTYPE tmx SYSTEM "tmx14.dtd">\n<tmx version="1.4">'))).toBe('tmx');
    expect(sniffFormat(text('<?xml version="1.0"?><!-- x --><martif type="TBX">'))).toBe('tbx');
    expect(sniffFormat(text('<tbx xmlns="urn:iso:std:iso:30042:ed-2" type="TBX-Basic">'))).toBe('tbx');
    expect(sniffFormat(text('<x:martifHeader xmlns:x="urn:a">'))).toBe('tbx');
    expect(sniffFormat(text('\uFEFF[\n  {"termino": {}}'))).toBe('json');
    expect(sniffFormat(text('{"entradas": []}'))).toBe('json');
    expect(sniffFormat(text('[tag],etiqueta\n'))).toBe('csv');
    expect(sniffFormat(text('source\ttarget\tcomment\n'))).toBe('tsv');
    expect(sniffFormat(text('es;en\nmaná;mana\n'))).toBe('csv');
    expect(sniffFormat(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBeNull();
    expect(sniffFormat(text('<html><body>'))).toBeNull();
  });

  it('reads UTF-16 heads', async () => {
    expect(sniffFormat((await readFixture('okapi/ImportTest2A.tmx')).subarray(0, 512))).toBe('tmx');
    expect(sniffFormat((await readFixture('own/utf16le-omegat.txt')).subarray(0, 64))).toBe('tsv');
  });

  it('lets csv and tsv read each other but refuses other contradictions', () => {
    expect(() => assertFormatMatches('tsv', text('a,b\n'))).not.toThrow();
    expect(() => assertFormatMatches('tmx', text('a,b\n'))).toThrow(/Has elegido el formato TMX, pero el contenido del archivo es CSV/);
    expect(() => assertFormatMatches('csv', Uint8Array.from([0x50, 0x4b, 0x03, 0x04]))).toThrow(/CSV UTF-8/);
  });
});

describe('readImportFile refuses hostile and broken files with a clear message', () => {
  it.each([
    ['defusedxml/cyclic.xml', 'tmx'],
    ['defusedxml/external.xml', 'tbx'],
    ['defusedxml/quadratic.xml', 'tmx'],
    ['own/billion-laughs.tmx', 'tmx'],
    ['own/external-entity.tbx', 'tbx'],
    ['own/parameter-entity.tmx', 'tmx'],
  ] as const)('refuses the entity declarations of %s before expanding anything', async (file, formato) => {
    const error = await refusal(await readFixture(file), formato);
    expect(error.code).toBe('XML_ENTITY_FORBIDDEN');
    expect(error.detail).toMatch(/<!ENTITY/);
  });

  it('refuses entity declarations even when the content would pass the sniffing (stream level)', async () => {
    const { readTmx } = await import('./tmx/read-tmx.ts');
    const source = (await readFixture('own/billion-laughs.tmx')).toString('utf8');
    await expect(entriesOf({ tipo: 'entradas', entradas: readTmx(source, ES_EN) })).rejects.toMatchObject({
      code: 'XML_ENTITY_FORBIDDEN',
      ubicacion: { linea: 7 },
    });
  });

  it('tolerates an external DTD and never fetches it', async () => {
    const { entradas } = await entriesOf(readImportFile(await readFixture('own/external-dtd.tmx'), { formato: 'tmx', ...ES_EN }));
    expect(entradas[0]?.termino).toEqual({ es: 'barra de salud', en: 'health bar' });
  });

  it('refuses references to entities XML does not define, naming them', async () => {
    const error = await refusal(await readFixture('own/undefined-entity.tmx'), 'tmx');
    expect(error.code).toBe('XML_ENTITY_UNDEFINED');
    expect(error.detail).toContain('&nbsp;');
    expect(error.ubicacion?.linea).toBe(5);
  });

  it.each([
    ['own/truncated.tmx', 'tmx'],
    ['own/truncated.tbx', 'tbx'],
  ] as const)('refuses the truncated %s with line and column', async (file, formato) => {
    const error = await refusal(await readFixture(file), formato);
    expect(error.code).toBe('XML_MALFORMED');
    expect(error.detail).toMatch(/línea \d+, columna \d+: .*truncado/);
  });

  it('refuses empty and blank files', async () => {
    expect((await refusal(await readFixture('own/empty.tmx'), 'tmx')).code).toBe('EMPTY_FILE');
    expect((await refusal(await readFixture('own/blank.csv'), 'csv')).code).toBe('EMPTY_FILE');
  });

  it('refuses a file whose content is another format', async () => {
    const error = await refusal(await readFixture('okapi/medtronic_TBX.tbx'), 'tmx');
    expect(error.code).toBe('FORMAT_MISMATCH');
    expect(error.detail).toContain('el contenido del archivo es TBX');
    expect((await refusal(await readFixture('own/entries.json'), 'csv')).code).toBe('FORMAT_MISMATCH');
  });

  it('refuses a file over the limit, stating the limit', async () => {
    const error = await refusal(await readFixture('mountaincore/spanish.csv'), 'csv', 100 * 1024);
    expect(error.code).toBe('TOO_LARGE');
    expect(error.detail).toContain('100 KiB');
  });

  it('refuses XML that is not well formed, in Spanish', async () => {
    const error = await refusal(text('<tmx><body><tu><tuv xml:lang="es"><seg>a</tuv></tu></body></tmx>'), 'tmx');
    expect(error).toMatchObject({ code: 'XML_MALFORMED', ubicacion: { linea: 1 } });
    expect(error.detail).toMatch(/etiqueta de cierre/);
  });
});

describe('readImportFile streams', () => {
  it('reads chunked input and names the place of each entry it yields', async () => {
    const bytes = await readFixture('own/srclang-per-unit.tmx');
    async function* chunks() {
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    }
    const plan = await readImportFile(chunks(), { formato: 'tmx', ...ES_EN });
    if (plan.tipo !== 'entradas') throw new Error('se esperaban entradas');
    const places: string[] = [];
    for await (const entry of plan.entradas) places.push(`${entry.termino?.es} @ ${plan.entradas.ubicacion}`);
    expect(places).toEqual([
      'computadora @ unidad <tu> n.º 1 (línea 5)',
      'paleta de colores @ unidad <tu> n.º 2 (línea 10)',
      'Cargando… @ unidad <tu> n.º 3 (línea 14)',
    ]);
    expect(plan.entradas.leidas).toBe(3);
    expect(plan.entradas.omitidos).toBe(1);
  });
});

describe('export helpers', () => {
  it('names the file after nombre_seguro and answers the contract’s content type', async () => {
    const { exportContentType, exportFileName } = await import('./write-export.ts');
    expect(exportFileName({ nombre_seguro: 'terminos-de-rpg' }, 'tbx')).toBe('terminos-de-rpg.tbx');
    expect(exportContentType('csv')).toBe('text/csv; charset=utf-8');
    expect(exportContentType('pdf')).toBe('application/pdf');
  });
});
