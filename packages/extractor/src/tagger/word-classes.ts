// Parts of speech a dictionary gives a lemma (Spanish WordNet), so the tagger can tell nouns,
// verbs and adjectives it never saw in the treebanks. Shipped inside the tagger model file.

/** Bit flags of the parts of speech a lemma has. */
export const WORD_CLASS = { noun: 1, verb: 2, adjective: 4, adverb: 8 } as const;

/** Word-class bits of a lower-case lemma; 0 when the dictionary lacks it. */
export type WordClassLookup = (lower: string) => number;

const POS_BITS: Readonly<Record<string, number>> = { n: WORD_CLASS.noun, v: WORD_CLASS.verb, a: WORD_CLASS.adjective, s: WORD_CLASS.adjective, r: WORD_CLASS.adverb };

/** Single-word lemmas of an Open Multilingual Wordnet tab file (`offset-pos<TAB>lemma<TAB>word`). */
export function parseWordNetTab(text: string): Map<string, number> {
  const classes = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const [synset, kind, lemma] = line.split('\t');
    if (synset === undefined || kind !== 'lemma' || lemma === undefined) continue;
    const word = lemma.trim().toLowerCase();
    const bits = POS_BITS[synset.slice(synset.lastIndexOf('-') + 1)];
    if (bits === undefined || word === '' || /[\s_]/.test(word)) continue;
    classes.set(word, (classes.get(word) ?? 0) | bits);
  }
  return classes;
}

/** `word<TAB>bits` lines in code-point order: the model file compresses them. */
export function encodeWordClasses(classes: ReadonlyMap<string, number>): string {
  return [...classes]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([word, bits]) => `${word}\t${bits.toString(16)}`)
    .join('\n');
}

export function decodeWordClasses(text: string): Map<string, number> {
  const classes = new Map<string, number>();
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) classes.set(line.slice(0, tab), parseInt(line.slice(tab + 1), 16));
  }
  return classes;
}

/** Endings a Spanish verb form can carry after its stem, longest first. */
export const SPANISH_VERB_ENDINGS = [
  'ándose', 'iéndose', 'aremos', 'eremos', 'iremos', 'aríamos', 'aron', 'ieron', 'ando', 'iendo', 'aban', 'ados', 'adas',
  'idos', 'idas', 'arán', 'erán', 'irán', 'aría', 'ería', 'iría', 'amos', 'emos', 'imos', 'aba', 'ado', 'ada', 'ido', 'ida',
  'ían', 'ará', 'erá', 'irá', 'an', 'en', 'as', 'es', 'ía', 'ió', 'ar', 'er', 'ir', 'a', 'e', 'o', 'ó',
];
const PARTICIPLE_RE = /(?:ad|id)(?:o|a|os|as)$/;

/** Lemmas a Spanish form may have as a noun or adjective: its singular and masculine forms. */
function nominalLemmas(lower: string): string[] {
  const lemmas: string[] = [];
  let singular = lower;
  if (lower.endsWith('ces')) singular = `${lower.slice(0, -3)}z`;
  else if (/[^aeiouáéíóú]es$/.test(lower)) singular = lower.slice(0, -2);
  else if (lower.endsWith('s')) singular = lower.slice(0, -1);
  if (singular !== lower) lemmas.push(singular);
  if (lower.endsWith('es') && singular !== lower.slice(0, -1)) lemmas.push(lower.slice(0, -1));
  if (singular.endsWith('a')) lemmas.push(`${singular.slice(0, -1)}o`);
  return lemmas;
}

/**
 * A small number summing up what the dictionary says of a form: the classes of the form itself,
 * of its singular/masculine lemma, whether it may be a form of a dictionary verb and whether it
 * may be that verb's participle.
 */
export function wordClassSignature(lower: string, lookup: WordClassLookup): number {
  const own = lookup(lower);
  let lemma = 0;
  for (const candidate of nominalLemmas(lower)) lemma |= lookup(candidate);
  let verb = 0;
  for (const ending of SPANISH_VERB_ENDINGS) {
    if (!lower.endsWith(ending) || lower.length - ending.length < 2) continue;
    const stem = lower.slice(0, lower.length - ending.length);
    if (((lookup(`${stem}ar`) | lookup(`${stem}er`) | lookup(`${stem}ir`)) & WORD_CLASS.verb) !== 0) {
      verb = PARTICIPLE_RE.test(lower) ? 2 : 1;
      break;
    }
  }
  return own | (lemma << 4) | (verb << 8);
}
