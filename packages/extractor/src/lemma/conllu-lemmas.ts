/** A syntactic word of a UD treebank with its lemma. */
export interface LemmaToken {
  form: string;
  lemma: string;
  upos: string;
}

/** The sentences of a CoNLL-U file as (form, lemma, UPOS); multiword ranges and empty nodes are skipped. */
export function parseConlluLemmas(text: string): LemmaToken[][] {
  const sentences: LemmaToken[][] = [];
  let current: LemmaToken[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line === '') {
      if (current.length > 0) sentences.push(current);
      current = [];
      continue;
    }
    if (line.startsWith('#')) continue;
    const columns = line.split('\t');
    const id = columns[0] ?? '';
    if (id.includes('-') || id.includes('.')) continue;
    const [, form, lemma, upos] = columns;
    if (form === undefined || lemma === undefined || upos === undefined)
      throw new Error(`Línea CoNLL-U incompleta: ${line.slice(0, 80)}`);
    current.push({ form, lemma, upos });
  }
  if (current.length > 0) sentences.push(current);
  return sentences;
}
