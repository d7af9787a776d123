import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { exportToFile, run } from '../test-support/external-tools.ts';
import { hasCommand, requireTool } from '../test-support/fixtures.ts';
import type { ExportEntry } from '../model.ts';
import { answeredTerm as term, SAMPLE_ENTRIES, SAMPLE_META } from '../test-support/sample-entries.ts';
import PDFDocument from 'pdfkit';
import { encodeToken, encodeTokenByShaping, fontHandle, textWidth, wrapText, type FontHandle } from './fast-text.ts';
import { sectionHeading, sectionLetter } from './section-letter.ts';

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

  it('folds the first letter as the sort key does, so Œ, Æ and ß fall in O, A and S', () => {
    expect(sectionLetter('Œuvre', 'fr')).toBe('O');
    expect(sectionLetter('Ærosol', 'en')).toBe('A');
    expect(sectionLetter('ßx', 'de')).toBe('S');
    expect(sectionLetter('— ataque', 'es')).toBe('A');
    expect(sectionLetter('¿Ñoño?', 'es')).toBe('Ñ');
    expect(sectionLetter('½ vida', 'es')).toBe('0–9');
    expect(sectionLetter('???', 'es')).toBe('#');
  });
});

describe('sectionHeading', () => {
  it('puts entries without a base term under one heading naming the base language', () => {
    expect(sectionHeading('ácido', 'es')).toBe('A');
    expect(sectionHeading(null, 'es')).toBe('Sin término en español');
    expect(sectionHeading('', 'en')).toBe('Sin término en inglés');
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

describe('encodeToken', () => {
  /** TJ operands with each subset glyph id replaced by the font's own, so orders do not matter. */
  function withFontGlyphIds(handle: FontHandle, tj: string): string {
    const subset = (handle.font as unknown as { subset: { glyphs: number[] } }).subset;
    return tj.replace(/<([0-9a-f]+)>/g, (_, hex: string) =>
      `<${(hex.match(/.{4}/g) ?? []).map((gid) => subset.glyphs[Number.parseInt(gid, 16)]).join(',')}>`,
    );
  }

  it('lays out words by pairs exactly as shaping them whole: kerning, ligatures, marks, IPA', async () => {
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    const words = (
      'ñandú Ácido árbol definición configuración flúor office affiliate AVATAR Tävlingar Wasserfall ' +
      'L·lengua Straße Œuvre cœur déjà-vu garçon Ÿ «comillas» “curly” — … → ↔ ½ [ˈmɑːnə] [ɲanˈdu] ' +
      '[n̪u] e\u0301 n\u0303 ǅ ĳ 345,67 € @todos =SUMA(A1) <b> & "q" Te To Ty Yo We Wa LT P. AV r. y, ffl ffi Th fj'
    ).split(' ');
    const syllables = ['ca', 'ña', 'ción', 'fi', 'fl', 'ff', 'Te', 'AV', 'Wa', 'Yo', 'ú', 'rra', 'LT', 'quest'];
    for (let i = 0; i < 600; i += 1) {
      words.push([i % 14, (i * 5) % 14, (i * 11) % 14].map((k) => syllables[k]).join(''));
    }
    for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSansMono.ttf']) {
      const fast = new PDFDocument({ fontLayoutCache: false });
      const shaped = new PDFDocument();
      fast.registerFont('f', require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
      shaped.registerFont('f', require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
      const a = fontHandle(fast, 'f');
      const b = fontHandle(shaped, 'f');
      for (const word of words) {
        for (const token of [word, `${word} `]) {
          const got = encodeToken(a, token);
          const want = encodeTokenByShaping(b, token);
          expect(withFontGlyphIds(a, got.tj), `${file}: «${token}»`).toBe(withFontGlyphIds(b, want.tj));
          expect(got.advance).toBeCloseTo(want.advance, 9);
          expect(got.marks === null).toBe(want.marks === null);
        }
        expect(textWidth(a, 10, word)).toBeCloseTo(b.font.widthOfString(word, 10), 9);
      }
    }
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

  it('never repeats a letter heading and ends with one «Sin término en …» heading', async (ctx) => {
    requireTool(POPPLER, 'poppler-utils (pdffonts, pdftotext)', (note) => ctx.skip(note));
    // In the server's order: by base term folded (Æ as ae, Œ as oe), those without one last.
    const entries: ExportEntry[] = [
      { id: 1, termino: { es: 'ácido', en: 'acid' } },
      { id: 2, termino: { es: 'Ærosol', en: 'aerosol' } },
      { id: 3, termino: { es: 'arma', en: 'weapon' } },
      { id: 4, termino: { es: 'oasis', en: 'oasis' } },
      { id: 5, termino: { es: 'Œuvre', en: 'work' } },
      { id: 6, termino: { es: 'oso', en: 'bear' } },
      { id: 7, termino: { es: null, en: 'A settler' } },
      { id: 8, termino: { es: null, en: 'Zombie' } },
    ];
    const path = await exportToFile('pdf', entries, { ...SAMPLE_META, num_entradas: entries.length });
    const result = run('pdftotext', ['-layout', path, '-']);
    expect(result.status).toBe(0);
    const headings = [...result.stdout.matchAll(/^\s*([A-ZÑÆŒ#]|0–9|Sin término en \S+)\s*$/gmu)].map((m) => m[1]);
    expect(headings).toEqual(['A', 'O', 'Sin término en español']);
    expect(result.stdout).toMatch(/Sin término en español\s+—\s+→\s+A settler[\s\S]*—\s+→\s+Zombie/);
  });

  it('lists every term of a language with its status, and no term rows for a plain card', async (ctx) => {
    requireTool(POPPLER, 'poppler-utils (pdffonts, pdftotext)', (note) => ctx.skip(note));
    const entries: ExportEntry[] = [
      {
        termino: { es: 'ataque', en: 'attack' },
        terminos: [term('es', 'ataque', 'preferido'), term('es', 'golpe', 'desaconsejado'), term('en', 'attack', 'preferido')],
      },
      { termino: { es: 'maná', en: 'mana' }, terminos: [term('es', 'maná', 'preferido'), term('en', 'mana', 'preferido')] },
    ];
    const path = await exportToFile('pdf', entries, { ...SAMPLE_META, num_entradas: entries.length });
    const text = run('pdftotext', ['-layout', path, '-']).stdout;
    expect(text).toMatch(/Términos \(es\)\s+ataque \(preferido\)\s+golpe \(desaconsejado\)/);
    // English holds only its preferred term, which the heading shows; the plain card adds nothing.
    expect(text).not.toContain('Términos (en)');
    expect(text.match(/Términos \(es\)/g)).toHaveLength(1);
  });

  it('writes a PDF even for an empty glossary', async () => {
    const path = await exportToFile('pdf', [], { ...SAMPLE_META, num_entradas: 0 });
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toMatch(/%%EOF/);
  });
});
