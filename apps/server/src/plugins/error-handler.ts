import { ERROR_STATUS, errorDetails, spanishErrorMap, type ErrorCode } from '@ludoterm/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, isAppError, queryCanceledError } from '../errors.ts';

const contextNames: Record<string, string> = {
  body: '',
  querystring: 'parámetro ',
  params: 'ruta ',
  headers: 'cabecera ',
};

interface ValidationItem {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Whether the message is our generic one (so it needs the field name); input may be unknown. */
function isGenericMessage({ keyword, params, message }: ValidationItem): boolean {
  return [undefined, null].some((input) => {
    const generic = spanishErrorMap({ input, ...params, code: keyword } as Parameters<
      typeof spanishErrorMap
    >[0]);
    return typeof generic === 'string' ? generic === message : generic?.message === message;
  });
}

/** A schema's own sentence stands alone; a generic message gets its field ('n: No puede…'). */
function validationDetail(error: FastifyError & { validation: ValidationItem[] }) {
  const context = contextNames[error.validationContext ?? 'body'] ?? '';
  return error.validation
    .map((item) => {
      const message = item.message ?? 'Valor no válido.';
      const field = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return field && isGenericMessage(item) ? `${context}${field}: ${message}` : message;
    })
    .join(' ');
}

/** Fastify's and its plugins' own errors, as contract codes with Spanish details. */
const frameworkErrors: Record<string, [ErrorCode, string?]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID_JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['INVALID_JSON', 'Falta el cuerpo JSON de la petición.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [
    'PAYLOAD_TOO_LARGE',
    'El cuerpo de la petición supera el máximo de 1 MiB.',
  ],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    'UNSUPPORTED_MEDIA_TYPE',
    'Tipo de contenido no admitido. Envía JSON o multipart/form-data.',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST'],
  FST_REQ_FILE_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'El archivo supera el tamaño máximo permitido.'],
  FST_FILES_LIMIT: ['PAYLOAD_TOO_LARGE', 'Se han enviado demasiados archivos.'],
  FST_PARTS_LIMIT: ['PAYLOAD_TOO_LARGE', 'El formulario tiene demasiadas partes.'],
  FST_FIELDS_LIMIT: ['PAYLOAD_TOO_LARGE', 'El formulario tiene demasiados campos.'],
  FST_PROTO_VIOLATION: ['BAD_REQUEST'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [
    'UNSUPPORTED_MEDIA_TYPE',
    'Envía el archivo como multipart/form-data.',
  ],
  FST_ERR_VALIDATION: ['VALIDATION_FAILED'],
};

const statusCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const canceled = queryCanceledError(error);
  if (canceled) return canceled;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new AppError(
      'VALIDATION_FAILED',
      validationDetail(error as FastifyError & { validation: ValidationItem[] }),
    );
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? frameworkErrors[fastifyError.code] : undefined;
  if (known) return new AppError(known[0], known[1]);
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = statusCodes[status] ?? 'BAD_REQUEST';
    return new AppError(code, errorDetails[code]);
  }
  return new AppError('INTERNAL');
}

/** One error handler: `{ detail, code }` in Spanish; 5xx answer a generic message, logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error(
        { err: error, serialization: isResponseSerializationError(error) || undefined },
        'error interno',
      );
    } else if (!isAppError(error)) {
      request.log.info(
        { code: appError.code, reason: (error as Error).message },
        'petición rechazada',
      );
    }
    void reply
      .code(appError.status)
      .headers(appError.headers)
      .type('application/json; charset=utf-8')
      .send({ ...appError.body, detail: appError.detail, code: appError.code });
  });
}

/** What Node refuses before a request reaches Fastify, by its error code. */
function clientErrorCode(error: Error & { code?: string }): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'BAD_REQUEST';
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (headers too large, malformed,
 * too slow) is answered as `{ detail, code }` in Spanish and the connection closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const code = clientErrorCode(error);
    const status = ERROR_STATUS[code];
    const body = JSON.stringify({ detail: errorDetails[code], code });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
