import type { ImportPlan } from '../import-plan.ts';
import { iterateText, peekText, type TextSource } from '../text/byte-source.ts';
import { DelimitedParser, type DelimitedRow } from './delimited-parser.ts';
import { isBlankRow, readTable, type TableOptions } from './read-table.ts';

export interface ReadDelimitedOptions extends TableOptions {
  /** Both formats remove the `'` our exports put before formula-like cells (unguardFormula). */
  formato: 'csv' | 'tsv';
}

const DELIMITERS = [',', ';', '\t'] as const;
const DETECTION_CHARS = 64 * 1024;
const DETECTION_LINES = 50;

/**
 * The delimiter (comma, semicolon or tab) that splits the first record and most records after it
 * into the same number of fields, parsing quotes as the reader will; ties go to `fallback`.
 */
export function detectDelimiter(sample: string, fallback: string, complete = false): string {
  type Score = { d: string; consistent: number; mode: number; width: number };
  const scores: Score[] = [];
  // The format's own delimiter first, so it wins ties.
  for (const d of [fallback, ...DELIMITERS.filter((c) => c !== fallback)]) {
    const parser = new DelimitedParser(d);
    let rows: DelimitedRow[];
    try {
      rows = parser.push(sample);
      if (complete) rows.push(...parser.end());
    } catch {
      continue;
    }
    const widths = rows
      .filter((row) => !isBlankRow(row) && !row.cells[0]?.startsWith('#'))
      .slice(0, DETECTION_LINES)
      .map((row) => row.cells.length);
    const first = widths[0] ?? 0;
    const consistent = first >= 2 ? widths.filter((w) => w === first).length : 0;
    const frequency = new Map<number, number>();
    for (const w of widths) if (w >= 2) frequency.set(w, (frequency.get(w) ?? 0) + 1);
    let mode = 0;
    let width = 0;
    for (const [w, f] of frequency) {
      if (f > mode || (f === mode && w > width)) {
        mode = f;
        width = w;
      }
    }
    scores.push({ d, consistent, mode, width });
  }
  let best: Score | undefined;
  for (const score of scores) {
    if (
      !best ||
      score.consistent > best.consistent ||
      (score.consistent === best.consistent && score.mode > best.mode)
    ) {
      best = score;
    }
  }
  return best && best.mode > 0 ? best.d : fallback;
}

/** The rows of a delimited text, in batches: those each chunk of text completed. */
async function* parseRows(text: AsyncIterable<string>, delimiter: string): AsyncGenerator<DelimitedRow[]> {
  const parser = new DelimitedParser(delimiter);
  for await (const chunk of text) yield parser.push(chunk);
  yield parser.end();
}

/** Reads a CSV or TSV file; a `#` line is a comment only when it has fewer fields than the data. */
export async function readDelimited(source: TextSource, options: ReadDelimitedOptions): Promise<ImportPlan> {
  const { head, text } = await peekText(iterateText(source), DETECTION_CHARS);
  const fallback = options.formato === 'tsv' ? '\t' : ',';
  const delimiter = detectDelimiter(head, fallback, head.length < DETECTION_CHARS);
  return readTable(
    { rows: parseRows(text, delimiter), place: 'línea', isText: true, emptyHint: ' o el delimitador del archivo' },
    options,
  );
}
