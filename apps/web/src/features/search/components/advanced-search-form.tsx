import { REVIEW_STATES, TERM_STATUSES } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useSearchFields } from '../api/get-search-fields.ts';
import type { SearchFilters, SearchRequest } from '../utils/search-request.ts';

const TERM_STATUS_OPTIONS = TERM_STATUSES.map((value) => ({
  value,
  label: es.entries.terms.status[value],
}));
const REVIEW_STATE_OPTIONS = REVIEW_STATES.map((value) => ({
  value,
  label: es.entries.review.state[value],
}));

export interface AdvancedSearchFormProps {
  initial: { campo: string; valor: string } & SearchFilters;
  onSearch: (request: SearchRequest) => void;
  /** The form refused to search (nothing to search for): its message replaces the results. */
  onRefused: () => void;
}

/**
 * Búsqueda avanzada: one field of the card, chosen among those of the user's glossaries
 * (`GET /buscar/campos`), and a value. Without both: 'Elige un campo y escribe un valor.'
 */
export function AdvancedSearchForm({ initial, onSearch, onRefused }: AdvancedSearchFormProps) {
  const fields = useSearchFields();
  const [campo, setCampo] = useState<string | null>(initial.campo || null);
  const [valor, setValor] = useState(initial.valor);
  const [estadoTermino, setEstadoTermino] = useState(initial.estadoTermino ?? null);
  const [estadoRevision, setEstadoRevision] = useState(initial.estadoRevision ?? null);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!campo || !valor.trim()) {
      setError(es.search.needFieldAndValue);
      onRefused();
      return;
    }
    setError(null);
    onSearch({
      kind: 'advanced',
      campo,
      valor: valor.trim(),
      ...(estadoTermino && { estadoTermino }),
      ...(estadoRevision && { estadoRevision }),
    });
  };

  const noFields = fields.isSuccess && fields.data.length === 0;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={es.search.advanced}>
      <Stack gap="sm">
        <div>
          <Text fw={600}>{es.search.advanced}</Text>
          <Text size="sm" c="dimmed">
            {es.search.advancedHelp}
          </Text>
        </div>
        {fields.isError && (
          <Alert color="red" variant="light">
            {format(es.search.fieldsError, { detail: errorMessage(fields.error) })}
          </Alert>
        )}
        <Select
          label={es.search.field}
          placeholder={fields.isPending ? es.app.loading : es.search.fieldPlaceholder}
          data={(fields.data ?? []).map((f) => ({ value: f.id, label: f.label }))}
          value={campo}
          onChange={setCampo}
          searchable
          nothingFoundMessage={es.search.noFields}
          disabled={fields.isPending || noFields}
          description={noFields ? es.search.noFields : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={es.search.value}
          placeholder={es.search.valuePlaceholder}
          value={valor}
          maxLength={200}
          onChange={(event) => setValor(event.currentTarget.value)}
        />
        <Group grow>
          <Select
            label={es.search.termStatusFilter}
            placeholder={es.search.anyState}
            data={TERM_STATUS_OPTIONS}
            value={estadoTermino}
            onChange={(value) => setEstadoTermino(TERM_STATUSES.find((s) => s === value) ?? null)}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={es.search.reviewStateFilter}
            placeholder={es.search.anyState}
            data={REVIEW_STATE_OPTIONS}
            value={estadoRevision}
            onChange={(value) => setEstadoRevision(REVIEW_STATES.find((s) => s === value) ?? null)}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button
            type="submit"
            variant="light"
            leftSection={<IconListSearch size={16} aria-hidden />}
          >
            {es.search.searchAdvanced}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
