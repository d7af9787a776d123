import { TAG_INDEX } from './features.ts';

/** A sentence of a UD treebank: its syntactic words and their UPOS tags (indices of UPOS_TAGS). */
export interface TaggedSentence {
  forms: string[];
  tags: Uint8Array;
}

/** The syntactic words of a CoNLL-U file; multiword ranges and empty nodes are skipped. */
export function parseConllu(text: string): TaggedSentence[] {
  const sentences: TaggedSentence[] = [];
  let forms: string[] = [];
  let tags: number[] = [];
  const close = () => {
    if (forms.length > 0) sentences.push({ forms, tags: Uint8Array.from(tags) });
    forms = [];
    tags = [];
  };
  for (const rawLine of text.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line === '') {
      close();
      continue;
    }
    if (line.startsWith('#')) continue;
    const tab1 = line.indexOf('\t');
    const id = line.slice(0, tab1);
    if (id.includes('-') || id.includes('.')) continue;
    const columns = line.split('\t');
    const form = columns[1];
    const upos = columns[3];
    if (form === undefined || upos === undefined) throw new Error(`Línea CoNLL-U incompleta: ${line.slice(0, 80)}`);
    const tag = TAG_INDEX[upos];
    if (tag === undefined) throw new Error(`Etiqueta UPOS desconocida: ${upos}`);
    forms.push(form);
    tags.push(tag);
  }
  close();
  return sentences;
}

/** Reads the compact fixture format: one `form<TAB>UPOS` per line, a blank line between sentences. */
export function parseFormTagLines(text: string): TaggedSentence[] {
  const sentences: TaggedSentence[] = [];
  let forms: string[] = [];
  let tags: number[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      if (forms.length > 0) sentences.push({ forms, tags: Uint8Array.from(tags) });
      forms = [];
      tags = [];
      continue;
    }
    const [form, upos] = line.split('\t');
    const tag = upos === undefined ? undefined : TAG_INDEX[upos];
    if (form === undefined || tag === undefined) throw new Error(`Línea no válida: ${line.slice(0, 80)}`);
    forms.push(form);
    tags.push(tag);
  }
  if (forms.length > 0) sentences.push({ forms, tags: Uint8Array.from(tags) });
  return sentences;
}
