/**
 * Cells that a spreadsheet would run as a formula (`= + - @`, a tab or a carriage return first)
 * get a `'` before them; so do cells that already start with apostrophes followed by one of
 * those, so that `unguardFormula`, which removes exactly one `'`, gives back every value unchanged.
 */
const NEEDS_FORMULA_PREFIX = /^'*[=+\-@\t\r]/;
/** A cell as `guardFormula` wrote it: one `'` too many before a formula starter. */
const FORMULA_PREFIXED = /^'+[=+\-@\t\r]/;

/** The cell a spreadsheet shows as text, never runs (CSV and TSV exports). */
export function guardFormula(value: string): string {
  return NEEDS_FORMULA_PREFIX.test(value) ? `'${value}` : value;
}

/** Undoes `guardFormula` on a cell read back from our own export. */
export function unguardFormula(cell: string): string {
  return FORMULA_PREFIXED.test(cell) ? cell.slice(1) : cell;
}
