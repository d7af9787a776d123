import { EXTRACTOR_FILE_EXTENSIONS, STOPWORD_FILE_EXTENSIONS } from '@ludoterm/contract';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** The lowercased extension is one the extractor reads (.txt, .csv, .docx, .pdf). */
export function isDocumentFile(name: string): boolean {
  return (EXTRACTOR_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** A stopword list is a .txt file. */
export function isStopwordFile(name: string): boolean {
  return (STOPWORD_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** `accept` of the file inputs. */
export const DOCUMENT_ACCEPT = EXTRACTOR_FILE_EXTENSIONS.join(',');
export const STOPWORD_ACCEPT = STOPWORD_FILE_EXTENSIONS.join(',');

/** '12 KB', '3,4 MB': a file's size as the form shows it. */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024).toLocaleString('es-ES')} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB`;
}
