// pdfkit ships no types; the reference brings ours into any program that compiles this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./pdfkit.d.ts" />
import { createRequire } from 'node:module';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { LANGUAGE_NAMES } from '@ludoterm/contract';
import PDFDocument from 'pdfkit';
import { type EntrySource, type ExportEntry, getField, glossaryCardFields, type GlossaryMeta, languagesOf } from '../model.ts';
import { languageTerms } from '../terms/language-terms.ts';
import { coveredText, drawRuns, type FontHandle, fontHandle, lineHeight, type TextRun, textWidth, wrapText } from './fast-text.ts';
import { sectionHeading } from './section-letter.ts';

export interface WritePdfOptions {
  /** The date printed on the title page (now by default). */
  fecha?: Date;
}

/**
 * The DejaVu fonts, resolved through the package so this works from source (vitest, tsx) and
 * bundled into the server alike. They cover Latin, Greek, Cyrillic, IPA and arrows.
 */
function fontPaths(): { regular: string; bold: string; mono: string } {
  const require = createRequire(import.meta.url);
  return {
    regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
    mono: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'),
  };
}

const MARGIN = { top: 56, bottom: 64, left: 56, right: 56 };
const LABEL_WIDTH = 118;
const GAP = 8;
const INK = '#1f2328';
const MUTED = '#59636e';
const ACCENT = '#1864ab';
const RULE = '#d0d7de';
const INK_RGB = rgb(INK);
const MUTED_RGB = rgb(MUTED);
const ACCENT_RGB = rgb(ACCENT);
/** Line breaks are kept; other control characters (a stray CR, a tab) would print as boxes. */
// eslint-disable-next-line no-control-regex -- exactly the control characters, which no font draws.
const CONTROL_CHARACTERS = /\r\n?|[\u0000-\u0009\u000b-\u001f\u007f]/g;

/** A value as printed: CRLF and CR as line breaks, other controls as spaces, trimmed. */
function printable(value: string | null): string {
  if (value === null) return '';
  return value.replace(CONTROL_CHARACTERS, (c) => (c[0] === '\r' ? '\n' : ' ')).trim();
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Entries between two pauses that let the output flow and other work run. */
const ENTRIES_PER_SLICE = 50;

function formatDate(date: Date): string {
  return new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

function entriesLabel(n: number): string {
  return `${n.toLocaleString('es-ES')} ${n === 1 ? 'entrada' : 'entradas'}`;
}

class GlossaryPdf {
  readonly doc: InstanceType<typeof PDFDocument>;
  readonly #meta: GlossaryMeta;
  readonly #fields: { id: string; label: string }[];
  #page = 0;
  #heading: string | null = null;
  #handles: { regular: FontHandle; bold: FontHandle; mono: FontHandle } | undefined;

  constructor(meta: GlossaryMeta, fecha: Date) {
    this.#meta = meta;
    this.#fields = glossaryCardFields(meta).filter((f) => !f.id.startsWith('termino.') && f.id !== 'subindice');
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGIN,
      lang: 'es-ES',
      displayTitle: true,
      // pdfkit would keep the shaping of every distinct word for the whole document; fast-text
      // keeps its own bounded caches instead.
      fontLayoutCache: false,
      info: { Title: meta.nombre, Creator: 'LudoTerm', Producer: 'LudoTerm', CreationDate: fecha },
    });
    const fonts = fontPaths();
    this.doc.registerFont('regular', fonts.regular);
    this.doc.registerFont('bold', fonts.bold);
    this.doc.registerFont('mono', fonts.mono);
    this.doc.on('pageAdded', () => this.#footer());
  }

  get #contentWidth(): number {
    return this.doc.page.width - MARGIN.left - MARGIN.right;
  }

  get #bottom(): number {
    return this.doc.page.height - MARGIN.bottom;
  }

  #footer(): void {
    this.#page += 1;
    const doc = this.doc;
    const fonts = this.#fonts();
    const y = doc.page.height - 40 - lineHeight(fonts.mono, 7.5) / 2;
    const name = printable(this.#meta.nombre).slice(0, 80);
    const number = `${this.#page + 1}`;
    drawRuns(doc, [
      { font: fonts.mono, size: 7.5, color: MUTED_RGB, x: MARGIN.left, y, text: name },
      { font: fonts.mono, size: 7.5, color: MUTED_RGB, x: doc.page.width - MARGIN.right - textWidth(fonts.mono, 7.5, number), y, text: number },
    ]);
    doc.x = MARGIN.left;
    doc.y = MARGIN.top;
  }

  titlePage(fecha: Date, count: number | undefined): void {
    const doc = this.doc;
    const meta = this.#meta;
    const width = this.#contentWidth;
    doc.font('bold', 9).fillColor(MUTED).text('GLOSARIO', MARGIN.left, 220, { width, align: 'center', characterSpacing: 3 });
    doc.moveDown(1.2);
    doc.font('bold', 26).fillColor(INK).text(meta.nombre, { width, align: 'center' });
    doc.moveDown(0.6);
    doc
      .font('regular', 15)
      .fillColor(ACCENT)
      .text(`${LANGUAGE_NAMES[meta.idioma_origen]} → ${LANGUAGE_NAMES[meta.idioma_meta]}`, { width, align: 'center' });
    if (meta.descripcion) {
      doc.moveDown(1.5);
      doc.font('regular', 11).fillColor(INK).text(meta.descripcion, MARGIN.left + 40, doc.y, { width: width - 80, align: 'center' });
    }
    const details = [`Exportado el ${formatDate(fecha)}`];
    if (count !== undefined) details.push(entriesLabel(count));
    doc
      .font('regular', 10)
      .fillColor(MUTED)
      .text(details.join(' · '), MARGIN.left, doc.page.height - 150, { width, align: 'center' });
    doc.font('mono', 8).text('LudoTerm', { width, align: 'center' });
  }

  #ensureSpace(height: number): void {
    if (this.doc.y + height > this.#bottom) this.doc.addPage();
  }

  #section(heading: string): void {
    const doc = this.doc;
    this.#ensureSpace(96);
    if (doc.y > MARGIN.top + 1) doc.y += 10;
    const y = doc.y;
    doc.font('bold', 20).fillColor(ACCENT).text(heading, MARGIN.left, y, { lineBreak: false });
    const lineY = y + 28;
    doc.moveTo(MARGIN.left, lineY).lineTo(MARGIN.left + this.#contentWidth, lineY).lineWidth(1).strokeColor(ACCENT).stroke();
    doc.x = MARGIN.left;
    doc.y = lineY + 10;
  }

  #fonts(): { regular: FontHandle; bold: FontHandle; mono: FontHandle } {
    this.#handles ??= {
      regular: fontHandle(this.doc, 'regular'),
      bold: fontHandle(this.doc, 'bold'),
      mono: fontHandle(this.doc, 'mono'),
    };
    return this.#handles;
  }

  entry(entry: ExportEntry): void {
    const doc = this.doc;
    const meta = this.#meta;
    const base = getField(entry, `termino.${meta.idioma_origen}`);
    const target = getField(entry, `termino.${meta.idioma_meta}`);
    const heading = sectionHeading(base, meta.idioma_origen);
    if (heading !== this.#heading) {
      this.#heading = heading;
      this.#section(heading);
    }
    this.#ensureSpace(56);
    const fonts = this.#fonts();
    const width = this.#contentWidth;
    const left = MARGIN.left;
    const bottom = this.#bottom;
    let y = doc.y;
    let runs: TextRun[] = [];
    const newPage = (): void => {
      drawRuns(doc, runs);
      runs = [];
      doc.addPage();
      y = MARGIN.top;
    };

    const head = coveredText(fonts.bold, `${printable(base) || '—'}  →  `);
    const tail = coveredText(fonts.regular, printable(target) || '—');
    const headWidth = textWidth(fonts.bold, 11.5, head);
    if (headWidth + textWidth(fonts.regular, 11.5, tail) <= width) {
      runs.push({ font: fonts.bold, size: 11.5, color: INK_RGB, x: left, y, text: head });
      runs.push({ font: fonts.regular, size: 11.5, color: ACCENT_RGB, x: left + headWidth, y, text: tail });
      y += lineHeight(fonts.bold, 11.5);
    } else {
      for (const line of wrapText(fonts.bold, 11.5, `${head}${tail}`, width)) {
        runs.push({ font: fonts.bold, size: 11.5, color: INK_RGB, x: left, y, text: line });
        y += lineHeight(fonts.bold, 11.5);
      }
    }
    const details = [
      printable(getField(entry, 'subindice')),
      typeof entry.id === 'number' ? `n.º ${entry.id}` : '',
      printable(entry.autor ?? null),
      entry.fecha_creacion ? entry.fecha_creacion.slice(0, 10) : '',
    ].filter((d) => d !== '');
    if (details.length > 0) {
      for (const line of wrapText(fonts.mono, 7.5, details.join(' · '), width)) {
        runs.push({ font: fonts.mono, size: 7.5, color: MUTED_RGB, x: left, y: y + 1, text: line });
        y += lineHeight(fonts.mono, 7.5);
      }
    }
    y += 4;

    const valueX = left + LABEL_WIDTH + GAP;
    const valueWidth = width - LABEL_WIDTH - GAP;
    const valueLine = lineHeight(fonts.regular, 9) + 0.5;
    const row = (label: string, value: string | null): void => {
      if (value === null) return;
      const text = coveredText(fonts.regular, printable(value));
      if (text === '') return;
      const lines = wrapText(fonts.regular, 9, text, valueWidth);
      // Keep a label with at least two lines of its value (or all of a shorter one).
      if (y + valueLine * Math.min(lines.length, 2) > bottom) newPage();
      runs.push({ font: fonts.bold, size: 7.5, color: MUTED_RGB, x: left, y: y + 1.2, text: label });
      for (const line of lines) {
        if (y + valueLine > bottom) newPage();
        runs.push({ font: fonts.regular, size: 9, color: INK_RGB, x: valueX, y, text: line });
        y += valueLine;
      }
      y += 2.5;
    };
    // A language with more than its preferred term lists them all, one a line, with their status.
    for (const lang of languagesOf(meta)) {
      const terms = languageTerms(entry, lang);
      if (terms) row(`Términos (${lang})`, terms.map((t) => `${t.termino} (${t.estado})`).join('\n'));
    }
    for (const field of this.#fields) row(field.label, getField(entry, field.id));
    drawRuns(doc, runs);
    y = Math.min(y + 4, bottom);
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.x = left;
    doc.y = y + 9;
  }

  closing(count: number): void {
    const doc = this.doc;
    this.#ensureSpace(40);
    doc.y += 8;
    doc
      .font('regular', 9)
      .fillColor(MUTED)
      .text(count === 0 ? 'El glosario no tiene entradas.' : `Fin del glosario: ${entriesLabel(count)}.`, MARGIN.left, doc.y, {
        width: this.#contentWidth,
        align: 'center',
      });
  }
}

/**
 * A printable A4 glossary streamed as PDF bytes: a title page, then the entries in the given order
 * under letter headings, those without a base term under a final «Sin término en …». The fonts
 * are embedded, so ñ, accents, → and IPA print anywhere.
 */
export async function* writePdf(
  entries: EntrySource,
  meta: GlossaryMeta,
  options: WritePdfOptions = {},
): AsyncGenerator<Uint8Array> {
  const fecha = options.fecha ?? new Date();
  const pdf = new GlossaryPdf(meta, fecha);
  const chunks: Buffer[] = [];
  let failure: unknown = null;
  pdf.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  pdf.doc.on('error', (error: unknown) => {
    failure = error;
  });
  const ended = new Promise<void>((resolve) => pdf.doc.on('end', () => resolve()));
  const drain = (): Uint8Array | null => {
    if (failure) throw failure;
    if (chunks.length === 0) return null;
    const out = Buffer.concat(chunks.splice(0, chunks.length));
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  };

  pdf.titlePage(fecha, meta.num_entradas);
  pdf.doc.addPage();
  let count = 0;
  for await (const entry of entries) {
    pdf.entry(entry);
    count += 1;
    if (count % ENTRIES_PER_SLICE === 0) {
      // Let pdfkit's stream hand over what it wrote, and let the server answer other requests.
      await yieldToEventLoop();
      const out = drain();
      if (out) yield out;
    }
  }
  pdf.closing(count);
  pdf.doc.end();
  await ended;
  const out = drain();
  if (out) yield out;
}
