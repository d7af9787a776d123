import type { ReferenceFrequencies } from '../resources.ts';

/**
 * How unlike general-language words a word's spelling is: the mean surprise (bits per character)
 * of its letter trigrams under a model of the language's most frequent words. Greek and Latin
 * formations ("electrocardiograma", "hydrodynamic") score high, everyday words low.
 */
export interface Technicality {
  of(lowerWord: string): number;
}

/** Words of the reference list the letter model is learnt from (most frequent first). */
const MODEL_WORDS = 30_000;
const ALPHABET = 64;
/** Scores kept between calls (a long-running server sees many words). */
const MAX_REMEMBERED = 200_000;

const cache = new WeakMap<ReferenceFrequencies, Technicality>();

export function technicalityFor(reference: ReferenceFrequencies): Technicality {
  let model = cache.get(reference);
  if (model === undefined) {
    model = buildModel(reference.words.slice(0, MODEL_WORDS));
    cache.set(reference, model);
  }
  return model;
}

function buildModel(words: readonly string[]): Technicality {
  const trigrams = new Map<string, number>();
  const bigrams = new Map<string, number>();
  for (const word of words) {
    const padded = `^^${word}$`;
    for (let i = 2; i < padded.length; i += 1) {
      const tri = padded.slice(i - 2, i + 1);
      const bi = padded.slice(i - 2, i);
      trigrams.set(tri, (trigrams.get(tri) ?? 0) + 1);
      bigrams.set(bi, (bigrams.get(bi) ?? 0) + 1);
    }
  }
  const seen = new Map<string, number>();
  return {
    of(lowerWord: string): number {
      let bits = seen.get(lowerWord);
      if (bits === undefined) {
        const padded = `^^${lowerWord}$`;
        let sum = 0;
        for (let i = 2; i < padded.length; i += 1) {
          const tri = trigrams.get(padded.slice(i - 2, i + 1)) ?? 0;
          const bi = bigrams.get(padded.slice(i - 2, i)) ?? 0;
          // Add-half smoothing over an alphabet of about 64 symbols.
          sum -= Math.log2((tri + 0.5) / (bi + 0.5 * ALPHABET));
        }
        bits = sum / Math.max(1, padded.length - 2);
        if (seen.size >= MAX_REMEMBERED) seen.clear();
        seen.set(lowerWord, bits);
      }
      return bits;
    },
  };
}
