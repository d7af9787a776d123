import type { CopyAnswer } from '@ludoterm/contract';
import { es, plural } from '@ludoterm/contract/messages/es';

export interface CopyResult {
  /** 'ok' when something was copied; 'warning' when nothing was. */
  kind: 'ok' | 'warning';
  text: string;
  detail?: string;
}

/**
 * What a copy did: 'Entradas copiadas correctamente.' only when some were, how many were
 * copied, and how many were skipped and why ('No se ha copiado ninguna entrada.' otherwise).
 */
export function copyResultText({ copiadas, omitidas }: CopyAnswer): CopyResult {
  const lines: string[] = [];
  if (copiadas > 0) lines.push(plural(es.copies.copiedCount, copiadas));
  if (omitidas > 0) lines.push(plural(es.copies.skipped, omitidas));
  if (copiadas === 0 && omitidas === 0) lines.push(es.copies.nothingToCopy);
  return {
    kind: copiadas > 0 ? 'ok' : 'warning',
    text: plural(es.copies.copied, copiadas),
    detail: lines.join('\n'),
  };
}

/** The server's detail when it sent one (spec section 8), otherwise `fallback`. */
export function copyErrorText(error: unknown, fallback: string): string {
  if (error !== null && typeof error === 'object' && 'detail' in error) {
    const detail = (error as { detail: unknown }).detail;
    if (typeof detail === 'string' && detail.trim()) return detail;
  }
  return fallback;
}
