import type { Language } from '@ludoterm/contract';
import type { GlossaryLanguages } from '../model.ts';

/** Lower-case, accents removed: how labels and language names are compared. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Folded, with every run of non-alphanumerics as one space: `Fuente del contexto (es)` → `fuente del contexto es`. */
export function foldLabel(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const LANGUAGE_WORDS: Record<string, Language> = {
  es: 'es',
  spa: 'es',
  esl: 'es',
  spanish: 'es',
  espanol: 'es',
  castellano: 'es',
  en: 'en',
  eng: 'en',
  english: 'en',
  ingles: 'en',
  fr: 'fr',
  fra: 'fr',
  fre: 'fr',
  french: 'fr',
  frances: 'fr',
  francais: 'fr',
  de: 'de',
  deu: 'de',
  ger: 'de',
  german: 'de',
  aleman: 'de',
  deutsch: 'de',
};

/**
 * The LudoTerm language of a language tag or name, region and script ignored: `es-ES`, `es_MX`,
 * `ES`, `spa`, `Spanish`, `Español` → `es`. `null` for any other language.
 */
export function languageOfTag(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const known = tagCache.get(tag);
  if (known !== undefined) return known;
  const first = foldLabel(tag).split(' ')[0] ?? '';
  const lang = LANGUAGE_WORDS[first] ?? null;
  // A file repeats the same few tags on every unit; keep the cache small whatever the input.
  if (tagCache.size > 256) tagCache.clear();
  tagCache.set(tag, lang);
  return lang;
}

const tagCache = new Map<string, Language | null>();

/** The glossary language a tag stands for, or `null` when it is neither of the two. */
export function matchLanguage(tag: string | null | undefined, langs: GlossaryLanguages): Language | null {
  const lang = languageOfTag(tag);
  return lang === langs.idioma_origen || lang === langs.idioma_meta ? lang : null;
}
