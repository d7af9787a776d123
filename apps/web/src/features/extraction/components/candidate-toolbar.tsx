import { CANDIDATE_CATEGORIES, type CandidateCategory } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Checkbox, Group, NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { CandidateFilters, CandidateSort } from '../utils/candidate-view.ts';

export interface CandidateToolbarProps {
  filters: CandidateFilters;
  onChange: (patch: Partial<CandidateFilters>) => void;
}

const ALL = 'todas';

const sortOptions: Array<{ value: CandidateSort; label: string }> = [
  { value: 'puntuacion', label: es.extractor.sortScore },
  { value: 'frecuencia', label: es.extractor.sortFrequency },
  { value: 'termino', label: es.extractor.sortTerm },
  { value: 'categoria', label: es.extractor.sortCategory },
];

const categoryOptions = [
  { value: ALL, label: es.extractor.allCategories },
  ...CANDIDATE_CATEGORIES.map((c) => ({ value: c, label: es.extractor.categoryNames[c] })),
];

/** Filters (term, category, frequency, score, already known) and the order of the candidates. */
export function CandidateToolbar({ filters, onChange }: CandidateToolbarProps) {
  return (
    <div>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label={es.extractor.filterLabel}
          placeholder={es.extractor.filterPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.text}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
          type="search"
        />
        <NativeSelect
          label={es.extractor.categoryFilter}
          data={categoryOptions}
          value={filters.categoria ?? ALL}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ categoria: value === ALL ? null : (value as CandidateCategory) });
          }}
        />
        <NumberInput
          label={es.extractor.minFrequencyFilter}
          min={1}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          value={filters.minFrecuencia}
          onChange={(value) =>
            onChange({ minFrecuencia: typeof value === 'number' ? value : Number(value) || 1 })
          }
        />
        <NumberInput
          label={es.extractor.minScoreFilter}
          min={0}
          max={1}
          step={0.05}
          decimalScale={2}
          decimalSeparator=","
          allowNegative={false}
          value={filters.minPuntuacion}
          onChange={(value) =>
            onChange({ minPuntuacion: typeof value === 'number' ? value : Number(value) || 0 })
          }
        />
        <NativeSelect
          label={es.extractor.sortLabel}
          data={sortOptions}
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.currentTarget.value as CandidateSort })}
        />
      </SimpleGrid>
      <Group mt="xs">
        <Checkbox
          label={es.extractor.hideKnown}
          checked={filters.hideKnown}
          onChange={(event) => onChange({ hideKnown: event.currentTarget.checked })}
        />
      </Group>
    </div>
  );
}
