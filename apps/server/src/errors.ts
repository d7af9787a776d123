import { ERROR_STATUS, errorDetails, type ErrorCode } from '@ludoterm/contract';

/** The one error type services throw; the contract maps its code to the HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, detail?: string | Record<string, unknown>, headers: Record<string, string> = {}) {
    const text = detail ?? errorDetails[code];
    super(typeof text === 'string' ? text : code);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.detail = text;
    this.headers = headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
