import { es, format } from '@ludoterm/contract/messages/es';

/** '1 entrada' or 'N entradas', with the number grouped the Spanish way. */
export function entryCountLabel(n: number): string {
  return n === 1 ? es.entries.countOne : format(es.entries.count, { n: n.toLocaleString('es-ES') });
}
