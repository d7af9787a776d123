import type { ImportMapping } from '@ludoterm/contract';
import type { EntryStream } from './entry-stream.ts';

/**
 * The header pass: the file has column headers and no mapping was given. The first two fields
 * are the contract's `importHeadersAnswerSchema`; `sugerencia` is a proposed mapping.
 */
export interface HeaderPass {
  tipo: 'cabeceras';
  cabeceras_detectadas: string[];
  /** The first data rows (up to 5), one cell per header, `''` for empty cells. */
  muestra: string[][];
  sugerencia: ImportMapping;
}

/** The file maps to entries: stream them. */
export interface EntriesPass {
  tipo: 'entradas';
  entradas: EntryStream;
}

/** What reading a file answers: headers to map first, or the entries. */
export type ImportPlan = HeaderPass | EntriesPass;

/** Rows shown in the header pass. */
export const SAMPLE_ROWS = 5;
