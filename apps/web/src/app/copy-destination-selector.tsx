import { isCopyDestination } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { useCallback } from 'react';
import { GlossarySelector } from '@/features/glossaries/components/glossary-selector.tsx';

export interface CopyDestinationSelectorProps {
  label: string;
  /** The glossary the entries come from; null while none is chosen (then nothing is offered). */
  origin: { nombre_seguro: string; idioma_origen: string; idioma_meta: string } | null;
  value: string | null;
  onChange: (nombreSeguro: string | null) => void;
  error?: string | null;
}

/**
 * The destination of a copy (the /entradas and /buscar modal, and /copiar): only the glossaries
 * a copy may go to (another one, same two languages, writable), and why when there is none.
 */
export function CopyDestinationSelector({
  label,
  origin,
  value,
  onChange,
  error = null,
}: CopyDestinationSelectorProps) {
  const accepts = useCallback(
    (g: Parameters<typeof isCopyDestination>[1]) => origin !== null && isCopyDestination(origin, g),
    [origin],
  );
  return (
    <GlossarySelector
      label={label}
      value={value}
      onChange={(next) => onChange(next)}
      filter={accepts}
      emptyMessage={
        origin
          ? format(es.copies.noDestinations, {
              source: origin.idioma_origen,
              target: origin.idioma_meta,
            })
          : es.copies.chooseOriginFirst
      }
      error={error}
    />
  );
}
