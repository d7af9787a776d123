import type { CopyAnswer } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';

/** 'Entradas copiadas correctamente.' and, when some were skipped, how many and why. */
export function copyResultText(answer: CopyAnswer): { text: string; detail?: string } {
  return answer.omitidas > 0
    ? { text: es.copies.copied, detail: format(es.copies.skipped, { n: answer.omitidas }) }
    : { text: es.copies.copied };
}

/** The server's detail when it sent one (spec section 8), otherwise `fallback`. */
export function copyErrorText(error: unknown, fallback: string): string {
  if (error !== null && typeof error === 'object' && 'detail' in error) {
    const detail = (error as { detail: unknown }).detail;
    if (typeof detail === 'string' && detail.trim()) return detail;
  }
  return fallback;
}
