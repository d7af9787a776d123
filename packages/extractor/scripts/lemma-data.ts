// What the lemmatiser's training and evaluation scripts share: the UD manifest, the held-out
// files, and lemma accuracy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LemmaToken } from '../src/lemma/conllu-lemmas.ts';
import type { Lemmatizer } from '../src/lemma/lemmatizer.ts';

export type Language = 'es' | 'en';

export const HELD_OUT_FILES: Record<Language, string> = {
  es: 'es_ancora-test-642d3bc3.conllu',
  en: 'en_ewt-test-2fcdab1f.conllu',
};
/** The treebank whose lemma conventions win, as for the tagger. */
export const MAIN_TREEBANK: Record<Language, string> = {
  es: 'UD_Spanish-AnCora',
  en: 'UD_English-EWT',
};

export interface ManifestRow {
  file: string;
  lang: string;
  role: string;
  treebank: string;
  licence: string;
}

export function readManifest(dataDir: string): ManifestRow[] {
  const [header, ...lines] = readFileSync(join(dataDir, 'ud', 'manifest.tsv'), 'utf8')
    .trim()
    .split('\n');
  const columns = (header ?? '').split('\t');
  const at = (name: string) => columns.indexOf(name);
  return lines.map((line) => {
    const cells = line.split('\t');
    return {
      file: cells[at('file')] ?? '',
      lang: cells[at('lang')] ?? '',
      role: cells[at('role')] ?? '',
      treebank: cells[at('treebank')] ?? '',
      licence: cells[at('licence')] ?? '',
    };
  });
}

/** The training files of a language, in name order; the held-out test files never appear. */
export function trainingRows(dataDir: string, language: Language): ManifestRow[] {
  const held = new Set(Object.values(HELD_OUT_FILES));
  return readManifest(dataDir)
    .filter((r) => r.lang === language && r.role === 'train' && !held.has(r.file))
    .sort((a, b) => a.file.localeCompare(b.file));
}

export interface LemmaScore {
  words: number;
  correct: number;
  /** Case-sensitive agreement, for reference (treebanks disagree on proper nouns' case). */
  correctExactCase: number;
  /** Words whose form the lexicon did not hold under the tag used. */
  unseen: number;
  unseenCorrect: number;
  errors: Map<string, number>;
}

/**
 * Lemma accuracy over syntactic words with a lemma, compared case-insensitively: GSD writes
 * proper nouns' lemmas in lower case, AnCora and EWT as the form, and headwords take their case
 * from the text, not from the lemma.
 */
export function scoreLemmas(
  lemmatizer: Lemmatizer,
  sentences: ReadonlyArray<readonly LemmaToken[]>,
  tagsOf: (sentence: readonly LemmaToken[]) => readonly string[] = (s) => s.map((t) => t.upos),
): LemmaScore {
  const score: LemmaScore = {
    words: 0,
    correct: 0,
    correctExactCase: 0,
    unseen: 0,
    unseenCorrect: 0,
    errors: new Map(),
  };
  for (const sentence of sentences) {
    const tags = tagsOf(sentence);
    sentence.forEach((token, i) => {
      if (token.lemma === '_' || token.lemma === '') return;
      const upos = tags[i] as string;
      const predicted = lemmatizer.lemma(token.form, upos);
      const ok = predicted.toLowerCase() === token.lemma.toLowerCase();
      const seen = lemmatizer.isKnown(token.form, upos);
      score.words += 1;
      if (ok) score.correct += 1;
      if (predicted === token.lemma) score.correctExactCase += 1;
      if (!seen) {
        score.unseen += 1;
        if (ok) score.unseenCorrect += 1;
      }
      if (!ok) {
        const key = `${token.form}/${upos} → ${predicted} (UD: ${token.lemma})`;
        score.errors.set(key, (score.errors.get(key) ?? 0) + 1);
      }
    });
  }
  return score;
}
