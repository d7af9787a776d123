import type { Candidate, Language } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Button, Group, Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { draftOf, type CandidateDraft } from '../utils/candidate-view.ts';
import { CandidateRow } from './candidate-row.tsx';

/** Rows shown first, and added by each 'Mostrar más'. */
export const PAGE_SIZE = 100;
/** A closed row's height before it is measured: one line on wide screens, two on phones. */
function estimatedRowPx(): number {
  return typeof window !== 'undefined' && window.innerWidth < 576 ? 92 : 65;
}

export interface CandidateListProps {
  /** Already filtered and sorted. */
  candidates: readonly Candidate[];
  language: 'es' | 'en';
  otherLanguage: Language;
  drafts: Readonly<Record<string, CandidateDraft>>;
  expanded: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  added: ReadonlySet<string>;
  adding: ReadonlySet<string>;
  onToggleExpanded: (id: string) => void;
  onToggleSelected: (id: string, selected: boolean) => void;
  onDraftChange: (id: string, patch: Partial<CandidateDraft>) => void;
  onAdd: (id: string) => void;
}

/**
 * The candidates, the first 100 and 'Mostrar más' for the next 100, in a list virtualised
 * against the page's scroll: only the rows near the screen are in the DOM, so a 2,000-row
 * answer scrolls as lightly as a short one. Rows are measured, so an opened (editable) row
 * takes the room it needs.
 */
export function CandidateList({
  candidates,
  language,
  otherLanguage,
  drafts,
  ...rowProps
}: CandidateListProps) {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const shown = candidates.slice(0, limit);

  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const measure = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => observer?.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: shown.length,
    estimateSize: estimatedRowPx,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => shown[index]!.id,
    // A row always has a height on screen; without layout (tests) keep the estimate.
    measureElement: (element) => element.getBoundingClientRect().height || estimatedRowPx(),
  });
  const items = virtualizer.getVirtualItems();

  return (
    <div>
      <div
        ref={listRef}
        role="list"
        aria-label={es.extractor.listLabel}
        style={{ position: 'relative', height: virtualizer.getTotalSize(), width: '100%' }}
      >
        {items.map((item) => {
          const candidate = shown[item.index]!;
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <CandidateRow
                candidate={candidate}
                language={language}
                otherLanguage={otherLanguage}
                draft={drafts[candidate.id] ?? draftOf(candidate, language)}
                expanded={rowProps.expanded.has(candidate.id)}
                selected={rowProps.selected.has(candidate.id)}
                added={rowProps.added.has(candidate.id)}
                adding={rowProps.adding.has(candidate.id)}
                onToggleExpanded={rowProps.onToggleExpanded}
                onToggleSelected={rowProps.onToggleSelected}
                onDraftChange={rowProps.onDraftChange}
                onAdd={rowProps.onAdd}
              />
            </div>
          );
        })}
      </div>
      <Group justify="space-between" mt="sm" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {format(es.extractor.shownOf, {
            shown: shown.length.toLocaleString('es-ES'),
            total: candidates.length.toLocaleString('es-ES'),
          })}
        </Text>
        {shown.length < candidates.length ? (
          <Button variant="default" onClick={() => setLimit((n) => n + PAGE_SIZE)}>
            {es.extractor.showMore}
          </Button>
        ) : null}
      </Group>
    </div>
  );
}
