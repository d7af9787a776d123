import { REVIEW_STATES, type ReviewState } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Group, NativeSelect, SegmentedControl, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { EntryFilters } from '../hooks/use-entry-filters.ts';

export interface EntriesFilterBarProps {
  filters: EntryFilters;
  /** Closes the row, after the filters ('Añadir entrada'). */
  children?: ReactNode;
}

/**
 * The row above the entries: the search (over both terms and the subindice), A–Z / Z–A by the
 * base-language term, and the review-state filter.
 */
export function EntriesFilterBar({ filters, children }: EntriesFilterBarProps) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label={es.entries.search}
        placeholder={es.entries.searchPlaceholder}
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(event) => filters.setSearch(event.currentTarget.value)}
        style={{ flex: '1 1 16rem' }}
      />
      <SegmentedControl
        aria-label={es.entries.sortLabel}
        value={filters.orden}
        onChange={(value) => filters.setOrden(value === 'desc' ? 'desc' : 'asc')}
        data={[
          { value: 'asc', label: es.entries.sortAsc },
          { value: 'desc', label: es.entries.sortDesc },
        ]}
      />
      <NativeSelect
        aria-label={es.entries.review.filterLabel}
        value={filters.estado ?? ''}
        onChange={(event) =>
          filters.setEstado((event.currentTarget.value || null) as ReviewState | null)
        }
        data={[
          { value: '', label: es.entries.review.filterAll },
          ...REVIEW_STATES.map((state) => ({
            value: state,
            label: es.entries.review.state[state],
          })),
        ]}
      />
      {children}
    </Group>
  );
}
