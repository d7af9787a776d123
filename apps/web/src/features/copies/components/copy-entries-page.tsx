import type { CopyAnswer, Entry, Glossary } from '@ludoterm/contract';
import { copyInputSchema } from '@ludoterm/contract';
import { es, format, plural } from '@ludoterm/contract/messages/es';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { IconCopy, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { StatusMessage, type StatusMessageValue } from '@/components/ui/status-message.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useCopyEntries } from '../api/copy-entries.ts';
import { getOriginEntryIds, useOriginEntries } from '../api/get-origin-entries.ts';
import { copyErrorText, copyResultText } from '../utils/copy-messages.ts';
import classes from './copies.module.css';

export interface CopyEntriesPageProps {
  /** The chosen origin glossary, or null. */
  origin: Pick<Glossary, 'nombre_seguro' | 'nombre' | 'idioma_origen' | 'idioma_meta'> | null;
  /** The chosen destination's nombre_seguro, or null. */
  destination: string | null;
  /** The two selectors, drawn by the page (the glossaries feature's selector). */
  originField: ReactNode;
  destinationField: ReactNode;
  onCopied?: (answer: CopyAnswer, destino: string) => void;
}

interface Selection {
  origin: string | null;
  ids: ReadonlySet<number>;
  /** Every entry matching this filter ('' for the whole glossary) is ticked; null when not. */
  allFor: string | null;
}

const EMPTY: ReadonlySet<number> = new Set();

/** A one-line row; a long one wraps and is measured. */
const ROW_HEIGHT = 36;

/** The message the spec's section 5 rule yields before any request, or null. */
export function copyPageValidation(
  origin: string | null,
  destination: string | null,
): string | null {
  if (!origin || !destination) return es.copyPage.bothRequired;
  if (origin === destination) return es.copyPage.sameGlossary;
  return null;
}

function termsOf(entry: Entry, origin: NonNullable<CopyEntriesPageProps['origin']>): string {
  const base = entry.termino[origin.idioma_origen];
  const target = entry.termino[origin.idioma_meta];
  return [base || es.entries.untitled, target].filter(Boolean).join(' — ');
}

/**
 * /copiar: origin and destination, the origin's entries as a checkbox list (virtualised,
 * loaded page by page, narrowed by a filter over both terms and the subindice), 'Seleccionar
 * todo' (or every match of the filter) and Copiar, with the spec's messages.
 */
export function CopyEntriesPage({
  origin,
  destination,
  originField,
  destinationField,
  onCopied,
}: CopyEntriesPageProps) {
  const originSlug = origin?.nombre_seguro ?? null;
  const [filter, setFilter] = useState('');
  const [q] = useDebouncedValue(filter.trim(), 250);
  const list = useOriginEntries(originSlug, q);
  const copy = useCopyEntries();
  // The selection belongs to one origin: choosing another starts from nothing.
  const [selection, setSelection] = useState<Selection>({
    origin: null,
    ids: new Set(),
    allFor: null,
  });
  const current = selection.origin === originSlug ? selection : null;
  const selected = current?.ids ?? EMPTY;
  // "All" means all that match the filter it was ticked under: another filter drops it.
  const allSelected = current?.allFor === q;
  const setSelected = (ids: ReadonlySet<number>) =>
    setSelection({ origin: originSlug, ids, allFor: null });
  const setAllSelected = (all: boolean) =>
    setSelection({ origin: originSlug, ids: EMPTY, allFor: all ? q : null });
  const [message, setMessage] = useState<StatusMessageValue>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const entries = useMemo(() => list.data?.pages.flatMap((p) => p.entries) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const selectedCount = allSelected ? total : selected.size;

  // TanStack Virtual hands back fresh functions each render; nothing here memoises them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length + (list.hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows wrap on a narrow screen, so each is measured once laid out.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_HEIGHT,
    overscan: 10,
    // Until the box is measured (and where it never is, as in tests), assume its CSS height.
    initialRect: { width: 600, height: 416 },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entries.length - 40)
      void fetchNextPage();
  }, [lastIndex, entries.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const toggle = (id: number) => {
    if (allSelected) {
      setAllSelected(false);
      setSelected(new Set(entries.map((e) => e.id).filter((x) => x !== id)));
      return;
    }
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const submit = async () => {
    setMessage(null);
    const invalid = copyPageValidation(originSlug, destination);
    if (invalid) {
      setMessage({
        kind: invalid === es.copyPage.bothRequired ? 'warning' : 'error',
        text: invalid,
      });
      return;
    }
    // Ticking all without a filter copies the whole glossary, even rows not loaded yet.
    const whole = allSelected && q === '';
    if (!allSelected) {
      const parsed = copyInputSchema.safeParse({ destino: destination, ids: [...selected] });
      if (!parsed.success) {
        setMessage({ kind: 'warning', text: parsed.error.issues[0]?.message ?? es.copies.error });
        return;
      }
    }
    try {
      const ids = whole
        ? undefined
        : allSelected
          ? await getOriginEntryIds(originSlug!, q)
          : [...selected];
      const answer = await copy.mutateAsync({
        origen: originSlug!,
        destino: destination!,
        ids,
        todas: whole || undefined,
      });
      setMessage(copyResultText(answer));
      onCopied?.(answer, destination!);
    } catch (error) {
      const detail = copyErrorText(error, '');
      setMessage({ kind: 'error', text: es.copyPage.error, detail: detail || undefined });
    }
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {originField}
        {destinationField}
      </SimpleGrid>

      <Paper withBorder p="sm" component="section" aria-label={es.copyPage.entriesLabel}>
        {!originSlug && <Text c="dimmed">{es.copyPage.chooseOrigin}</Text>}
        {originSlug && list.isPending && <Loader size="sm" aria-label={es.app.loading} />}
        {originSlug && list.isError && (
          <Alert color="red" variant="light" role="alert">
            {format(es.entries.loadError, { detail: errorMessage(list.error) })}
          </Alert>
        )}
        {origin && (q !== '' || total > 0 || filter !== '') && (
          <TextInput
            label={es.copyPage.filter}
            placeholder={es.copyPage.filterPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            mb="xs"
          />
        )}
        {originSlug && list.isSuccess && total === 0 && (
          <Text c="dimmed">{q ? es.copyPage.noMatches : es.entries.empty}</Text>
        )}
        {origin && total > 0 && (
          <Stack gap="xs">
            <Group gap="sm">
              <Checkbox
                label={q ? es.copyPage.selectMatches : es.copyPage.selectAll}
                checked={allSelected}
                indeterminate={!allSelected && selected.size > 0}
                onChange={(event) => {
                  setSelected(new Set());
                  setAllSelected(event.currentTarget.checked);
                }}
              />
              <Text size="sm" c="dimmed" aria-live="polite">
                {plural(es.copyPage.selected, selectedCount)}
              </Text>
            </Group>
            <div ref={scrollRef} className={classes.scroller}>
              <ul className={classes.list} style={{ height: virtualizer.getTotalSize() }}>
                {items.map((item) => {
                  const entry = entries[item.index];
                  return (
                    <li
                      key={item.key}
                      data-index={item.index}
                      ref={virtualizer.measureElement}
                      className={classes.row}
                      style={{ transform: `translateY(${item.start}px)` }}
                    >
                      {entry ? (
                        <Checkbox
                          label={termsOf(entry, origin)}
                          checked={allSelected || selected.has(entry.id)}
                          onChange={() => toggle(entry.id)}
                          classNames={{
                            label: classes.rowLabel,
                            body: classes.rowBody,
                            labelWrapper: classes.rowLabelWrapper,
                          }}
                        />
                      ) : (
                        <Text size="sm" c="dimmed">
                          {es.entries.loadingMore}
                        </Text>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          </Stack>
        )}
      </Paper>

      <StatusMessage message={message} />

      <Group>
        <Button
          leftSection={<IconCopy size={16} aria-hidden />}
          loading={copy.isPending}
          onClick={() => void submit()}
        >
          {es.copyPage.submit}
        </Button>
      </Group>
    </Stack>
  );
}
