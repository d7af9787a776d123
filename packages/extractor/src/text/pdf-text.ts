import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ExtractionError } from '../errors.ts';

export interface PdfLimits {
  maxPages: number;
  maxTextChars: number;
  timeoutMs: number;
}

type PdfJs = typeof PdfJsModule;

let pdfjsPromise: Promise<PdfJs> | null = null;

/**
 * Loads pdf.js (legacy build, for Node 20) with its worker code in this thread, handed over via
 * `globalThis.pdfjsWorker`: a worker file loaded by URL would break once the server bundles this.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= (async () => {
    // @ts-expect-error -- pdfjs-dist ships no types for its worker module; we only hand it back to pdf.js.
    const worker: unknown = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return pdfjsPromise;
}

function pdfjsAssets(): { cMapUrl: string; standardFontDataUrl: string } | null {
  try {
    const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    return { cMapUrl: join(root, 'cmaps') + '/', standardFontDataUrl: join(root, 'standard_fonts') + '/' };
  } catch {
    return null;
  }
}

/**
 * Whether the cross-reference table `startxref` points at is where it says: pdf.js rebuilds
 * damaged files, and this tells a damaged file whose rebuild recovers next to nothing.
 */
export function hasIntactCrossReference(bytes: Uint8Array, headerOffset: number): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', Math.max(0, bytes.length - 1_048_576));
  const at = tail.lastIndexOf('startxref');
  if (at < 0) return false;
  const match = /^startxref\s+(\d+)/.exec(tail.slice(at, at + 40));
  if (match === null) return false;
  const offset = Number(match[1]) + headerOffset;
  if (offset >= bytes.length) return false;
  const from = Math.max(0, offset - 16);
  const around = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', from, Math.min(bytes.length, offset + 48));
  return /(?<!start)xref|\d+\s+\d+\s+obj/.test(around);
}

const LETTER_RE = /\p{L}/gu;

function countLetters(text: string): number {
  return text.match(LETTER_RE)?.length ?? 0;
}

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

/** The text layer of a PDF; encrypted, damaged and scanned files are refused with their codes. */
export async function pdfText(bytes: Uint8Array, headerOffset: number, limits: PdfLimits): Promise<string> {
  const started = Date.now();
  const intact = hasIntactCrossReference(bytes, headerOffset);
  const pdfjs = await loadPdfJs();
  const assets = pdfjsAssets();
  const task = pdfjs.getDocument({
    // A copy as a plain Uint8Array: pdf.js detaches the buffer it is given and refuses Node Buffers.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
    ...(assets ?? {}),
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new ExtractionError('ARCHIVO_CIFRADO', 'El PDF está protegido con contraseña.', { cause: error });
    throw new ExtractionError('ARCHIVO_CORRUPTO', 'El PDF está dañado y no se puede leer.', { cause: error });
  }
  try {
    if (document.numPages > limits.maxPages) {
      throw new ExtractionError(
        'ARCHIVO_DEMASIADO_GRANDE',
        `El PDF tiene ${document.numPages} páginas; el máximo es ${limits.maxPages}.`,
      );
    }
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= document.numPages; number += 1) {
      if (Date.now() - started > limits.timeoutMs) {
        throw new ExtractionError('TIEMPO_AGOTADO', 'El PDF tarda demasiado en leerse; prueba con un archivo más pequeño.');
      }
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items as TextItemLike[]) {
        if (typeof item.str === 'string') text += item.str;
        if (item.hasEOL === true) text += '\n';
      }
      page.cleanup();
      length += text.length;
      if (length > limits.maxTextChars) {
        throw new ExtractionError('ARCHIVO_DEMASIADO_GRANDE', 'El PDF tiene demasiado texto para procesarlo.');
      }
      pages.push(text);
    }
    // Words hyphenated across a line break are joined ("ma-\nnual" → "manual").
    const text = pages.join('\n\n').replace(/(\p{Ll})-\n(\p{Ll})/gu, '$1$2').trim();
    const letters = countLetters(text);
    if (!intact && letters < 200) throw new ExtractionError('ARCHIVO_CORRUPTO', 'El PDF está dañado y no se puede leer.');
    if (letters < Math.max(20, 10 * document.numPages)) {
      throw new ExtractionError(
        'PDF_SIN_TEXTO',
        'El PDF no tiene capa de texto (parece un documento escaneado). Pasa antes un reconocimiento de texto (OCR).',
      );
    }
    return text;
  } finally {
    await document.destroy().catch(() => undefined);
  }
}
