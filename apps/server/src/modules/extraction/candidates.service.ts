import {
  CATEGORY_LABELS_ES,
  contextFieldId,
  contextSourceFieldId,
  es,
  format,
  type AddCandidatesAnswer,
  type AddCandidatesInput,
  type CandidateInput,
  TERMS_PER_ENTRY_MAX,
  termIdentity,
  type EntryInput,
  type Language,
  type TermInput,
} from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { foldText } from '../../lib/text-folding.ts';
import { insertEntries, type NewEntry } from '../entries/index.ts';
import { languagesOf } from '../card/index.ts';
import { authorizeGlossary } from '../glossaries/index.ts';
import { displayNameOf } from '../users/index.ts';
import { listExistingTerms } from './extraction.repository.ts';

function clean(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

const sameTerm = (a: string, b: string) => termIdentity(a) === termIdentity(b);

/**
 * The DocuTerm card of a candidate (CONTRACT.md, Extractor). The other surface forms merged
 * under its headword become admitted terms of type `variante`, never the headword again.
 */
export function candidateToEntry(
  candidate: CandidateInput,
  language: Language,
  other: Language,
  fuente: string,
): EntryInput {
  const contexto = clean(candidate.contexto);
  const headword = clean(candidate.termino[language]);
  const translation = clean(candidate.termino[other]);
  const forms: string[] = [];
  for (const form of candidate.variante ?? []) {
    const text = form.trim();
    if (text && !(headword && sameTerm(text, headword)) && !forms.some((f) => sameTerm(f, text))) {
      forms.push(text);
    }
  }
  const terminos: TermInput[] = [];
  if (headword) terminos.push({ idioma: language, termino: headword, estado: 'preferido' });
  // The list holds at most TERMS_PER_ENTRY_MAX terms, the headword and a translation included.
  for (const form of forms.slice(0, TERMS_PER_ENTRY_MAX - 2)) {
    terminos.push({ idioma: language, termino: form, estado: 'admitido', tipo: 'variante' });
  }
  if (translation) terminos.push({ idioma: other, termino: translation, estado: 'preferido' });
  return {
    termino: { [language]: headword, [other]: translation },
    ...(forms.length > 0 && headword ? { terminos } : {}),
    categoria: candidate.categoria ? CATEGORY_LABELS_ES[candidate.categoria] : null,
    definicion: clean(candidate.definicion),
    notas: clean(candidate.notas),
    [contextFieldId(language)]: contexto,
    [contextSourceFieldId(language)]: contexto ? fuente : null,
  };
}

/**
 * `POST /glosarios/{ns}/entradas/candidatos`: adds candidates as cards in one transaction,
 * skipping those whose term pair (or, untranslated, whose term) the glossary already holds.
 */
export async function addCandidates(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  input: AddCandidatesInput,
): Promise<AddCandidatesAnswer> {
  const { glossary } = await authorizeGlossary(db, user, nombreSeguro, 'write');
  const langs = languagesOf(glossary);
  const language = input.idioma;
  if (language !== langs.origen && language !== langs.meta) {
    throw new AppError(
      'LANGUAGE_MISMATCH',
      format(es.extractor.glossaryLacksLanguage, {
        name: glossary.nombre,
        origen: langs.origen,
        meta: langs.meta,
        lang: language,
      }),
    );
  }
  const other = language === langs.origen ? langs.meta : langs.origen;
  const fuente = clean(input.fuente) ?? es.extractor.pastedText;
  const cards = input.candidatos.map((candidate, index) => {
    const card = candidateToEntry(candidate, language, other, fuente);
    if (!card.termino?.[language]) {
      throw new AppError(
        'VALIDATION_FAILED',
        format(es.extractor.candidateTermMissing, { n: index + 1, lang: language }),
      );
    }
    return card;
  });

  const actor = { id: user.id, nombre: displayNameOf(user) };
  return db.transaction().execute(async (tx) => {
    const folded = cards.map((card) => foldText(card.termino![language]!));
    const existing = await listExistingTerms(
      tx,
      glossary.id,
      language === langs.origen ? 'origen' : 'meta',
      folded,
    );
    const known = new Set(existing.map((e) => e.plegado));
    const chosen: Array<{ index: number; entry: NewEntry }> = [];
    cards.forEach((card, index) => {
      if (!card.termino![other] && known.has(folded[index]!)) return;
      chosen.push({ index, entry: { input: card } });
    });
    const result = await insertEntries(
      tx,
      glossary,
      chosen.map((c) => c.entry),
      actor,
      { skipDuplicates: true },
    );
    const entryIds: Array<number | null> = cards.map(() => null);
    chosen.forEach((c, i) => {
      entryIds[c.index] = result.ids[i] ?? null;
    });
    return {
      añadidas: result.inserted,
      omitidas: cards.length - result.inserted,
      resultados: input.candidatos.map((candidate, index) => ({
        id: candidate.id ?? null,
        entrada_id: entryIds[index] ?? null,
      })),
    };
  });
}
