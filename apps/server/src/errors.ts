import { ERROR_STATUS, errorDetails, type ErrorCode } from '@ludoterm/contract';

/** The one error type services throw; the contract maps its code to the HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | Record<string, unknown>;
  readonly headers: Record<string, string>;
  /** More of the answer's body beside `detail` and `code` (the current entry of a 409). */
  readonly body: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    detail?: string | Record<string, unknown>,
    headers: Record<string, string> = {},
    body: Record<string, unknown> = {},
  ) {
    const text = detail ?? errorDetails[code];
    super(typeof text === 'string' ? text : code);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.detail = text;
    this.headers = headers;
    this.body = body;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** PostgreSQL's query_canceled: a statement ran past statement_timeout, or was cancelled. */
const QUERY_CANCELED = '57014';

/** A query that ran too long as a 503 AppError (the user may try again later); else null. */
export function queryCanceledError(error: unknown): AppError | null {
  if ((error as { code?: unknown } | null)?.code !== QUERY_CANCELED) return null;
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'La base de datos tardó demasiado en responder y se ha cancelado la operación. Vuelve a intentarlo dentro de unos minutos.',
  );
}
