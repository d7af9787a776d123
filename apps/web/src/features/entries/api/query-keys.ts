import type { ReviewState } from '@ludoterm/contract';
/** Query keys of the entries feature: every list and history of a glossary sits under `glossary(ns)`. */
export const entryKeys = {
  all: ['entries'] as const,
  glossary: (nombreSeguro: string) => [...entryKeys.all, nombreSeguro] as const,
  lists: (nombreSeguro: string) => [...entryKeys.glossary(nombreSeguro), 'list'] as const,
  list: (
    nombreSeguro: string,
    params: { q: string; orden: 'asc' | 'desc'; estado: ReviewState | null },
  ) => [...entryKeys.lists(nombreSeguro), params] as const,
  history: (nombreSeguro: string, id: number) =>
    [...entryKeys.glossary(nombreSeguro), 'history', id] as const,
};

/** `/glosarios/{ns}/entradas` with the slug escaped. */
export function entriesPath(nombreSeguro: string): string {
  return `/glosarios/${encodeURIComponent(nombreSeguro)}/entradas`;
}
