import type { Glossary } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Select, Text } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useGlossaries } from '../api/get-glossaries.ts';
import { canEdit, glossaryTitle } from '../utils/glossary-labels.ts';

export interface GlossarySelectorProps {
  label: string;
  /** The selected glossary's `nombre_seguro`, or null. */
  value: string | null;
  onChange: (nombreSeguro: string | null, glossary: Glossary | null) => void;
  /** A glossary not to offer (the origin of a copy, say). */
  exclude?: string | null;
  /** Offer only the glossaries the user may change (import, copy destination, extractor). */
  writableOnly?: boolean;
  /** Offer only the glossaries this rule accepts (a copy's destinations, say). */
  filter?: (glossary: Glossary) => boolean;
  /** Why nothing is offered (by default the spec's 'No hay glosarios disponibles.'). */
  emptyMessage?: string;
  placeholder?: string;
  /** Validation message of the surrounding form. */
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
}

/**
 * Chooses one of the user's glossaries, shown as 'name (es → en)'. Reads the shared glossary
 * list, so it refreshes whenever a glossary is created, trashed or restored anywhere. Says
 * 'No hay glosarios disponibles.' when there is nothing to choose and 'Error al cargar
 * glosarios' when the list cannot be loaded.
 */
export function GlossarySelector({
  label,
  value,
  onChange,
  exclude = null,
  writableOnly = false,
  filter,
  emptyMessage = es.glossaries.none,
  placeholder = es.glossaries.selectorPlaceholder,
  error = null,
  required = false,
  disabled = false,
}: GlossarySelectorProps) {
  const { data, isPending, isError } = useGlossaries();
  const messageId = useId();

  const options = useMemo(
    () =>
      (data ?? []).filter(
        (g) =>
          g.nombre_seguro !== exclude && (!writableOnly || canEdit(g)) && (!filter || filter(g)),
      ),
    [data, exclude, writableOnly, filter],
  );
  const isEmpty = !isPending && !isError && options.length === 0;
  const message = isError ? es.glossaries.loadErrorAlt : isEmpty ? emptyMessage : null;
  const selected = options.some((g) => g.nombre_seguro === value) ? value : null;

  return (
    <div>
      <Select
        label={label}
        placeholder={isPending ? es.app.loading : placeholder}
        data={options.map((g) => ({ value: g.nombre_seguro, label: glossaryTitle(g) }))}
        value={selected}
        onChange={(next) => onChange(next, options.find((g) => g.nombre_seguro === next) ?? null)}
        searchable
        // Choosing the chosen option again keeps it: clearing it there was a trap.
        allowDeselect={false}
        nothingFoundMessage={es.glossaries.noMatches}
        disabled={disabled || isPending || options.length === 0}
        required={required}
        error={error}
        aria-describedby={message ? messageId : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      {message && (
        <Text
          id={messageId}
          size="sm"
          mt={4}
          c={isError ? 'red.9' : 'dimmed'}
          role={isError ? 'alert' : undefined}
        >
          {message}
        </Text>
      )}
    </div>
  );
}
