// The one folding lives in the contract, so the web app highlights with the very function the
// index and the queries use.
import { foldText } from '@ludoterm/contract';

export { foldText, foldTextFully } from '@ludoterm/contract';

/** URL-safe slug: folded, non-alphanumerics to '-', trimmed of dashes. */
export function slugify(value: string): string {
  return foldText(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
