/** Stable codes of every refusal of the extractor; the server maps them to HTTP statuses. */
export type ExtractionErrorCode =
  | 'FORMATO_NO_ADMITIDO'
  | 'CONTENIDO_NO_COINCIDE'
  | 'ARCHIVO_DEMASIADO_GRANDE'
  | 'ARCHIVO_CORRUPTO'
  | 'ARCHIVO_CIFRADO'
  | 'PDF_SIN_TEXTO'
  | 'TIEMPO_AGOTADO'
  | 'TEXTO_VACIO'
  | 'IDIOMA_NO_ADMITIDO'
  | 'OPCIONES_NO_VALIDAS';

/** A refusal the user can act on: a stable `code` and a Spanish `detail` ready to show. */
export class ExtractionError extends Error {
  readonly code: ExtractionErrorCode;
  readonly detail: string;

  constructor(code: ExtractionErrorCode, detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.name = 'ExtractionError';
    this.code = code;
    this.detail = detail;
  }
}

/** True for an {@link ExtractionError}, also across module copies (worker threads, bundles). */
export function isExtractionError(error: unknown): error is ExtractionError {
  return (
    error instanceof ExtractionError ||
    (error instanceof Error && error.name === 'ExtractionError' && typeof (error as { code?: unknown }).code === 'string')
  );
}
