import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { exportToFile, run } from '../test-support/external-tools.ts';
import { hasCommand, requireTool } from '../test-support/fixtures.ts';
import { SAMPLE_ENTRIES, SAMPLE_META } from '../test-support/sample-entries.ts';
import PDFDocument from 'pdfkit';
import { fontHandle, textWidth, wrapText } from './fast-text.ts';
import { sectionLetter } from './section-letter.ts';

const POPPLER = hasCommand('pdffonts', ['-v']) && hasCommand('pdftotext', ['-v']);

describe('sectionLetter', () => {
  it('folds accents, keeps Ñ as its own Spanish letter and groups the rest', () => {
    expect(sectionLetter('ácido', 'es')).toBe('A');
    expect(sectionLetter('Érase', 'es')).toBe('E');
    expect(sectionLetter('ñandú', 'es')).toBe('Ñ');
    expect(sectionLetter('n\u0303andu', 'es')).toBe('Ñ');
    expect(sectionLetter('ñandú', 'en')).toBe('N');
    expect(sectionLetter('¿Quién?', 'es')).toBe('Q');
    expect(sectionLetter('«Über»', 'de')).toBe('U');
    expect(sectionLetter('3D', 'es')).toBe('0–9');
    expect(sectionLetter(null, 'es')).toBe('#');
  });
});

describe('wrapText', () => {
  it('breaks at spaces within the width, keeps line breaks and cuts words longer than a line', async () => {
    const doc = new PDFDocument();
    const { createRequire } = await import('node:module');
    doc.registerFont('regular', createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
    const font = fontHandle(doc, 'regular');
    const lines = wrapText(font, 9, 'uno dos tres cuatro cinco seis siete ocho nueve diez\nonce', 80);
    expect(lines.join(' ')).toBe('uno dos tres cuatro cinco seis siete ocho nueve diez once');
    expect(lines.at(-1)).toBe('once');
    for (const line of lines) expect(textWidth(font, 9, line)).toBeLessThanOrEqual(80);
    const url = 'https://example.org/' + 'muy-largo-'.repeat(12);
    const cut = wrapText(font, 9, url, 80);
    expect(cut.join('')).toBe(url);
    expect(cut.length).toBeGreaterThan(2);
  });
});

describe('writePdf', () => {
  it('embeds the DejaVu fonts', async (ctx) => {
    requireTool(POPPLER, 'poppler-utils (pdffonts, pdftotext)', (note) => ctx.skip(note));
    const path = await exportToFile('pdf', SAMPLE_ENTRIES, SAMPLE_META);
    const fonts = run('pdffonts', [path]);
    expect(fonts.status).toBe(0);
    const rows = fonts.stdout.split('\n').slice(2).filter((l) => l.trim() !== '');
    expect(rows.map((r) => r.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
      'DejaVuSansMono',
    ]);
    for (const row of rows) expect(row).toMatch(/\byes\s+yes\s+yes\b/);
  });

  it('prints the title page, ñ, arrows and IPA, letter sections and page numbers', async (ctx) => {
    requireTool(POPPLER, 'poppler-utils (pdffonts, pdftotext)', (note) => ctx.skip(note));
    const path = await exportToFile('pdf', SAMPLE_ENTRIES, SAMPLE_META);
    const result = run('pdftotext', ['-layout', path, '-']);
    expect(result.status).toBe(0);
    const text = result.stdout;
    expect(text).toContain('ñ');
    expect(text).toContain('→');
    expect(text).toContain('Español → Inglés');
    expect(text).toContain('Términos de RPG <beta> & más');
    expect(text).toContain('Exportado el 1 de marzo de 2026 · 4 entradas');
    expect(text).toContain('[ɲanˈdu]');
    // A combining mark (positioned off the baseline) and a character the fonts lack.
    expect(text).toMatch(/n̪/);
    expect(text).toMatch(/ácido\s+→\s+acid damage/);
    expect(text).toContain('Cuestiones traductológicas');
    // Sections A, N, Ñ in that order; the page number in the footer of page 2.
    const sections = [...text.matchAll(/^\s*([A-ZÑ])\s*$/gm)].map((m) => m[1]);
    expect(sections).toEqual(['A', 'N', 'Ñ']);
    expect(text).toMatch(/Términos de RPG <beta> & más\s+2\s*$/m);
  });

  it('writes a PDF even for an empty glossary', async () => {
    const path = await exportToFile('pdf', [], { ...SAMPLE_META, num_entradas: 0 });
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toMatch(/%%EOF/);
  });
});
