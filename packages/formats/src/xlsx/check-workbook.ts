import { SaxesParser } from 'saxes';
import { FormatError } from '../errors.ts';
import { inflateZipEntry, isZipError, listZip, type ZipEntry, type ZipError } from '../zip/zip-reader.ts';

/** What the container check learnt: where the workbook's first sheet is, the one imported. */
export interface WorkbookCheck {
  /** The first sheet's part, `xl/worksheets/sheet1.xml` as a rule; null without sheets. */
  firstSheetPath: string | null;
}

/** Most an .xlsx may inflate to, all parts together, unless the caller says otherwise. */
export const XLSX_MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

const DOCTYPE = new TextEncoder().encode('<!DOCTYPE');

function invalid(detail: string): FormatError {
  return new FormatError('XLSX_INVALID', detail);
}

function fromZipError(error: ZipError, maxUnpackedBytes: number): FormatError {
  switch (error.fault) {
    case 'too-large':
      return new FormatError(
        'TOO_LARGE',
        `El libro de Excel descomprimido ocupa más de ${Math.round(maxUnpackedBytes / (1024 * 1024))} MiB, ` +
          'más de lo que admite la importación. Divídelo en varios libros más pequeños o expórtalo como CSV.',
      );
    case 'encrypted':
      return invalid(
        'El libro de Excel está protegido con contraseña. Ábrelo en Excel o LibreOffice, quítale la contraseña, ' +
          'guárdalo como «Libro de Excel (.xlsx)» y vuelve a importarlo.',
      );
    case 'corrupt':
    case 'unsupported':
      return invalid(
        `El libro de Excel está dañado y no se puede leer (${error.message}). Ábrelo en Excel o LibreOffice, ` +
          'guárdalo de nuevo como .xlsx y vuelve a importarlo.',
      );
  }
}

/** Whether `bytes` hold `<!DOCTYPE`, in any letter case. */
function hasDoctype(bytes: Uint8Array): boolean {
  for (let i = bytes.indexOf(0x3c); i !== -1 && i + DOCTYPE.length <= bytes.length; i = bytes.indexOf(0x3c, i + 1)) {
    let k = 1;
    while (k < DOCTYPE.length && (bytes[i + k]! & 0xdf) === (DOCTYPE[k]! & 0xdf)) k += 1;
    if (k === DOCTYPE.length) return true;
  }
  return false;
}

function isXmlPart(name: string): boolean {
  return /\.(?:xml|rels|vml)$/i.test(name);
}

const CORRUPT_PARTS =
  'El libro de Excel está dañado: su lista de hojas (xl/workbook.xml) no es XML válido. ' +
  'Ábrelo en Excel o LibreOffice, guárdalo de nuevo como .xlsx y vuelve a importarlo.';

/** Calls `onOpen` with each element's local name and attributes (by local name), without a DTD. */
function scanXml(xml: string, onOpen: (local: string, attributes: Record<string, string>) => void): void {
  const parser = new SaxesParser({ xmlns: true, position: false });
  parser.on('opentag', (node) => {
    const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const attribute of Object.values(node.attributes)) attributes[attribute.local] = attribute.value;
    onOpen(node.local, attributes);
  });
  try {
    parser.write(xml).close();
  } catch {
    throw invalid(CORRUPT_PARTS);
  }
}

/** The part of the workbook's first `<sheet>`, through the workbook's relationships. */
function firstSheetPath(workbookXml: string, relsXml: string): string | null {
  let relId = null as string | null;
  scanXml(workbookXml, (local, attributes) => {
    if (relId === null && local === 'sheet') relId = attributes.id ?? null;
  });
  if (relId === null) return null;
  let target = null as string | null;
  scanXml(relsXml, (local, attributes) => {
    if (target === null && local === 'Relationship' && attributes.Id === relId) target = attributes.Target ?? null;
  });
  if (target === null) return null;
  // Targets are relative to xl/, or absolute from the package root.
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

function entryNamed(entries: readonly ZipEntry[], name: string): ZipEntry | undefined {
  return entries.find((e) => e.name === name);
}

/**
 * Checks an .xlsx container before any spreadsheet library parses it, with bounded work: a ZIP
 * with `[Content_Types].xml` and `xl/workbook.xml`, no encrypted part, no XML part with a
 * DOCTYPE (entity expansion), and every part inflated for real, together at most
 * `maxUnpackedBytes` (a zip bomb stops there, whatever sizes the archive declares).
 */
export function checkWorkbook(bytes: Uint8Array, maxUnpackedBytes = XLSX_MAX_UNPACKED_BYTES): WorkbookCheck {
  const wanted = new Map<string, string>([
    ['xl/workbook.xml', ''],
    ['xl/_rels/workbook.xml.rels', ''],
  ]);
  try {
    const entries = listZip(bytes);
    if (!entryNamed(entries, '[Content_Types].xml') || !entryNamed(entries, 'xl/workbook.xml')) {
      const what = entryNamed(entries, 'word/document.xml')
        ? 'un documento de Word (.docx)'
        : entryNamed(entries, 'ppt/presentation.xml')
          ? 'una presentación de PowerPoint (.pptx)'
          : 'un ZIP que no contiene un libro de Excel (falta xl/workbook.xml)';
      throw new FormatError(
        'FORMAT_MISMATCH',
        `Has elegido el formato XLSX, pero el archivo es ${what}. Sube un libro de Excel (.xlsx) o elige el ` +
          'formato del archivo.',
      );
    }
    let budget = maxUnpackedBytes;
    for (const entry of entries) {
      if (entry.name.endsWith('/')) continue;
      const xml = isXmlPart(entry.name);
      const isWanted = wanted.has(entry.name);
      const parts: Uint8Array[] = [];
      // The last bytes of the previous chunk, so a DOCTYPE split between two chunks is seen.
      let tail = new Uint8Array(0);
      budget -= inflateZipEntry(bytes, entry, budget, (chunk) => {
        if (isWanted) parts.push(chunk.slice());
        if (!xml) return;
        const window = new Uint8Array(tail.length + chunk.length);
        window.set(tail);
        window.set(chunk, tail.length);
        if (hasDoctype(window)) {
          throw invalid(
            `El libro de Excel contiene una declaración de tipo de documento (<!DOCTYPE>) en ${entry.name}, ` +
              'que Excel nunca escribe y no se admite por seguridad. Guárdalo de nuevo como .xlsx desde Excel o LibreOffice.',
          );
        }
        tail = window.slice(Math.max(0, window.length - DOCTYPE.length + 1));
      });
      if (isWanted) wanted.set(entry.name, Buffer.concat(parts).toString('utf8'));
    }
  } catch (error) {
    if (isZipError(error)) throw fromZipError(error, maxUnpackedBytes);
    throw error;
  }
  return { firstSheetPath: firstSheetPath(wanted.get('xl/workbook.xml')!, wanted.get('xl/_rels/workbook.xml.rels')!) };
}
