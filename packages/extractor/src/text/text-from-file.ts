import { ExtractionError } from '../errors.ts';
import { csvText } from './csv-text.ts';
import { decodeText, pdfHeaderOffset, sniffKind } from './decode-text.ts';
import { docxText } from './docx-text.ts';
import { pdfText } from './pdf-text.ts';

/** Bounds on the work spent on one file; every one has a default. */
export interface FileLimits {
  /** Largest file accepted, in bytes (default 20 MiB). */
  maxBytes?: number;
  /** Largest text returned, in characters (default 12 million, about 2 million words). */
  maxTextChars?: number;
  /** Largest decompressed part of a .docx, in bytes (default 64 MiB). */
  maxDecompressedBytes?: number;
  /** Most pages read from a PDF (default 2,000). */
  maxPdfPages?: number;
  /** Longest time spent reading a PDF, in milliseconds (default 60 s). */
  timeoutMs?: number;
}

export const DEFAULT_FILE_LIMITS: Required<FileLimits> = {
  maxBytes: 20 * 1024 * 1024,
  maxTextChars: 12_000_000,
  maxDecompressedBytes: 64 * 1024 * 1024,
  maxPdfPages: 2_000,
  timeoutMs: 60_000,
};

/** The file types the extractor reads, by extension. */
export const ACCEPTED_EXTENSIONS = ['txt', 'csv', 'docx', 'pdf'] as const;
export type AcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase().trim();
}

const KIND_NAMES: Readonly<Record<string, string>> = {
  pdf: 'un PDF',
  zip: 'un archivo comprimido (ZIP/Office)',
  ole: 'un documento de Office antiguo o cifrado',
  binary: 'un archivo binario',
  text: 'texto',
  utf16: 'texto',
  utf32: 'texto',
};

function mismatch(extension: string, kind: string): ExtractionError {
  return new ExtractionError(
    'CONTENIDO_NO_COINCIDE',
    `El archivo tiene extensión .${extension} pero su contenido es ${KIND_NAMES[kind] ?? 'de otro tipo'}.`,
  );
}

/** Whether an OLE compound file is an encrypted Office document (its stream names say so). */
function isEncryptedOffice(bytes: Uint8Array): boolean {
  const name = Buffer.from('EncryptedPackage', 'utf16le');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(name) >= 0;
}

function limitText(text: string, maxTextChars: number): string {
  if (text.length > maxTextChars) {
    throw new ExtractionError('ARCHIVO_DEMASIADO_GRANDE', 'El archivo tiene demasiado texto para procesarlo.');
  }
  return text;
}

/** The plain text of an upload, its content checked against its extension; else ExtractionError. */
export async function textFromFile(name: string, bytes: Uint8Array, limits: FileLimits = {}): Promise<string> {
  const bounds = { ...DEFAULT_FILE_LIMITS, ...limits };
  const extension = extensionOf(name);
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new ExtractionError(
      'FORMATO_NO_ADMITIDO',
      `Formato no admitido${extension === '' ? '' : ` (.${extension})`}. Sube un archivo .txt, .csv, .docx o .pdf.`,
    );
  }
  if (bytes.length > bounds.maxBytes) {
    throw new ExtractionError(
      'ARCHIVO_DEMASIADO_GRANDE',
      `El archivo ocupa ${(bytes.length / 1048576).toFixed(1)} MB; el máximo es ${(bounds.maxBytes / 1048576).toFixed(0)} MB.`,
    );
  }
  const kind = sniffKind(bytes);
  switch (extension as AcceptedExtension) {
    case 'pdf': {
      if (kind !== 'pdf') throw mismatch(extension, kind);
      return pdfText(bytes, pdfHeaderOffset(bytes), {
        maxPages: bounds.maxPdfPages,
        maxTextChars: bounds.maxTextChars,
        timeoutMs: bounds.timeoutMs,
      });
    }
    case 'docx': {
      if (kind === 'ole') {
        if (isEncryptedOffice(bytes)) throw new ExtractionError('ARCHIVO_CIFRADO', 'El documento está protegido con contraseña.');
        throw new ExtractionError(
          'CONTENIDO_NO_COINCIDE',
          'El archivo es un documento de Word antiguo (.doc) con extensión .docx. Guárdalo como .docx e inténtalo de nuevo.',
        );
      }
      if (kind !== 'zip') throw mismatch(extension, kind);
      return docxText(bytes, { maxPartBytes: bounds.maxDecompressedBytes, maxTextChars: bounds.maxTextChars });
    }
    case 'txt':
    case 'csv': {
      if (kind === 'pdf' || kind === 'zip' || kind === 'ole' || kind === 'binary') throw mismatch(extension, kind);
      const { text } = decodeText(bytes);
      const normalised = text.replace(/\r\n?/g, '\n');
      return limitText(extension === 'csv' ? csvText(normalised) : normalised, bounds.maxTextChars);
    }
  }
}
