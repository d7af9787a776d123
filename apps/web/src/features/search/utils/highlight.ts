import { foldText, foldTextFully } from '@ludoterm/contract/text-folding';

/** A piece of the original text: [start, end) in UTF-16 offsets. */
export type TextRange = [start: number, end: number];

/** Queries shorter than this match by prefix only, as the server searches them. */
const MIN_SUBSTRING_LENGTH = 3;

/**
 * Where a search query matched a text, as ranges of the ORIGINAL text, so the page can mark
 * 'Poción' for the query 'pocion'. The server compares folded text (the contract's foldText):
 * the text is folded here piece by piece (a character with its combining marks), remembering
 * which piece each folded character came from, and the folded query's occurrences are mapped
 * back. Queries of one or two characters match at the start only; longer ones anywhere.
 */
export function matchRanges(text: string, query: string): TextRange[] {
  const needle = foldText(query);
  if (!needle || !text) return [];
  let folded = '';
  const origin: TextRange[] = [];
  for (const piece of text.matchAll(/\P{M}\p{M}*/gu)) {
    const start = piece.index;
    const end = start + piece[0].length;
    let out: string;
    if (/^\s/u.test(piece[0])) {
      // Runs of white space fold to one space, and none at the start.
      out = folded === '' || folded.endsWith(' ') ? '' : ' ';
    } else {
      out = foldTextFully(piece[0]);
    }
    for (const _ of out) origin.push([start, end]);
    folded += out;
  }
  // Positions in `folded` are UTF-16 units; `origin` has one range per code point.
  const units = Array.from(folded);
  const unitToPoint: number[] = [];
  units.forEach((u, i) => {
    for (let k = 0; k < u.length; k += 1) unitToPoint.push(i);
  });
  const ranges: TextRange[] = [];
  const prefixOnly = Array.from(needle).length < MIN_SUBSTRING_LENGTH;
  let from = 0;
  for (;;) {
    const at = folded.indexOf(needle, from);
    if (at === -1 || (prefixOnly && at !== 0)) break;
    const first = origin[unitToPoint[at]!]!;
    const last = origin[unitToPoint[at + needle.length - 1]!]!;
    const previous = ranges[ranges.length - 1];
    if (previous && previous[1] >= first[0]) previous[1] = Math.max(previous[1], last[1]);
    else ranges.push([first[0], last[1]]);
    if (prefixOnly) break;
    from = at + needle.length;
  }
  return ranges;
}

/** The text cut into plain and matched parts, in order. */
export function splitByRanges(
  text: string,
  ranges: readonly TextRange[],
): Array<{ text: string; match: boolean }> {
  const parts: Array<{ text: string; match: boolean }> = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
