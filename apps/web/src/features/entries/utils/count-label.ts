import { es, plural } from '@ludoterm/contract/messages/es';

/** '1 entrada' or 'N entradas', with the number grouped the Spanish way. */
export function entryCountLabel(n: number): string {
  return plural(es.entries.count, n);
}
