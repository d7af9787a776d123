import type { EntryInput, ImportMapping, Language } from '@ludoterm/contract';
import { FormatError } from '../errors.ts';
import { blankEntry, cardFieldIds, type GlossaryLanguages, setField } from '../model.ts';
import { foldLabel, languageOfTag } from '../text/languages.ts';

/** The mapping value that drops a column. */
export const IGNORE = 'ignorar';

/** What a column header means, independent of the glossary's languages. */
type HeaderMeaning =
  | { kind: 'term'; lang: Language }
  | { kind: 'term-side'; side: 'origen' | 'meta' }
  | { kind: 'lang-field'; prefix: 'contexto_' | 'fuente_contexto_'; lang: Language | null }
  | { kind: 'field'; id: string }
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
  const langSuffix = /^(.*) (es|en|fr|de)$/.exec(label);
  const base = langSuffix ? langSuffix[1]! : label;
  const lang = langSuffix ? (langSuffix[2] as Language) : null;
  if (CONTEXT_SOURCE_WORDS.has(base)) return { kind: 'lang-field', prefix: 'fuente_contexto_', lang };
  if (CONTEXT_WORDS.has(base)) return { kind: 'lang-field', prefix: 'contexto_', lang };
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
    case 'ignore':
      return `ignore:${foldLabel(cell)}`;
  }
}

/** A proposed mapping for the client to pre-fill: each header's likeliest field, each term once. */
export function suggestMapping(headers: readonly string[], langs: GlossaryLanguages): ImportMapping {
  const fields = new Set(cardFieldIds(langs));
  const used = new Set<string>();
  const mapping: ImportMapping = {};
  for (const header of headers) {
    const meaning = meaningOf(header);
    let target: string = IGNORE;
    if (meaning?.kind === 'term') target = `termino.${meaning.lang}`;
    else if (meaning?.kind === 'term-side') {
      target = `termino.${meaning.side === 'origen' ? langs.idioma_origen : langs.idioma_meta}`;
    } else if (meaning?.kind === 'lang-field') target = `${meaning.prefix}${meaning.lang ?? langs.idioma_origen}`;
    else if (meaning?.kind === 'field') target = meaning.id;
    if (!fields.has(target) || (target !== 'notas' && used.has(target))) target = IGNORE;
    if (target !== IGNORE) used.add(target);
    mapping[header] = target;
  }
  return mapping;
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
  const fields = cardFieldIds(langs);
  const allowed = new Set([...fields, IGNORE]);
  const present = new Set(headers);
  const normalized = new Map<string, string>();
  for (const [header, rawTarget] of Object.entries(mapping)) {
    const target = rawTarget.trim();
    const targetKey = allowed.has(target) ? target : target.toLowerCase();
    if (!allowed.has(targetKey)) {
      throw new FormatError(
        'MAPPING_INVALID',
        `La columna «${header}» está asignada a «${rawTarget}», que no es un campo de la ficha de este glosario. ` +
          `Asígnala a uno de estos: ${fields.join(', ')} o ${IGNORE}.`,
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
  if (!targets.some((t) => t?.startsWith('termino.'))) {
    throw new FormatError(
      'MAPPING_INVALID',
      `El mapeo no asigna ninguna columna a un término (termino.${langs.idioma_origen} o termino.${langs.idioma_meta}). ` +
        'Asigna al menos la columna del término y vuelve a importar.',
    );
  }
  return { headers: [...headers], targets };
}

/**
 * The entry of one row of cleaned values; several columns feeding `notas` become `Cabecera: valor`
 * lines, other shared fields join with line breaks. `null` when the row has no term.
 */
export function entryFromRow(
  values: readonly (string | null)[],
  plan: ColumnPlan,
  langs: GlossaryLanguages,
): EntryInput | null {
  const collected = new Map<string, { header: string; value: string }[]>();
  plan.targets.forEach((target, index) => {
    if (target === null) return;
    const value = values[index];
    if (value === null || value === undefined) return;
    let list = collected.get(target);
    if (!list) {
      list = [];
      collected.set(target, list);
    }
    list.push({ header: plan.headers[index] ?? '', value });
  });
  const entry = blankEntry(langs);
  const notesColumns = plan.targets.filter((t) => t === 'notas').length;
  for (const [target, list] of collected) {
    const labelled = target === 'notas' && notesColumns > 1 && !plan.positional;
    const text = list.map((item) => (labelled ? `${item.header}: ${item.value}` : item.value)).join('\n');
    setField(entry, target, text);
  }
  const terms = entry.termino ?? {};
  if (!terms[langs.idioma_origen] && !terms[langs.idioma_meta]) return null;
  return entry;
}
