import { es, plural } from '@ludoterm/contract/messages/es';

/**
 * What an import did, in agreeing Spanish: 'Importación completada (N elementos).' and how many
 * were skipped, or, when nothing was added, that nothing was and why.
 */
export function importOutcomeText({
  importados,
  omitidos,
}: {
  importados: number;
  omitidos: number;
}): string {
  if (importados === 0 && omitidos > 0) return plural(es.import.noneImported, omitidos);
  const done = plural(es.import.done, importados);
  return omitidos === 0 ? done : `${done} ${plural(es.import.omitted, omitidos)}`;
}
