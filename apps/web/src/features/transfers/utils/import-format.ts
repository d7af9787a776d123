import type { ImportFormat } from '@ludoterm/contract';

/** What each lowercase extension is read as (.txt and .tab are tab-separated, CONTRACT.md). */
const FORMAT_BY_EXTENSION: Record<string, ImportFormat> = {
  csv: 'csv',
  tsv: 'tsv',
  txt: 'tsv',
  tab: 'tsv',
  xlsx: 'xlsx',
  json: 'json',
  tmx: 'tmx',
  tbx: 'tbx',
};

/** The extensions the drop zone accepts, for its `accept` attribute. */
export const IMPORT_EXTENSIONS = Object.keys(FORMAT_BY_EXTENSION).map((ext) => `.${ext}`);

/** The import format of a file, from its lowercased extension; null when it is not one. */
export function importFormatOf(fileName: string): ImportFormat | null {
  const dot = fileName.lastIndexOf('.');
  if (dot === -1) return null;
  return FORMAT_BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

/** "10MB", "2,5MB", "512KB": the import limit as the drop zone states it (spec: "máx. 10MB"). */
export function importLimitLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.floor(bytes / 1024).toLocaleString('es-ES')}KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('es-ES', { maximumFractionDigits: 1 })}MB`;
}

/** "2,4 MB", "512 KB": a file size for people. */
export function fileSizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${(bytes / (1024 * 1024)).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB`;
  }
  if (bytes >= 1024) return `${Math.round(bytes / 1024).toLocaleString('es-ES')} KB`;
  return `${bytes} B`;
}
