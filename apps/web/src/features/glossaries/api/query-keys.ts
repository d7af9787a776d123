/**
 * Query keys of the glossaries feature. Every glossary list of every page (the selector on
 * /entradas, /exportar, /copiar…) reads `glossaryKeys.list()`, so one invalidation after a
 * create, trash or restore refreshes them all.
 */
export const glossaryKeys = {
  all: ['glossaries'] as const,
  lists: () => [...glossaryKeys.all, 'list'] as const,
  list: (options: { todos?: boolean } = {}) =>
    [...glossaryKeys.lists(), { todos: options.todos ?? false }] as const,
  trash: () => [...glossaryKeys.all, 'trash'] as const,
  config: (nombreSeguro: string) => [...glossaryKeys.all, 'config', nombreSeguro] as const,
  members: (nombreSeguro: string) => [...glossaryKeys.all, 'members', nombreSeguro] as const,
};
