/**
 * Stable API error codes and their HTTP statuses. Every error body is `{ detail, code }`:
 * `detail` tells the user in Spanish what to do, `code` is for clients and tests.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_TOKEN: 401,
  INVALID_CODE: 401,
  FORBIDDEN: 403,
  READ_ONLY: 403,
  ADMIN_ONLY: 403,
  PLAN_REQUIRED: 403,
  ACCOUNT_LINK_REQUIRED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  GLOSSARY_NAME_TAKEN: 409,
  TRASH_EXPIRED: 409,
  LAST_ADMIN: 409,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  SAME_LANGUAGES: 422,
  LANGUAGE_MISMATCH: 422,
  FORMAT_MISMATCH: 422,
  INVALID_FILE: 422,
  NOTHING_TO_IMPORT: 422,
  UNSUPPORTED_LANGUAGE: 422,
  INVALID_RESET_LINK: 422,
  INVALID_CONFIRMATION_LINK: 422,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The body of every error answer. */
export interface ErrorBody {
  detail: string | Record<string, unknown> | unknown[];
  code: ErrorCode;
}

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
