import { es } from '@ludoterm/contract/messages/es';

/**
 * The text to show for a failure (spec section 8): the answer's `detail`; as formatted JSON
 * when it is an object; otherwise the error's message; otherwise 'Error desconocido'.
 * Takes an ApiError, an axios-like error with `response.data.detail`, or anything thrown.
 */
export function errorMessage(error: unknown): string {
  const detail = detailOf(error);
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (detail !== null && typeof detail === 'object') return JSON.stringify(detail, null, 2);
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return es.app.unknownError;
}

function detailOf(error: unknown): unknown {
  if (error === null || typeof error !== 'object') return undefined;
  if ('detail' in error && error.detail !== undefined && error.detail !== null) return error.detail;
  const response = 'response' in error ? error.response : undefined;
  if (response !== null && typeof response === 'object' && 'data' in response) {
    const data = response.data;
    if (data !== null && typeof data === 'object' && 'detail' in data) return data.detail;
  }
  return undefined;
}
