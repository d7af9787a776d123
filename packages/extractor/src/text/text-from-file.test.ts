import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../errors.ts';
import { csvText } from './csv-text.ts';
import { textFromFile } from './text-from-file.ts';

const file = (name: string) => new Uint8Array(readFileSync(new URL(`../../fixtures/files/${name}`, import.meta.url)));

async function refusal(promise: Promise<unknown>): Promise<ExtractionError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionError);
    return error as ExtractionError;
  }
  throw new Error('Se esperaba un rechazo');
}

function docx(documentXml: string): Uint8Array {
  return zipSync({
    '_rels/.rels': strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(documentXml),
  });
}

describe('text from .txt files', () => {
  it('decodes Windows-1252 (accents, ñ, ¿ ¡, curly quotes, dash) by detection', async () => {
    const text = await textFromFile('notas.txt', file('notas-cp1252.txt'));
    expect(text).toBe('¿Dónde está la poción de salud? ¡En el cofre del jefe final, señor! “Cuidado” — dijo la bruja.\n');
  });

  it('reads the Apache Tika Windows-1252 sample with its smart quotes', async () => {
    const text = await textFromFile('test.txt', file('testTXT_win-1252.txt'));
    expect(text).toContain('“windows” encoding');
  });

  it('honours a UTF-16 byte order mark', async () => {
    expect(await textFromFile('notas.TXT', file('notas-utf16le.txt'))).toBe('El punto de guardado está junto a la fuente mágica.\n');
  });

  it('reads UTF-8 and drops its byte order mark', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('jefe final\r\npoción')]);
    expect(await textFromFile('a.txt', bytes)).toBe('jefe final\npoción');
  });
});

describe('text from .csv files', () => {
  it('gives the text of every cell, one per line, skipping keys and numbers', async () => {
    const text = await textFromFile('glosario.csv', file('glosario.csv'));
    expect(text.split('\n')).toEqual([
      'clave',
      'español',
      'notas',
      'poción de salud',
      'cura al héroe; es roja',
      'jefe final',
      'aparece en el "último" nivel',
      'punto de guardado',
    ]);
  });

  it('reads a real game localisation sheet with quoted commas and blank lines', async () => {
    const text = await textFromFile('spanish.csv', file('spanish.csv'));
    expect(text).toContain('del río');
    expect(text).toContain('Despiezando');
    expect(text).not.toMatch(/^"|"$/m);
  });

  it('parses quoted cells with line breaks and backslash-escaped quotes', () => {
    expect(csvText('a,"línea uno\nlínea dos",b\n"dijo \\"hola\\"",x')).toBe('a\nlínea uno\nlínea dos\nb\ndijo "hola"\nx');
  });
});

describe('text from .docx files', () => {
  it('turns paragraphs into lines, keeps tabs and breaks, skips deleted text and field codes', async () => {
    const text = await textFromFile('manual.docx', file('manual-es.docx'));
    expect(text.split('\n')[0]).toBe('Manual del juego');
    expect(text).toContain('Busca el punto de guardado antes de enfrentarte al jefe final.');
    expect(text).toContain('Texto\tfinal\ncon salto');
    expect(text).not.toContain('borrado');
    expect(text).not.toContain('PAGE');
  });

  it('reads a document saved in the ISO 29500 Strict format (mammoth.js sample)', async () => {
    expect(await textFromFile('strict.docx', file('strict-format.docx'))).toBe('Test');
  });

  it('reads a document whose XML starts with a byte order mark (mammoth.js sample)', async () => {
    expect(await textFromFile('bom.docx', file('utf8-bom.docx'))).toBe('This XML has a byte order mark.');
  });

  it('refuses a truncated archive as corrupt (Apache POI sample)', async () => {
    expect((await refusal(textFromFile('t.docx', file('truncated62886.docx')))).code).toBe('ARCHIVO_CORRUPTO');
  });

  it('refuses a password-protected document', async () => {
    const error = await refusal(textFromFile('c.docx', file('cifrado.docx')));
    expect(error.code).toBe('ARCHIVO_CIFRADO');
    expect(error.detail).toMatch(/contraseña/);
  });

  it('refuses a zip bomb once the output passes the limit, whatever size the archive declares', async () => {
    const body = `<w:p><w:r><w:t>${'a'.repeat(2_000_000)}</w:t></w:r></w:p>`;
    const bomb = docx(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
    expect(bomb.length).toBeLessThan(20_000);
    const limits = { maxDecompressedBytes: 1_000_000 };
    expect((await refusal(textFromFile('bomba.docx', bomb, limits))).code).toBe('ARCHIVO_DEMASIADO_GRANDE');
    // Lie in the central directory: declare 1 KiB for the 2 MB part.
    const lying = bomb.slice();
    const view = new DataView(lying.buffer);
    for (let p = lying.length - 22; p >= 0; p -= 1) {
      if (view.getUint32(p, true) !== 0x02014b50) continue;
      const nameLength = view.getUint16(p + 28, true);
      const name = new TextDecoder().decode(lying.subarray(p + 46, p + 46 + nameLength));
      if (name === 'word/document.xml') view.setUint32(p + 24, 1024, true);
    }
    expect((await refusal(textFromFile('bomba.docx', lying, limits))).code).toBe('ARCHIVO_DEMASIADO_GRANDE');
  });

  it('refuses a document type declaration (entity expansion)', async () => {
    const xml =
      '<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>';
    expect((await refusal(textFromFile('dtd.docx', docx(xml)))).code).toBe('ARCHIVO_CORRUPTO');
  });
});

describe('text from .pdf files', () => {
  it('reads the text layer of every page', async () => {
    const text = await textFromFile('manual.pdf', file('manual-es.pdf'));
    expect(text).toContain('Manual del juego');
    expect(text.replace(/\s+/g, ' ')).toContain('Cada punto de guardado restaura la partida si el héroe muere.');
    expect(text).toContain('jefe final');
  });

  it('reads a PDF handed over as a Node Buffer, as uploads arrive', async () => {
    const buffer = readFileSync(new URL('../../fixtures/files/manual-es.pdf', import.meta.url));
    expect(await textFromFile('manual.pdf', buffer)).toContain('Manual del juego');
  });

  it('refuses a scanned PDF without a text layer (pdf.js sample)', async () => {
    const error = await refusal(textFromFile('scan.pdf', file('scan-bad.pdf')));
    expect(error.code).toBe('PDF_SIN_TEXTO');
    expect(error.detail).toMatch(/OCR/);
  });

  it('refuses a PDF whose cross-reference table is broken and yields next to nothing (pdf.js sample)', async () => {
    expect((await refusal(textFromFile('x.pdf', file('xref_command_missing.pdf')))).code).toBe('ARCHIVO_CORRUPTO');
  });

  it('refuses a password-protected PDF', async () => {
    expect((await refusal(textFromFile('c.pdf', file('cifrado.pdf')))).code).toBe('ARCHIVO_CIFRADO');
  });

  it('refuses a PDF with more pages than allowed', async () => {
    const error = await refusal(textFromFile('manual.pdf', file('manual-es.pdf'), { maxPdfPages: 1 }));
    expect(error.code).toBe('ARCHIVO_DEMASIADO_GRANDE');
    expect(error.detail).toMatch(/2 páginas/);
  });
});

describe('refusals before reading', () => {
  it('refuses extensions other than txt, csv, docx and pdf', async () => {
    const error = await refusal(textFromFile('hoja.xlsx', file('glosario.csv')));
    expect(error.code).toBe('FORMATO_NO_ADMITIDO');
    expect(error.detail).toMatch(/\.txt, \.csv, \.docx o \.pdf/);
  });

  it('refuses content that does not match the extension', async () => {
    expect((await refusal(textFromFile('a.pdf', file('notas-cp1252.txt')))).code).toBe('CONTENIDO_NO_COINCIDE');
    expect((await refusal(textFromFile('a.txt', file('manual-es.pdf')))).code).toBe('CONTENIDO_NO_COINCIDE');
    expect((await refusal(textFromFile('a.csv', file('manual-es.docx')))).code).toBe('CONTENIDO_NO_COINCIDE');
    expect((await refusal(textFromFile('a.docx', file('manual-es.pdf')))).code).toBe('CONTENIDO_NO_COINCIDE');
    const notWord = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') });
    expect((await refusal(textFromFile('a.docx', notWord))).code).toBe('CONTENIDO_NO_COINCIDE');
    const binary = new Uint8Array(256).map((_, i) => i);
    expect((await refusal(textFromFile('a.txt', binary))).code).toBe('CONTENIDO_NO_COINCIDE');
  });

  it('refuses a file larger than the limit', async () => {
    const error = await refusal(textFromFile('a.txt', new Uint8Array(2048).fill(97), { maxBytes: 1024 }));
    expect(error.code).toBe('ARCHIVO_DEMASIADO_GRANDE');
  });
});
