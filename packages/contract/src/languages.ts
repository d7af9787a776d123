import { z } from 'zod';

/** Languages a glossary can have as base (origen) or target (meta). */
export const LANGUAGES = ['es', 'en', 'fr', 'de'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** Spanish names of the languages, as the selectors show them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  es: 'Español',
  en: 'Inglés',
  fr: 'Francés',
  de: 'Alemán',
};

export const DEFAULT_SOURCE_LANGUAGE: Language = 'es';
export const DEFAULT_TARGET_LANGUAGE: Language = 'en';
