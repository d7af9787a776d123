import { SaxesParser } from 'saxes';
import { isZipError, listZip, readZipEntry as readZipPart, type ZipEntry } from '@ludoterm/formats/zip';
import { ExtractionError } from '../errors.ts';

export interface DocxLimits {
  /** Largest decompressed XML part read, in bytes. */
  maxPartBytes: number;
  /** Largest text returned, in characters. */
  maxTextChars: number;
}

// WordprocessingML in its transitional and strict (ISO/IEC 29500 Strict) namespaces.
const WORD_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);

const ZIP_FAULT_CODES = {
  corrupt: 'ARCHIVO_CORRUPTO',
  unsupported: 'ARCHIVO_CORRUPTO',
  encrypted: 'ARCHIVO_CIFRADO',
  'too-large': 'ARCHIVO_DEMASIADO_GRANDE',
} as const;

/** The shared ZIP reader's refusals as the extractor's errors. */
function asExtractionError(error: unknown): unknown {
  return isZipError(error) ? new ExtractionError(ZIP_FAULT_CODES[error.fault], error.message, { cause: error }) : error;
}

function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  try {
    return readZipPart(bytes, entry, maxBytes);
  } catch (error) {
    throw asExtractionError(error);
  }
}

function entryNamed(entries: readonly ZipEntry[], name: string): ZipEntry | undefined {
  const lower = name.toLowerCase();
  return entries.find((e) => e.name.toLowerCase() === lower);
}

function utf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes); // drops a byte order mark
}

function parseXml(xml: string, onOpen: (local: string, uri: string, attributes: Record<string, string>) => void, onText?: (text: string) => void, onClose?: (local: string, uri: string) => void): void {
  const parser = new SaxesParser({ xmlns: true, position: false });
  parser.on('doctype', () => {
    // Office documents never carry a DTD; one here can only be an entity-expansion attack.
    throw new ExtractionError('ARCHIVO_CORRUPTO', 'El documento contiene una declaración de tipo no permitida.');
  });
  parser.on('opentag', (node) => {
    const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const attribute of Object.values(node.attributes)) attributes[attribute.local] = attribute.value;
    onOpen(node.local, node.uri, attributes);
  });
  if (onText !== undefined) parser.on('text', onText);
  if (onClose !== undefined) parser.on('closetag', (node) => onClose(node.local, node.uri));
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError('ARCHIVO_CORRUPTO', 'El documento Word está dañado: su XML no es válido.', { cause: error });
  }
}

/** The main document part named by the package relationships (word/document.xml as a rule). */
function mainDocumentPath(bytes: Uint8Array, entries: readonly ZipEntry[], limits: DocxLimits): string | null {
  const rels = entryNamed(entries, '_rels/.rels');
  if (rels !== undefined) {
    let target: string | null = null;
    parseXml(utf8(readZipEntry(bytes, rels, limits.maxPartBytes)), (local, _uri, attributes) => {
      if (local === 'Relationship' && target === null && (attributes.Type ?? '').endsWith('/officeDocument')) {
        target = (attributes.Target ?? '').replace(/^\//, '');
      }
    });
    if (target !== null && entryNamed(entries, target) !== undefined) return target;
  }
  return entryNamed(entries, 'word/document.xml') === undefined ? null : 'word/document.xml';
}

/** The text of a .docx's main part, a line per paragraph, without deletions and field codes. */
export function docxText(bytes: Uint8Array, limits: DocxLimits): string {
  let entries: ZipEntry[];
  try {
    entries = listZip(bytes);
  } catch (error) {
    throw asExtractionError(error);
  }
  if (entries.some((e) => e.name === 'EncryptedPackage')) {
    throw new ExtractionError('ARCHIVO_CIFRADO', 'El documento está protegido con contraseña.');
  }
  const path = mainDocumentPath(bytes, entries, limits);
  if (path === null) {
    throw new ExtractionError('CONTENIDO_NO_COINCIDE', 'El archivo .docx no es un documento de Word (falta word/document.xml).');
  }
  const entry = entryNamed(entries, path) as ZipEntry;
  const xml = utf8(readZipEntry(bytes, entry, limits.maxPartBytes));

  const parts: string[] = [];
  let length = 0;
  let inText = 0;
  let skipping = 0;
  let isRoot = true;
  const push = (s: string) => {
    length += s.length;
    if (length > limits.maxTextChars) {
      throw new ExtractionError('ARCHIVO_DEMASIADO_GRANDE', 'El documento tiene demasiado texto para procesarlo.');
    }
    parts.push(s);
  };
  parseXml(
    xml,
    (local, uri) => {
      if (isRoot) {
        isRoot = false;
        if (local !== 'document' || !WORD_NAMESPACES.has(uri)) {
          throw new ExtractionError('CONTENIDO_NO_COINCIDE', 'El archivo .docx no es un documento de Word.');
        }
      }
      if (!WORD_NAMESPACES.has(uri)) return;
      if (local === 't') inText += 1;
      else if (local === 'delText' || local === 'instrText') skipping += 1;
      else if (local === 'tab') push('\t');
      else if (local === 'br' || local === 'cr') push('\n');
    },
    (text) => {
      if (inText > 0 && skipping === 0) push(text);
    },
    (local, uri) => {
      if (!WORD_NAMESPACES.has(uri)) return;
      if (local === 't') inText -= 1;
      else if (local === 'delText' || local === 'instrText') skipping -= 1;
      else if (local === 'p') push('\n');
    },
  );
  return parts.join('').replace(/[ \t]+\n/g, '\n').trim();
}
