import type PDFDocument from 'pdfkit';

/**
 * pdfkit internals this module uses (the objects `doc.font()` selects); `fontHandle` checks them
 * so that an upgrade which changes them fails loudly.
 */
interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

interface PdfkitFont {
  id: string;
  font: { hasGlyphForCodePoint(codePoint: number): boolean };
  ascender: number;
  descender: number;
  lineGap: number;
  encode(text: string): [string[], GlyphPosition[]];
  widthOfString(text: string, size: number): number;
  ref(): unknown;
}

interface PdfkitInternals {
  _font?: unknown;
  page: { height: number; fonts: Record<string, unknown> };
  addContent(data: string): unknown;
}

export interface FontHandle {
  font: PdfkitFont;
  /** Width of each word in 1/1000 em, measured once. */
  widths: Map<string, number>;
  /** Each token (a word with its trailing space) as TJ operands, encoded once. */
  tokens: Map<string, EncodedToken>;
  space: number;
  /** Each character shaped alone: its glyph (hex id in the subset) and advance, or null. */
  glyphs: Map<string, PlainGlyph | null>;
  /**
   * Kerning of each character pair met (1/1000 em), or null when the font does more than kern it
   * (a ligature, a mark), so that words holding the pair are shaped whole.
   */
  pairs: Map<string, number | null>;
}

interface PlainGlyph {
  hex: string;
  advance: number;
}

/** A token encoded for a TJ array: glyph ids in hex and kerning adjustments. */
export interface EncodedToken {
  tj: string;
  /** Total advance, 1/1000 em. */
  advance: number;
  /** Glyphs positioned off the baseline (marks): drawn one by one, as pdfkit does. */
  marks: { glyphs: string[]; positions: GlyphPosition[] } | null;
}

/** One line of text to draw: font, size, colour (0–1 RGB), top-left position. */
export interface TextRun {
  font: FontHandle;
  size: number;
  color: readonly [number, number, number];
  x: number;
  /** The top of the line, in pdfkit's top-down page coordinates. */
  y: number;
  text: string;
}

function isPdfkitFont(value: unknown): value is PdfkitFont {
  const f = value as Partial<PdfkitFont> | null;
  return (
    typeof f === 'object' &&
    f !== null &&
    typeof f.id === 'string' &&
    typeof f.encode === 'function' &&
    typeof f.widthOfString === 'function' &&
    typeof f.ref === 'function' &&
    typeof f.ascender === 'number' &&
    typeof f.descender === 'number' &&
    typeof f.font?.hasGlyphForCodePoint === 'function'
  );
}

function internals(doc: InstanceType<typeof PDFDocument>): PdfkitInternals {
  return doc as unknown as PdfkitInternals;
}

/** The embedded font registered under `name`, for drawing with `drawRuns`. */
export function fontHandle(doc: InstanceType<typeof PDFDocument>, name: string): FontHandle {
  doc.font(name);
  const font = internals(doc)._font;
  if (!isPdfkitFont(font)) {
    throw new Error('pdfkit ha cambiado: su objeto de fuente no es el esperado. Revisa src/pdf/fast-text.ts.');
  }
  return {
    font,
    widths: new Map(),
    tokens: new Map(),
    space: font.widthOfString(' ', 1000),
    glyphs: new Map(),
    pairs: new Map(),
  };
}

const MAX_CACHED_WORDS = 50_000;

/** Scripts DejaVu Sans lacks live here: CJK, and the astral planes (emoji, math letters). */
const MAYBE_UNCOVERED = /[\u2e80-\uffff\ud800-\udfff]/;

/**
 * Text with the characters the font has no glyph for replaced by U+FFFD, which it has: a
 * missing glyph would print as an empty box whose width viewers disagree on.
 */
export function coveredText(handle: FontHandle, text: string): string {
  if (!MAYBE_UNCOVERED.test(text)) return text;
  let out = '';
  for (const char of text) {
    out += handle.font.font.hasGlyphForCodePoint(char.codePointAt(0)!) ? char : '\ufffd';
  }
  return out;
}

function isPlain(pos: GlyphPosition | undefined): pos is GlyphPosition {
  return pos !== undefined && !pos.xOffset && !pos.yOffset && !pos.yAdvance;
}

function plainGlyph(handle: FontHandle, char: string): PlainGlyph | null {
  let glyph = handle.glyphs.get(char);
  if (glyph === undefined) {
    const [hex, positions] = handle.font.encode(char);
    glyph = hex.length === 1 && isPlain(positions[0]) ? { hex: hex[0]!, advance: positions[0].xAdvance } : null;
    handle.glyphs.set(char, glyph);
  }
  return glyph;
}

function pairKerning(handle: FontHandle, first: PlainGlyph, second: PlainGlyph, pair: string): number | null {
  let kerning = handle.pairs.get(pair);
  if (kerning === undefined) {
    const [hex, [p, q]] = handle.font.encode(pair);
    kerning =
      hex.length === 2 && hex[0] === first.hex && hex[1] === second.hex && isPlain(p) && isPlain(q) && q.xAdvance === second.advance
        ? p.xAdvance - first.advance
        : null;
    handle.pairs.set(pair, kerning);
  }
  return kerning;
}

/** A token laid out as glyph ids with the adjustment after each (1/1000 em), and its advance. */
interface TokenLayout {
  hex: string[];
  adjustments: number[];
  advance: number;
}

/**
 * A token laid out from its characters shaped alone plus each pair's kerning: what shaping gives
 * when every pair is only kerned, far cheaper than shaping each new word. Null otherwise.
 */
function layoutByPairs(handle: FontHandle, token: string): TokenLayout | null {
  const hex: string[] = [];
  const adjustments: number[] = [];
  let advance = 0;
  let previous: PlainGlyph | null = null;
  let previousChar = '';
  for (const char of token) {
    const glyph = plainGlyph(handle, char);
    if (glyph === null) return null;
    if (previous !== null) {
      const kerning = pairKerning(handle, previous, glyph, previousChar + char);
      if (kerning === null) return null;
      adjustments[adjustments.length - 1] = kerning;
      advance += kerning;
    }
    hex.push(glyph.hex);
    adjustments.push(0);
    advance += glyph.advance;
    previous = glyph;
    previousChar = char;
  }
  return { hex, adjustments, advance };
}

/** Width of a word in 1/1000 em, cached. */
function wordWidth(handle: FontHandle, word: string): number {
  let width = handle.widths.get(word);
  if (width === undefined) {
    width = layoutByPairs(handle, word)?.advance ?? handle.font.widthOfString(word, 1000);
    if (handle.widths.size > MAX_CACHED_WORDS) handle.widths.clear();
    handle.widths.set(word, width);
  }
  return width;
}

export function textWidth(handle: FontHandle, size: number, text: string): number {
  let total = 0;
  let words = 0;
  for (const word of text.split(' ')) {
    if (word !== '') total += wordWidth(handle, word);
    words += 1;
  }
  return ((total + (words - 1) * handle.space) * size) / 1000;
}

/** Line height at `size`, as pdfkit computes it (ascender − descender + line gap). */
export function lineHeight(handle: FontHandle, size: number): number {
  return ((handle.font.ascender - handle.font.descender + handle.font.lineGap) * size) / 1000;
}

/** Breaks text into lines no wider than `width` points, cutting a word only when it must. */
export function wrapText(handle: FontHandle, size: number, text: string, width: number): string[] {
  const limit = (width * 1000) / size;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(' ')) {
      let w = word === '' ? 0 : wordWidth(handle, word);
      if (line !== '' && lineWidth + handle.space + w <= limit) {
        line += ` ${word}`;
        lineWidth += handle.space + w;
        continue;
      }
      if (line !== '' || lineWidth > 0) lines.push(line);
      let rest = word;
      while (w > limit && rest.length > 1) {
        // Cut an over-long word (a URL, a code) at the last character that fits.
        const chars = [...rest];
        let cut = chars.length - 1;
        while (cut > 1 && textWidth(handle, 1000, chars.slice(0, cut).join('')) > limit) cut -= 1;
        lines.push(chars.slice(0, cut).join(''));
        rest = chars.slice(cut).join('');
        w = wordWidth(handle, rest);
      }
      line = rest;
      lineWidth = w;
    }
    lines.push(line);
  }
  return lines;
}

/** A coordinate for the content stream: two decimals are a hundredth of a point. */
function num(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** TJ operands of a token shaped whole by pdfkit, which also adds its glyphs to the subset. */
export function encodeTokenByShaping(handle: FontHandle, token: string): EncodedToken {
  const [glyphs, positions] = handle.font.encode(token);
  const parts: string[] = [];
  let segment = '';
  let advance = 0;
  let marks = false;
  for (let i = 0; i < glyphs.length; i += 1) {
    const pos = positions[i]!;
    if (pos.xOffset || pos.yOffset) marks = true;
    segment += glyphs[i];
    const adjust = pos.xAdvance - pos.advanceWidth;
    if (adjust !== 0) {
      parts.push(`<${segment}>`, num(-adjust));
      segment = '';
    }
    advance += pos.xAdvance;
  }
  if (segment !== '') parts.push(`<${segment}>`);
  return { tj: parts.join(' '), advance, marks: marks ? { glyphs, positions } : null };
}

/** TJ operands of a token laid out by pairs (the glyphs are in the subset already). */
function encodeLayout(layout: TokenLayout): EncodedToken {
  const parts: string[] = [];
  let segment = '';
  for (let i = 0; i < layout.hex.length; i += 1) {
    segment += layout.hex[i];
    const adjust = layout.adjustments[i]!;
    if (adjust !== 0) {
      parts.push(`<${segment}>`, num(-adjust));
      segment = '';
    }
  }
  if (segment !== '') parts.push(`<${segment}>`);
  return { tj: parts.join(' '), advance: layout.advance, marks: null };
}

/** Encodes a token once: by pairs when the font only kerns them, else by shaping. */
export function encodeToken(handle: FontHandle, token: string): EncodedToken {
  let encoded = handle.tokens.get(token);
  if (encoded) return encoded;
  const layout = layoutByPairs(handle, token);
  encoded = layout ? encodeLayout(layout) : encodeTokenByShaping(handle, token);
  if (handle.tokens.size > MAX_CACHED_WORDS) handle.tokens.clear();
  handle.tokens.set(token, encoded);
  return encoded;
}

/** Splits text as pdfkit shapes it: after every space or tab, the space kept with its word. */
function tokens(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) {
      out.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/**
 * Draws lines straight into the page's content stream with pdfkit's encoding, subsetting and
 * kerning, but without the per-call layout machinery of `text()`, which dominates short fields.
 */
export function drawRuns(doc: InstanceType<typeof PDFDocument>, runs: readonly TextRun[]): void {
  if (runs.length === 0) return;
  const pdf = internals(doc);
  const height = pdf.page.height;
  const out: string[] = ['q', `1 0 0 -1 0 ${num(height)} cm`, 'BT'];
  let currentFont = '';
  let currentSize = -1;
  let currentColor = '';
  for (const run of runs) {
    if (run.text === '') continue;
    const { font } = run.font;
    if (pdf.page.fonts[font.id] == null) pdf.page.fonts[font.id] = font.ref();
    if (font.id !== currentFont || run.size !== currentSize) {
      out.push(`/${font.id} ${num(run.size)} Tf`);
      currentFont = font.id;
      currentSize = run.size;
    }
    const color = `${num(run.color[0])} ${num(run.color[1])} ${num(run.color[2])} rg`;
    if (color !== currentColor) {
      out.push(color);
      currentColor = color;
    }
    const scale = run.size / 1000;
    let x = run.x;
    const y = height - run.y - font.ascender * scale;
    out.push(`1 0 0 1 ${num(x)} ${num(y)} Tm`);
    let parts: string[] = [];
    for (const token of tokens(run.text)) {
      const encoded = encodeToken(run.font, token);
      if (encoded.marks === null) {
        parts.push(encoded.tj);
        x += encoded.advance * scale;
        continue;
      }
      // Marks positioned off the baseline (IPA, combining accents): each placed with its own
      // text matrix, as pdfkit does.
      if (parts.length > 0) out.push(`[${parts.join(' ')}] TJ`);
      parts = [];
      const { glyphs, positions } = encoded.marks;
      for (let i = 0; i < glyphs.length; i += 1) {
        const pos = positions[i]!;
        out.push(`1 0 0 1 ${num(x + pos.xOffset * scale)} ${num(y + pos.yOffset * scale)} Tm`, `[<${glyphs[i]}>] TJ`);
        x += pos.xAdvance * scale;
      }
      out.push(`1 0 0 1 ${num(x)} ${num(y)} Tm`);
    }
    if (parts.length > 0) out.push(`[${parts.join(' ')}] TJ`);
  }
  out.push('ET', 'Q');
  pdf.addContent(out.join('\n'));
}
