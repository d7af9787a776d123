import type { ErrorCode } from '@ludoterm/contract';

/** Stable codes of every error the readers and writers throw. */
export const FORMAT_ERROR_CODES = [
  'EMPTY_FILE',
  'TOO_LARGE',
  'ENCODING_MISMATCH',
  'ENCODING_UNSUPPORTED',
  'FORMAT_MISMATCH',
  'CSV_MALFORMED',
  'JSON_MALFORMED',
  'JSON_UNEXPECTED_SHAPE',
  'XML_MALFORMED',
  'XML_ENTITY_FORBIDDEN',
  'XML_ENTITY_UNDEFINED',
  'XLSX_INVALID',
  'MAPPING_INVALID',
  'NOTHING_TO_IMPORT',
] as const;
export type FormatErrorCode = (typeof FORMAT_ERROR_CODES)[number];

/** Where in the file an error was found; what a reader knows. */
export interface FormatErrorLocation {
  linea?: number;
  columna?: number;
  /** The element or record, e.g. `<tu> n.º 12`. */
  elemento?: string;
}

/** The one error type of this package; `detail` is a Spanish sentence the server answers as is. */
export class FormatError extends Error {
  readonly code: FormatErrorCode;
  readonly detail: string;
  readonly ubicacion: FormatErrorLocation | undefined;

  constructor(code: FormatErrorCode, detail: string, ubicacion?: FormatErrorLocation) {
    super(detail);
    this.name = 'FormatError';
    this.code = code;
    this.detail = detail;
    this.ubicacion = ubicacion;
  }
}

export function isFormatError(error: unknown): error is FormatError {
  return error instanceof FormatError;
}

/** The API code (and so the HTTP status) of each format error: 413 over the limit, else 422. */
export const FORMAT_ERROR_API_CODES: Record<FormatErrorCode, ErrorCode> = {
  EMPTY_FILE: 'NOTHING_TO_IMPORT',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  ENCODING_MISMATCH: 'INVALID_FILE',
  ENCODING_UNSUPPORTED: 'INVALID_FILE',
  FORMAT_MISMATCH: 'FORMAT_MISMATCH',
  CSV_MALFORMED: 'INVALID_FILE',
  JSON_MALFORMED: 'INVALID_FILE',
  JSON_UNEXPECTED_SHAPE: 'INVALID_FILE',
  XML_MALFORMED: 'INVALID_FILE',
  XML_ENTITY_FORBIDDEN: 'INVALID_FILE',
  XML_ENTITY_UNDEFINED: 'INVALID_FILE',
  XLSX_INVALID: 'INVALID_FILE',
  MAPPING_INVALID: 'VALIDATION_FAILED',
  NOTHING_TO_IMPORT: 'NOTHING_TO_IMPORT',
};

/** "en la línea 3, columna 7" — the place phrase used in every detail. */
export function describePlace(linea?: number, columna?: number): string {
  if (linea === undefined) return '';
  return columna === undefined ? `en la línea ${linea}` : `en la línea ${linea}, columna ${columna}`;
}
