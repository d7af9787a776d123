import type { Glossary } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import {
  Alert,
  Badge,
  Group,
  Loader,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NoGlossaries } from '@/components/ui/no-glossaries.tsx';
import { filterByName } from '@/lib/filter-by-name.ts';
import { entryCountLabel } from '../utils/count-label.ts';
import classes from './entries.module.css';

export interface GlossaryCardPickerProps {
  glossaries: Glossary[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** The selected glossary's nombre_seguro. */
  selected: string | null;
  onSelect: (glossary: Glossary) => void;
}

/**
 * /entradas: the user's glossaries as cards, filtered by name ('Buscar glosario...'); a click
 * opens that glossary's entries. The list scrolls within a band so the entries stay in view.
 */
export function GlossaryCardPicker({
  glossaries,
  isLoading,
  isError,
  selected,
  onSelect,
}: GlossaryCardPickerProps) {
  const [query, setQuery] = useState('');
  const selectedRef = useRef<HTMLLIElement>(null);
  const hasList = (glossaries?.length ?? 0) > 0;

  // The chosen glossary stays in view inside the band (a link or a reload may open one far down).
  useEffect(() => {
    selectedRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected, hasList]);
  const visible = useMemo(() => filterByName(glossaries ?? [], query), [glossaries, query]);

  return (
    <Stack gap="xs">
      <TextInput
        aria-label={es.glossaries.filter}
        placeholder={es.entries.filterGlossaries}
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={420}
      />
      {isLoading && <Loader size="sm" aria-label={es.app.loading} />}
      {isError && (
        <Alert color="red" variant="light" role="alert">
          {es.glossaries.loadErrorAlt}
        </Alert>
      )}
      {!isLoading &&
        !isError &&
        visible.length === 0 &&
        ((glossaries ?? []).length === 0 ? (
          <NoGlossaries size="sm" />
        ) : (
          <Text c="dimmed" size="sm">
            {es.glossaries.noMatches}
          </Text>
        ))}
      {visible.length > 0 && (
        <ScrollArea.Autosize mah={{ base: 180, sm: 236 }} type="auto" offsetScrollbars>
          <SimpleGrid
            component="ul"
            aria-label={es.entries.glossaryListLabel}
            cols={{ base: 2, md: 3, xl: 4 }}
            spacing="xs"
            verticalSpacing="xs"
            className={classes.cardGrid}
          >
            {visible.map((g) => {
              const isSelected = g.nombre_seguro === selected;
              return (
                <li key={g.id} ref={isSelected ? selectedRef : undefined}>
                  <UnstyledButton
                    className={classes.glossaryCard}
                    data-selected={isSelected || undefined}
                    aria-pressed={isSelected}
                    onClick={() => onSelect(g)}
                  >
                    <Text fw={600} size="sm" className={classes.glossaryName}>
                      {g.nombre}
                    </Text>
                    <Group gap={6} mt={4}>
                      <Badge variant="light" size="sm" tt="none">
                        {g.idioma_origen} → {g.idioma_meta}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {entryCountLabel(g.num_entradas)}
                      </Text>
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </SimpleGrid>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
