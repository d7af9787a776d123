/** Words as the extractor counts them: runs of letters or digits, inner apostrophes and hyphens kept. */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Running words of a pasted text (the live count under the text box). */
export function countWords(text: string): number {
  let n = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text) !== null) n += 1;
  return n;
}
