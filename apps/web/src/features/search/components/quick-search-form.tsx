import { es } from '@ludoterm/contract/messages/es';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { SearchRequest } from '../utils/search-request.ts';

export interface QuickSearchFormProps {
  /** The search shown, to start from. */
  initial: { termino: string; subindice: string };
  onSearch: (request: SearchRequest) => void;
  /** The form refused to search (nothing to search for): its message replaces the results. */
  onRefused: () => void;
}

const MAX = 200;

/**
 * Búsqueda rápida: part of a term (either language) and, optionally, part of the subindice.
 * Enter in either box searches, as the button does.
 */
export function QuickSearchForm({ initial, onSearch, onRefused }: QuickSearchFormProps) {
  const [termino, setTermino] = useState(initial.termino);
  const [subindice, setSubindice] = useState(initial.subindice);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const request = {
      kind: 'quick' as const,
      termino: termino.trim(),
      subindice: subindice.trim(),
    };
    if (!request.termino && !request.subindice) {
      setError(es.search.needQuery);
      onRefused();
      return;
    }
    setError(null);
    onSearch(request);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={es.search.quick} role="search">
      <Stack gap="sm">
        <div>
          <Text fw={600}>{es.search.quick}</Text>
          <Text size="sm" c="dimmed">
            {es.search.quickHelp}
          </Text>
        </div>
        <TextInput
          label={es.search.term}
          placeholder={es.search.termPlaceholder}
          value={termino}
          maxLength={MAX}
          onChange={(event) => setTermino(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <TextInput
          label={es.search.subindex}
          placeholder={es.search.subindexPlaceholder}
          value={subindice}
          maxLength={MAX}
          onChange={(event) => setSubindice(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {es.search.searchQuick}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
