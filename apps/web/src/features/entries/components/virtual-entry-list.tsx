import type { Entry } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Group, Loader, Text } from '@mantine/core';
import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import classes from './entries.module.css';

export interface VirtualEntryListProps {
  entries: readonly Entry[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  renderEntry: (entry: Entry) => ReactNode;
  /** An entry to scroll into view (so its row is rendered), e.g. the one just added. */
  revealId?: number | null;
  label: string;
  /** Height of a collapsed entry, before it is measured (as laid out: 52.8 px, rounded). */
  estimatedHeight?: number;
}

const NO_ENTRIES: readonly Entry[] = [];

/** Rows from the end of the loaded entries at which the next page is asked for. */
const PREFETCH_ROWS = 30;

/**
 * The entries as a window-scrolled virtual list: only the rows on screen (and a few around)
 * are in the page, each measured as it renders, so 100,000 entries scroll as lightly as 100.
 * Pages load as the end of what is loaded comes near.
 */
export function VirtualEntryList({
  entries: givenEntries,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  renderEntry,
  revealId = null,
  label,
  estimatedHeight = 53,
}: VirtualEntryListProps) {
  // New rows render in an interruptible pass after the page around them, so neither holds the
  // main thread long (opening a glossary was one task of 60–100 ms on a slow machine).
  const entries = useDeferredValue(givenEntries, NO_ENTRIES);
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The list's distance from the top of the page changes with what sits above it (the form).
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const update = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (Math.abs(current - top) > 1 ? top : current));
    };
    update();
    const observer = new ResizeObserver(update);
    if (element.parentElement) observer.observe(element.parentElement);
    return () => observer.disconnect();
  }, []);

  const count = entries.length + (hasNextPage ? 1 : 0);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimatedHeight,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => entries[index]?.id ?? 'cargando',
    // Rows scrolled into view render in a task of their own, not inside the scroll event's.
    useFlushSync: false,
    // A row is measured by the ResizeObserver once the browser has laid it out, not as React
    // mounts it: reading its height there forced the layout of every new row inside React's
    // commit, one task of 50–65 ms when a glossary opened on a slow machine. Until then it
    // keeps its last size, or the estimate (a collapsed row's height).
    measureElement: (element, entry, instance) =>
      entry
        ? measureElement(element, entry, instance)
        : (instance.itemSizeCache.get(
            instance.options.getItemKey(instance.indexFromElement(element)),
          ) ?? estimatedHeight),
  });
  const revealIndex = revealId === null ? -1 : entries.findIndex((e) => e.id === revealId);
  useEffect(() => {
    if (revealIndex >= 0) virtualizer.scrollToIndex(revealIndex, { align: 'center' });
  }, [revealIndex, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : 0;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entries.length - PREFETCH_ROWS) {
      fetchNextPage();
    }
  }, [lastIndex, entries.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div
      ref={listRef}
      className={classes.list}
      style={{ height: virtualizer.getTotalSize() }}
      role="list"
      aria-label={label}
    >
      {items.map((item) => {
        const entry = entries[item.index];
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={classes.row}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
            role="listitem"
          >
            {entry ? (
              renderEntry(entry)
            ) : (
              <Group gap="xs" p="xs">
                <Loader size="xs" aria-hidden />
                <Text size="sm" c="dimmed">
                  {es.entries.loadingMore}
                </Text>
              </Group>
            )}
          </div>
        );
      })}
    </div>
  );
}
