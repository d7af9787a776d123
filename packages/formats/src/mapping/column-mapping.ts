import {
  definitionFieldId,
  type EntryInput,
  type ImportMapping,
  isTermTarget,
  type Language,
  termImportTargets,
} from '@ludoterm/contract';
import { FormatError } from '../errors.ts';
import { blankEntry, cardFieldIds, type GlossaryLanguages, hasAnyTerm, setField } from '../model.ts';
import { applyRowTerms, isTermListTarget } from '../terms/read-terms.ts';
import { foldLabel, languageOfTag } from '../text/languages.ts';

/** The mapping value that drops a column. */
export const IGNORE = 'ignorar';

/** What a column header means, independent of the glossary's languages. */
type HeaderMeaning =
  | { kind: 'term'; lang: Language }
  | { kind: 'term-side'; side: 'origen' | 'meta' }
  | { kind: 'lang-field'; prefix: 'contexto_' | 'fuente_contexto_' | 'definicion_'; lang: Language | null }
  | { kind: 'field'; id: string }
  | { kind: 'other-terms'; lang: Language | null }
  | { kind: 'statuses'; lang: Language | null }
  | { kind: 'review' }
  | { kind: 'ignore' };

const FIELD_WORDS: Record<string, string> = {};
function words(id: string, labels: string[]): void {
  for (const label of labels) FIELD_WORDS[label] = id;
}
words('subindice', ['subindice', 'sentido', 'acepcion', 'sense', 'homonym']);
words('categoria', [
  'categoria',
  'categoria gramatical',
  'part of speech',
  'pos',
  'grammatical category',
  'word class',
  'grammar',
]);
words('area', ['area', 'ambito', 'dominio', 'domain', 'subject', 'subject field', 'field', 'tema', 'genero', 'genre']);
words('mecanismo', ['mecanismo', 'mecanismo de formacion', 'formation', 'term formation']);
words('definicion', ['definicion', 'definition', 'def', 'description', 'descripcion']);
words('fuente', ['fuente', 'fuente de la definicion', 'definition source', 'source of definition', 'reference', 'referencia']);
words('relaciones', ['relaciones', 'relacion', 'related', 'related terms', 'relations', 'see also', 'vease']);
words('variante', ['variante', 'variantes', 'variant', 'variants', 'synonym', 'synonyms', 'sinonimo', 'sinonimos']);
words('cuestiones_traductologicas', [
  'cuestiones traductologicas',
  'translation notes',
  'translation issues',
  'translator notes',
]);
words('notas', [
  'notas',
  'nota',
  'note',
  'notes',
  'comment',
  'comments',
  'comentario',
  'comentarios',
  'observaciones',
  'remarks',
]);

const CONTEXT_WORDS = new Set(['contexto', 'context', 'example', 'ejemplo', 'usage']);
const CONTEXT_SOURCE_WORDS = new Set(['fuente contexto', 'fuente del contexto', 'context source', 'source of context']);
const TERM_WORDS = new Set(['termino', 'term', 'terms', 'terminos', 'word', 'palabra']);
const ORIGIN_WORDS = new Set(['source', 'source term', 'origen', 'termino origen', 'term source', 'original', 'base']);
const TARGET_WORDS = new Set([
  'target',
  'target term',
  'translation',
  'traduccion',
  'meta',
  'termino meta',
  'equivalente',
  'equivalent',
]);
// Our CSV export's `otros_terminos_xx`, `estados_xx` and `estado_revision`, and other tools' names.
const OTHER_TERMS_WORDS = new Set(['otros terminos', 'other terms', 'mas terminos', 'more terms']);
const STATUS_WORDS = new Set([
  'estados',
  'term status',
  'estado del termino',
  'estados de los terminos',
  'usage status',
  'administrative status',
]);
// A bare `Status` is as often a workflow's (`new`, `approved`): a term status only beside a language.
const LANGUAGE_STATUS_WORDS = new Set(['status', 'estado']);
const REVIEW_WORDS = new Set(['estado revision', 'estado de revision', 'review status', 'review state', 'entry status']);
const IGNORE_WORDS = new Set([
  'id',
  'key',
  'clave',
  'identificador',
  'fecha',
  'date',
  'autor',
  'author',
  'created',
  'modified',
  'status',
  'estado',
  'ignorar',
]);

function meaningOf(header: string): HeaderMeaning | null {
  const label = foldLabel(header);
  if (label === '') return null;
  // `termino.es`, `Término (es)`, `Spanish term`, `es-ES`, `ENGLISH`.
  const parts = label.split(' ');
  const rest = parts.filter((w) => !TERM_WORDS.has(w));
  if (rest.length > 0 && rest.length <= 2) {
    const lang = languageOfTag(rest.join(' '));
    if (lang && (rest.length === 1 || rest[1]!.length === 2)) return { kind: 'term', lang };
  }
  // `Spanish status`, `English Status`: a language's term-level status column.
  const languageStatus = /^(\S+) (status|estado|estados)$/.exec(label);
  const statusLang = languageStatus ? languageOfTag(languageStatus[1]!) : null;
  if (statusLang) return { kind: 'statuses', lang: statusLang };
  const langSuffix = /^(.*) (es|en|fr|de)$/.exec(label);
  const base = langSuffix ? langSuffix[1]! : label;
  const lang = langSuffix ? (langSuffix[2] as Language) : null;
  if (CONTEXT_SOURCE_WORDS.has(base)) return { kind: 'lang-field', prefix: 'fuente_contexto_', lang };
  if (CONTEXT_WORDS.has(base)) return { kind: 'lang-field', prefix: 'contexto_', lang };
  if (OTHER_TERMS_WORDS.has(base)) return { kind: 'other-terms', lang };
  if (STATUS_WORDS.has(base) || (lang && LANGUAGE_STATUS_WORDS.has(base))) return { kind: 'statuses', lang };
  if (REVIEW_WORDS.has(label)) return { kind: 'review' };
  // `definicion_en`, `Definición (en)`, `Definition EN`: a language's definition.
  if (lang && FIELD_WORDS[base] === 'definicion') return { kind: 'lang-field', prefix: 'definicion_', lang };
  if (!langSuffix) {
    const id = FIELD_WORDS[label];
    if (id) return { kind: 'field', id };
    if (ORIGIN_WORDS.has(label) || TERM_WORDS.has(label)) return { kind: 'term-side', side: 'origen' };
    if (TARGET_WORDS.has(label)) return { kind: 'term-side', side: 'meta' };
    if (IGNORE_WORDS.has(label)) return { kind: 'ignore' };
  }
  return null;
}

/** What a header cell names as a comparable key (`term:es`, `field:area`…); `null` if unknown. */
export function headerMeaningKey(cell: string): string | null {
  const meaning = meaningOf(cell);
  if (meaning === null) return null;
  switch (meaning.kind) {
    case 'term':
      return `term:${meaning.lang}`;
    case 'term-side':
      return `side:${meaning.side}`;
    case 'lang-field':
      return `${meaning.prefix}${meaning.lang ?? ''}`;
    case 'field':
      return `field:${meaning.id}`;
    case 'other-terms':
      return `terms:${meaning.lang ?? ''}`;
    case 'statuses':
      return `statuses:${meaning.lang ?? ''}`;
    case 'review':
      return 'review';
    case 'ignore':
      return `ignore:${foldLabel(cell)}`;
  }
}

/** `Spanish (2)`: how `uniqueHeaders` names a repeated column, as memoQ repeats a language's. */
const REPEATED_HEADER = /\s*\(\d+\)$/;

/**
 * A proposed mapping for the client to pre-fill: each header's likeliest field, each field once,
 * except the notes and a repeated language column (another term of that language). A status
 * column without a language goes with the term column before it.
 */
export function suggestMapping(headers: readonly string[], langs: GlossaryLanguages): ImportMapping {
  const targets = allowedTargets(langs);
  const used = new Set<string>();
  const mapping: ImportMapping = {};
  let lastLang: Language | null = null;
  // A sheet naming the base language's definition (our export of the same languages the other
  // way round) has its plain «definicion» in the other language.
  const namesBaseDefinition = headers.some((h) => {
    const m = meaningOf(h);
    return m?.kind === 'lang-field' && m.prefix === 'definicion_' && m.lang === langs.idioma_origen;
  });
  for (const header of headers) {
    const repeated = REPEATED_HEADER.test(header);
    const meaning = meaningOf(repeated ? header.replace(REPEATED_HEADER, '') : header);
    let target: string = IGNORE;
    if (meaning?.kind === 'term') target = `termino.${meaning.lang}`;
    else if (meaning?.kind === 'term-side') {
      target = `termino.${meaning.side === 'origen' ? langs.idioma_origen : langs.idioma_meta}`;
    } else if (meaning?.kind === 'lang-field') {
      const lang = meaning.lang ?? langs.idioma_origen;
      // The base language's definition is the card's `definicion`.
      target = meaning.prefix === 'definicion_' && lang === langs.idioma_origen ? 'definicion' : `${meaning.prefix}${lang}`;
    }
    else if (meaning?.kind === 'field') {
      target = meaning.id === 'definicion' && namesBaseDefinition ? definitionFieldId(langs.idioma_meta) : meaning.id;
    }
    else if (meaning?.kind === 'other-terms') target = `otros_terminos.${meaning.lang ?? lastLang ?? langs.idioma_origen}`;
    else if (meaning?.kind === 'statuses' && (meaning.lang ?? lastLang)) target = `estados.${meaning.lang ?? lastLang}`;
    else if (meaning?.kind === 'review') target = 'estado_revision';
    const again = target === 'notas' || (repeated && target.startsWith('termino.'));
    if (!targets.has(target) || (!again && used.has(target))) target = IGNORE;
    if (target !== IGNORE) used.add(target);
    if (isTermTarget(target)) lastLang = target.slice(target.indexOf('.') + 1) as Language;
    mapping[header] = target;
  }
  return mapping;
}

/** Every target a column may go to: the card's fields, the term list's targets, `ignorar`. */
function allowedTargets(langs: GlossaryLanguages): Set<string> {
  return new Set([
    ...cardFieldIds(langs),
    ...termImportTargets(langs.idioma_origen, langs.idioma_meta).map((t) => t.id),
    IGNORE,
  ]);
}

export interface ColumnPlan {
  headers: string[];
  /** Per column index: the field id, or `null` to drop the column. */
  targets: (string | null)[];
  /** A file without headers: extra columns join the notes without labels. */
  positional?: boolean;
}

/** The plan of a file without headers: term base, term target, then notes. */
export function positionalPlan(columnCount: number, langs: GlossaryLanguages): ColumnPlan {
  const count = Math.max(columnCount, 1);
  const headers = Array.from({ length: count }, (_, i) => `Columna ${i + 1}`);
  const targets = headers.map((_, i) =>
    i === 0 ? `termino.${langs.idioma_origen}` : i === 1 ? `termino.${langs.idioma_meta}` : 'notas',
  );
  return { headers, targets, positional: true };
}

/** Checks a user's mapping against the headers and the card; else `MAPPING_INVALID`. */
export function planFromMapping(
  mapping: ImportMapping,
  headers: readonly string[],
  langs: GlossaryLanguages,
): ColumnPlan {
  const allowed = allowedTargets(langs);
  const present = new Set(headers);
  const normalized = new Map<string, string>();
  for (const [header, rawTarget] of Object.entries(mapping)) {
    const target = rawTarget.trim();
    const targetKey = allowed.has(target) ? target : target.toLowerCase();
    if (!allowed.has(targetKey)) {
      throw new FormatError(
        'MAPPING_INVALID',
        `La columna «${header}» está asignada a «${rawTarget}», que no es un campo de la ficha de este glosario. ` +
          `Asígnala a uno de estos: ${[...allowed].filter((t) => t !== IGNORE).join(', ')} o ${IGNORE}.`,
      );
    }
    if (!present.has(header) && targetKey !== IGNORE) {
      throw new FormatError(
        'MAPPING_INVALID',
        `El mapeo nombra la columna «${header}», que no está en el archivo. Las columnas detectadas son: ` +
          `${headers.map((h) => `«${h}»`).join(', ')}. Vuelve a pulsar Importar para ver las cabeceras y asígnalas de nuevo.`,
      );
    }
    normalized.set(header, targetKey);
  }
  const targets = headers.map((h) => {
    const t = normalized.get(h);
    return t === undefined || t === IGNORE ? null : t;
  });
  if (!targets.some((t) => t !== null && isTermTarget(t))) {
    throw new FormatError(
      'MAPPING_INVALID',
      `El mapeo no asigna ninguna columna a un término (termino.${langs.idioma_origen}, termino.${langs.idioma_meta} ` +
        `o sus otros términos, otros_terminos.${langs.idioma_origen} o otros_terminos.${langs.idioma_meta}). ` +
        'Asigna al menos la columna del término y vuelve a importar.',
    );
  }
  return { headers: [...headers], targets };
}

/** One non-empty cell of a row: the field it goes to, its column's header and its value. */
export interface RowField {
  target: string;
  header: string;
  value: string;
}

/** The non-empty cells of a row that the plan keeps, in column order. */
export function rowFields(values: readonly (string | null)[], plan: ColumnPlan): RowField[] {
  const fields: RowField[] = [];
  plan.targets.forEach((target, index) => {
    const value = values[index];
    if (target === null || value === null || value === undefined) return;
    fields.push({ target, header: plan.headers[index] ?? '', value });
  });
  return fields;
}

/** The entry of one row of cleaned values (see `entryFromFields`). */
export function entryFromRow(
  values: readonly (string | null)[],
  plan: ColumnPlan,
  langs: GlossaryLanguages,
  avisos: string[] = [],
): EntryInput | null {
  const labelNotes = !plan.positional && plan.targets.filter((t) => t === 'notas').length > 1;
  return entryFromFields(rowFields(values, plan), langs, labelNotes, avisos);
}

/**
 * The entry of a row's fields; with `labelNotes` (several columns feed `notas`) the notes become
 * `Cabecera: valor` lines, other shared fields join with line breaks; terms, statuses and the
 * review state go to the term list (applyRowTerms, which adds to `avisos` what it read
 * differently). `null` when the row has no term.
 */
export function entryFromFields(
  fields: readonly RowField[],
  langs: GlossaryLanguages,
  labelNotes: boolean,
  avisos: string[],
): EntryInput | null {
  const collected = new Map<string, RowField[]>();
  for (const field of fields) {
    if (isTermListTarget(field.target)) continue;
    let list = collected.get(field.target);
    if (!list) {
      list = [];
      collected.set(field.target, list);
    }
    list.push(field);
  }
  const entry = blankEntry(langs);
  for (const [target, list] of collected) {
    const labelled = target === 'notas' && labelNotes;
    const text = list.map((item) => (labelled ? `${item.header}: ${item.value}` : item.value)).join('\n');
    setField(entry, target, text);
  }
  applyRowTerms(entry, fields, langs, avisos);
  return hasAnyTerm(entry, langs) ? entry : null;
}
