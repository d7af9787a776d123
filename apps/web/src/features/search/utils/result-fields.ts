import { cardFieldLabel, cardFields, type Language, type SearchResult } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import type { SearchRequest } from './search-request.ts';

/** The value of a card field of a result (`termino.es` reads `termino.es`). */
export function resultFieldValue(result: SearchResult, fieldId: string): string | null {
  if (fieldId.startsWith('termino.')) {
    return result.termino[fieldId.slice('termino.'.length) as Language] ?? null;
  }
  const value = (result as unknown as Record<string, unknown>)[fieldId];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The filled fields of a result's card, in card order, with their labels. */
export function filledFields(
  result: SearchResult,
): Array<{ id: string; label: string; value: string }> {
  return cardFields(result.idioma_origen, result.idioma_meta).flatMap((field) => {
    const value = resultFieldValue(result, field.id);
    return value ? [{ id: field.id, label: field.label, value }] : [];
  });
}

/** How a result is named: its base term, or its target term, or '(sin término)'. */
export function resultTitle(result: SearchResult): string {
  return (
    result.termino[result.idioma_origen] ||
    result.termino[result.idioma_meta] ||
    es.entries.untitled
  );
}

/** What to mark in a field of a result: the query that searched it, or null. */
export function queryForField(request: SearchRequest, fieldId: string): string | null {
  if (request.kind === 'advanced') return request.campo === fieldId ? request.valor : null;
  if (fieldId.startsWith('termino.')) return request.termino || null;
  if (fieldId === 'subindice') return request.subindice || null;
  return null;
}

export { cardFieldLabel };
