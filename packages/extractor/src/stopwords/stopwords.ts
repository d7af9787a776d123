import { ENGLISH_STOPWORDS } from './stopwords-en.ts';
import { SPANISH_STOPWORDS } from './stopwords-es.ts';

export type StopwordLanguage = 'es' | 'en';

/** The built-in stopword list of a language ("predeterminadas"). */
export function defaultStopwords(language: StopwordLanguage): readonly string[] {
  return language === 'es' ? SPANISH_STOPWORDS : ENGLISH_STOPWORDS;
}

const EDGE_PUNCTUATION_RE = /^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu;

/** Reads a user's stopword list (any usual separator, `#` comments): distinct lower-case words. */
export function parseStopwords(text: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    if (line.trimStart().startsWith('#')) continue;
    for (const piece of line.split(/[\s,;]+/u)) {
      const word = piece.replace(EDGE_PUNCTUATION_RE, '').toLowerCase().normalize('NFC');
      if (word === '' || seen.has(word)) continue;
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

// Accents go, the tilde of ñ stays ("año" is not "ano").
const ACCENT_RE = /[\u0300-\u0302\u0304-\u036f]/g;

/** Lower case without accents: the form stopwords are compared in ("solo" matches "sólo"). */
export function foldForStopwords(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(ACCENT_RE, '').normalize('NFC');
}

/** A set of stopwords matched case- and accent-insensitively. */
export class StopwordSet {
  private readonly words: ReadonlySet<string>;

  constructor(words: Iterable<string>) {
    const folded = new Set<string>();
    for (const word of words) folded.add(foldForStopwords(word));
    this.words = folded;
  }

  has(word: string): boolean {
    return this.words.has(foldForStopwords(word));
  }

  get size(): number {
    return this.words.size;
  }
}
