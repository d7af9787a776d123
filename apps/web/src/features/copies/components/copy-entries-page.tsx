import type { CopyAnswer, Entry, Glossary } from '@ludoterm/contract';
import { copyInputSchema } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
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
} from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { IconCopy } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { StatusMessage, type StatusMessageValue } from '@/components/ui/status-message.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useCopyEntries } from '../api/copy-entries.ts';
import { useOriginEntries } from '../api/get-origin-entries.ts';
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
  all: boolean;
}

const EMPTY: ReadonlySet<number> = new Set();

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
 * loaded page by page), 'Seleccionar todo' and Copiar, with the spec's messages.
 */
export function CopyEntriesPage({
  origin,
  destination,
  originField,
  destinationField,
  onCopied,
}: CopyEntriesPageProps) {
  const originSlug = origin?.nombre_seguro ?? null;
  const list = useOriginEntries(originSlug);
  const copy = useCopyEntries();
  // The selection belongs to one origin: choosing another starts from nothing.
  const [selection, setSelection] = useState<Selection>({
    origin: null,
    ids: new Set(),
    all: false,
  });
  const current = selection.origin === originSlug ? selection : null;
  const selected = current?.ids ?? EMPTY;
  const allSelected = current?.all ?? false;
  const setSelected = (ids: ReadonlySet<number>) =>
    setSelection({ origin: originSlug, ids, all: false });
  const setAllSelected = (all: boolean) => setSelection({ origin: originSlug, ids: EMPTY, all });
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
    const input = allSelected
      ? { destino: destination!, todas: true }
      : { destino: destination!, ids: [...selected] };
    const parsed = copyInputSchema.safeParse(input);
    if (!parsed.success) {
      setMessage({ kind: 'warning', text: parsed.error.issues[0]?.message ?? es.copies.error });
      return;
    }
    try {
      const answer = await copy.mutateAsync({ origen: originSlug!, ...input });
      setMessage({ kind: 'ok', ...copyResultText(answer) });
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
        {originSlug && list.isSuccess && total === 0 && <Text c="dimmed">{es.entries.empty}</Text>}
        {origin && total > 0 && (
          <Stack gap="xs">
            <Group gap="sm">
              <Checkbox
                label={es.copyPage.selectAll}
                checked={allSelected}
                indeterminate={!allSelected && selected.size > 0}
                onChange={(event) => {
                  setSelected(new Set());
                  setAllSelected(event.currentTarget.checked);
                }}
              />
              <Text size="sm" c="dimmed" aria-live="polite">
                {format(es.copyPage.selected, { n: selectedCount.toLocaleString('es-ES') })}
              </Text>
            </Group>
            <div ref={scrollRef} className={classes.scroller}>
              <ul className={classes.list} style={{ height: virtualizer.getTotalSize() }}>
                {items.map((item) => {
                  const entry = entries[item.index];
                  return (
                    <li
                      key={item.key}
                      className={classes.row}
                      style={{ height: item.size, transform: `translateY(${item.start}px)` }}
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
