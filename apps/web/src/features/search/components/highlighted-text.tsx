import { Mark } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { matchRanges, splitByRanges } from '../utils/highlight.ts';

export interface HighlightedTextProps {
  text: string;
  /** The search query as typed; null marks nothing. */
  query: string | null;
}

/** The text with what the search matched marked, accents and case aside (see matchRanges). */
export function HighlightedText({ text, query }: HighlightedTextProps) {
  const parts = useMemo(
    () => (query ? splitByRanges(text, matchRanges(text, query)) : [{ text, match: false }]),
    [text, query],
  );
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <Mark key={i} color="yellow">
            {part.text}
          </Mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
