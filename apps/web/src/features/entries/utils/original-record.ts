import type { OriginalRecord } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';

/**
 * Who created and changed an imported concept in its termbase, in one line («Creada por Ana el
 * 2019-03-01 · modificada el 2020-07-09»); dates as the file wrote them. Null when it says nothing.
 */
export function originalRecordText(record: OriginalRecord | null): string | null {
  if (!record) return null;
  const part = (template: string, who: string | null, when: string | null) =>
    who === null && when === null
      ? null
      : format(template, {
          by: who === null ? '' : format(es.entries.originalBy, { who }),
          on: when === null ? '' : format(es.entries.originalOn, { when }),
        });
  const parts = [
    part(es.entries.originalCreated, record.creado_por, record.creado_en),
    part(es.entries.originalChanged, record.modificado_por, record.modificado_en),
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
