import { foldText } from './fold-text.ts';

/** The items whose `nombre` holds `query`, ignoring case and accents; a blank query keeps all. */
export function filterByName<T extends { nombre: string }>(
  items: readonly T[],
  query: string,
): T[] {
  const needle = foldText(query.trim());
  if (!needle) return [...items];
  return items.filter((item) => foldText(item.nombre).includes(needle));
}
