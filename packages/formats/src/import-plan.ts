import type { ImportMapping } from '@ludoterm/contract';
import type { EntryStream } from './entry-stream.ts';

/** Headers to map first; `cabeceras_detectadas` and `muestra` are `importHeadersAnswerSchema`'s. */
export interface HeaderPass {
  tipo: 'cabeceras';
  cabeceras_detectadas: string[];
  /** One cell per header, `''` for empty cells. */
  muestra: string[][];
  sugerencia: ImportMapping;
}

export interface EntriesPass {
  tipo: 'entradas';
  entradas: EntryStream;
}

/** What reading a file answers: headers to map first, or the entries. */
export type ImportPlan = HeaderPass | EntriesPass;

export const SAMPLE_ROWS = 5;
