import {
  CARD_TEXT_FIELDS,
  type EntryInput,
  type ImportMapping,
  LANGUAGES,
  rebaseDefinitions,
  type TermInput,
} from '@ludoterm/contract';
import { BatchCursor } from '../batch-cursor.ts';
import { EntryStream, type ReadItem } from '../entry-stream.ts';
import { FormatError } from '../errors.ts';
import { SAMPLE_ROWS, type ImportPlan } from '../import-plan.ts';
import { entryFromRow, planFromMapping, suggestMapping } from '../mapping/column-mapping.ts';
import { blankEntry, type GlossaryLanguages, hasAnyTerm, nonTermFieldIds, setField } from '../model.ts';
import { applyReviewState, termStatusOf, withoutRepeatedTerms } from '../terms/read-terms.ts';
import { unknownStatusWarning } from '../terms/term-warnings.ts';
import { iterateText, type TextSource } from '../text/byte-source.ts';
import { type JsonEvent, JsonScanner } from './json-scanner.ts';
import { JSON_EXPORT_FORMAT } from './write-json.ts';

export interface ReadJsonOptions extends GlossaryLanguages {
  mapping?: ImportMapping | undefined;
}

/** Keys an object may have and still be an entry (any languages' card fields, server fields). */
const ENTRY_KEYS = new Set<string>([
  'termino',
  'terminos',
  'estado_revision',
  'id_externo',
  'registro_original',
  ...CARD_TEXT_FIELDS,
  ...LANGUAGES.flatMap((l) => [`termino.${l}`, `contexto_${l}`, `fuente_contexto_${l}`, `definicion_${l}`]),
  'comentarios_privados',
  'id',
  'autor',
  'fecha_creacion',
  'created_at',
  'updated_at',
  'origen',
  'glosario',
  'nombre_seguro',
  'version',
  'fecha_version',
]);

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether an object is an entry (rather than a row of foreign columns to map). */
function isEntryShaped(obj: JsonObject): boolean {
  if (isObject(obj['termino'])) return true;
  const keys = Object.keys(obj);
  return keys.length > 0 && keys.every((k) => ENTRY_KEYS.has(k)) && keys.some((k) => k.startsWith('termino.'));
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const TERM_KEYS = ['idioma', 'termino', 'estado', 'tipo', 'categoria_gramatical', 'genero', 'numero', 'nota_uso'] as const;

/**
 * The `terminos` list as written; the server checks each value when it writes the entry, except
 * the status: an unknown one is kept as admitido and reported in `avisos`, as other files' are.
 */
function termsFromArray(list: unknown[], avisos: string[]): TermInput[] {
  const terms = list.filter(isObject).map((obj) => {
    const term: Record<string, string> = {};
    for (const key of TERM_KEYS) {
      const value = asText(obj[key]);
      if (value !== null) term[key] = value;
    }
    if (term['estado'] !== undefined) {
      const known = termStatusOf(term['estado']);
      if (known === null) avisos.push(unknownStatusWarning(term['estado'], term['termino'] ?? ''));
      term['estado'] = known ?? 'admitido';
    }
    return term as unknown as TermInput;
  });
  return withoutRepeatedTerms(terms, avisos);
}

/** An API-shaped object as an entry of this glossary; `null` with no term in its languages. */
function entryFromObject(obj: JsonObject, langs: GlossaryLanguages, avisos: string[]): EntryInput | null {
  const entry = blankEntry(langs);
  if (Array.isArray(obj['terminos'])) entry.terminos = termsFromArray(obj['terminos'], avisos);
  const review = asText(obj['estado_revision']);
  if (review !== null) applyReviewState(entry, review, avisos);
  const idExterno = asText(obj['id_externo']);
  if (idExterno !== null) entry.id_externo = idExterno;
  const record = obj['registro_original'];
  if (isObject(record)) {
    entry.registro_original = {
      creado_por: asText(record['creado_por']),
      creado_en: asText(record['creado_en']),
      modificado_por: asText(record['modificado_por']),
      modificado_en: asText(record['modificado_en']),
    };
  }
  const terms = isObject(obj['termino']) ? obj['termino'] : {};
  for (const lang of [langs.idioma_origen, langs.idioma_meta]) {
    const value = lang in terms ? terms[lang] : obj[`termino.${lang}`];
    setField(entry, `termino.${lang}`, asText(value));
  }
  for (const id of [...nonTermFieldIds(langs), 'comentarios_privados']) {
    if (id in obj) setField(entry, id, asText(obj[id]));
  }
  const listed = entry.terminos?.some((t) => t.idioma === langs.idioma_origen || t.idioma === langs.idioma_meta);
  return hasAnyTerm(entry, langs) || listed ? entry : null;
}

function shapeError(detail: string): FormatError {
  return new FormatError('JSON_UNEXPECTED_SHAPE', detail);
}

const EXPECTED_SHAPES =
  'LudoTerm importa una lista de entradas ([{…}, …]), un objeto con la lista en «entradas» ({"entradas": […]}), ' +
  'su propia exportación JSON, o una lista de objetos con columnas propias que luego asignas a los campos de la ficha.';

type ElementEvent = Extract<JsonEvent, { kind: 'element' }>;

const placeOf = (event: ElementEvent): string => `elemento n.º ${event.index} (línea ${event.line})`;

/**
 * Reads a JSON file one element at a time: our export and lists of entries import at once; lists
 * of flat objects answer the header pass (keys in order of first appearance), or map.
 */
export async function readJson(source: TextSource, options: ReadJsonOptions): Promise<ImportPlan> {
  const scanner = new JsonScanner('entradas');
  // The file's events in batches (those each chunk of text completed), read one by one until
  // the first element, and by batch after it.
  async function* scan(): AsyncGenerator<JsonEvent[]> {
    for await (const chunk of iterateText(source)) yield scanner.push(chunk);
    yield scanner.end();
  }
  const events = new BatchCursor(scan());
  const members = new Map<string, unknown>();
  let first: ElementEvent | null = null;
  let sawArray = false;
  let arrayEnded = false;
  while (first === null && !arrayEnded) {
    const event = await events.next();
    if (event === null) break;
    if (event.kind === 'member') members.set(event.key, event.value);
    else if (event.kind === 'array-start') sawArray = true;
    else if (event.kind === 'element') first = event;
    else if (event.kind === 'array-end') arrayEnded = true;
  }
  if (!sawArray) {
    throw shapeError(
      `El JSON es un objeto sin la lista «entradas» (tiene ${[...members.keys()].map((k) => `«${k}»`).join(', ') || 'ningún campo'}). ${EXPECTED_SHAPES}`,
    );
  }
  const exportMeta = isObject(members.get('glosario')) ? (members.get('glosario') as JsonObject) : null;
  const isOwnExport = members.get('formato') === JSON_EXPORT_FORMAT;

  const requireObject = (event: ElementEvent): JsonObject => {
    if (!isObject(event.value)) {
      throw shapeError(
        `El elemento n.º ${event.index} de la lista (línea ${event.line}) no es un objeto {…} sino ${JSON.stringify(event.value)?.slice(0, 40)}. ${EXPECTED_SHAPES}`,
      );
    }
    return event.value;
  };

  const elementsOf = (events: readonly JsonEvent[]): ElementEvent[] =>
    events.filter((e): e is ElementEvent => e.kind === 'element');
  /** The list's elements from the first on, in batches. */
  async function* remainingElements(): AsyncGenerator<ElementEvent[]> {
    if (first) yield [first];
    for await (const batch of events.rest()) yield elementsOf(batch);
  }

  const explainEmpty = (stream: EntryStream): string => {
    if (stream.omitidos === 0) return 'La lista del JSON está vacía: no hay entradas que importar.';
    const source =
      exportMeta && typeof exportMeta['idioma_origen'] === 'string'
        ? ` El archivo es una exportación de un glosario ${String(exportMeta['idioma_origen'])}→${String(exportMeta['idioma_meta'])}.`
        : '';
    return (
      `Ninguno de los ${stream.omitidos} elementos del JSON tiene término en ${options.idioma_origen} ni en ${options.idioma_meta}.` +
      `${source} Importa el archivo en un glosario con esos idiomas o asigna las columnas correctas.`
    );
  };

  // Our export of a glossary with the same languages the other way round: its definitions swap slots.
  const exportBase = LANGUAGES.find((l) => l === exportMeta?.['idioma_origen']);
  const rebased = (obj: JsonObject): JsonObject =>
    exportBase ? rebaseDefinitions(obj, exportBase, options.idioma_origen) : obj;

  const firstObject = first ? requireObject(first) : null;
  if (isOwnExport || firstObject === null || isEntryShaped(firstObject)) {
    async function* items(): AsyncGenerator<ReadItem[]> {
      for await (const elements of remainingElements()) {
        yield elements.map((event) => {
          const avisos: string[] = [];
          const entrada = entryFromObject(rebased(requireObject(event)), options, avisos);
          return { entrada, ubicacion: placeOf(event), ...(avisos.length > 0 ? { avisos } : {}) };
        });
      }
    }
    return { tipo: 'entradas', entradas: new EntryStream(items(), explainEmpty) };
  }

  // Flat objects with their own keys: the header pass, or the mapping.
  if (!options.mapping) {
    const headers: string[] = [];
    const known = new Set<string>();
    const sample: JsonObject[] = [];
    for await (const elements of remainingElements()) for (const event of elements) {
      const obj = requireObject(event);
      if (sample.length < SAMPLE_ROWS) sample.push(obj);
      for (const key of Object.keys(obj)) {
        if (!known.has(key)) {
          known.add(key);
          headers.push(key);
        }
      }
    }
    return {
      tipo: 'cabeceras',
      cabeceras_detectadas: headers,
      muestra: sample.map((obj) => headers.map((h) => asText(obj[h])?.trim() ?? '')),
      sugerencia: suggestMapping(headers, options),
    };
  }
  const headers = [...new Set([...Object.keys(firstObject), ...Object.keys(options.mapping)])];
  const plan = planFromMapping(options.mapping, headers, options);
  async function* mapped(): AsyncGenerator<ReadItem[]> {
    for await (const elements of remainingElements()) {
      yield elements.map((event) => {
        const obj = requireObject(event);
        const values = plan.headers.map((h) => {
          const text = asText(obj[h])?.trim() ?? '';
          return text === '' ? null : text;
        });
        return { entrada: entryFromRow(values, plan, options), ubicacion: placeOf(event) };
      });
    }
  }
  return { tipo: 'entradas', entradas: new EntryStream(mapped(), explainEmpty) };
}
