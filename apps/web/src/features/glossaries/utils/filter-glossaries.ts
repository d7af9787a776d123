import type { Glossary } from '@ludoterm/contract';

/** Lower case without accents, so 'categoria' finds 'Categoría'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('es');
}

/** The glossaries whose name holds `query` (case-insensitive substring; blank keeps all). */
export function filterGlossaries<T extends Pick<Glossary, 'nombre'>>(
  glossaries: readonly T[],
  query: string,
): T[] {
  const needle = fold(query.trim());
  if (!needle) return [...glossaries];
  return glossaries.filter((g) => fold(g.nombre).includes(needle));
}
