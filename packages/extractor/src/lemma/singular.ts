import type { Lemmatizer } from './lemmatizer.ts';

// Spanish plurals in -as/-os are the singular plus "s" whatever the gender; in -es the singular is
// the lemma ("finales" → "final", "pociones" → "poción"), where gender does not show.
const SPANISH_VOWEL_PLURAL_RE = /[ao]s$/;

/**
 * The singular of a lower-case noun or adjective with its gender kept ("armas" → "arma",
 * "arrojadizas" → "arrojadiza", "pociones" → "poción"); the form itself when it is not plural.
 */
export function singularOf(lower: string, upos: 'NOUN' | 'ADJ', lemmatizer: Lemmatizer): string {
  // English adjectives have no number; English nouns' lemma is their singular ("geese" → "goose").
  if (lemmatizer.language === 'en')
    return upos === 'NOUN' ? lemmatizer.lemma(lower, 'NOUN') : lower;
  if (!lower.endsWith('s')) return lower;
  const lemma = lemmatizer.lemma(lower, upos);
  if (lemma === lower || lemma === '') return lower;
  if (lemmatizer.language === 'es' && SPANISH_VOWEL_PLURAL_RE.test(lower))
    return lower.slice(0, -1);
  return lemma;
}
