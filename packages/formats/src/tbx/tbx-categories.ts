import { foldText } from '../text/languages.ts';

/** The data categories LudoTerm maps to card fields; anything else goes to the notes. */
export type TbxCategory =
  | 'definition'
  | 'subjectField'
  | 'partOfSpeech'
  | 'context'
  | 'source'
  | 'termType'
  | 'crossReference'
  | 'note'
  | 'xref'
  | 'ignore';

function key(type: string): string {
  return foldText(type).replace(/[^a-z]/g, '');
}

const CATEGORY_WORDS: Record<string, TbxCategory> = {};
function add(category: TbxCategory, words: string[]): void {
  for (const w of words) CATEGORY_WORDS[key(w)] = category;
}
// TBX names, MultiTerm and memoQ field names ("Part of Speech", "Subject"), Spanish names.
add('definition', ['definition', 'definición', 'def']);
add('subjectField', ['subjectField', 'subject', 'subject area', 'domain', 'area', 'field', 'dominio', 'ámbito']);
add('partOfSpeech', ['partOfSpeech', 'pos', 'grammatical category', 'word class', 'categoría', 'categoría gramatical']);
add('context', ['context', 'contexto', 'example', 'ejemplo', 'sample sentence']);
add('source', ['source', 'fuente', 'definition source', 'context source', 'reference', 'bibliography']);
add('termType', ['termType', 'term type', 'tipo de término']);
add('crossReference', ['crossReference', 'related concept', 'related term', 'see also', 'relaciones']);
add('note', ['note', 'comment', 'remark', 'nota', 'comentario', 'usage note']);
add('ignore', [
  'transactionType',
  'responsibility',
  'customerSubset',
  'projectSubset',
  'productSubset',
  'businessUnitSubset',
  'entrySource',
  'originatingPerson',
  'sourceIdentifier',
  'elementWorkingStatus',
]);

const categoryCache = new Map<string, TbxCategory | null>();

/** The category of a `type` attribute value or a DCT element name; `null` when unknown. */
export function categoryOf(type: string): TbxCategory | null {
  let category = categoryCache.get(type);
  if (category === undefined) {
    category = CATEGORY_WORDS[key(type)] ?? null;
    // A file uses a handful of types; bound the cache whatever the input.
    if (categoryCache.size > 512) categoryCache.clear();
    categoryCache.set(type, category);
  }
  return category;
}

/** TBX-Basic's part-of-speech picklist and the Spanish words the card uses for them. */
const POS_TO_SPANISH: Record<string, string> = {
  noun: 'sustantivo',
  verb: 'verbo',
  adjective: 'adjetivo',
  adverb: 'adverbio',
  propernoun: 'nombre propio',
  other: 'otro',
};

const SPANISH_TO_POS: Record<string, string> = {
  sustantivo: 'noun',
  nombre: 'noun',
  noun: 'noun',
  verbo: 'verb',
  verb: 'verb',
  adjetivo: 'adjective',
  adjective: 'adjective',
  adverbio: 'adverb',
  adverb: 'adverb',
  nombrepropio: 'properNoun',
  propernoun: 'properNoun',
};

const posCache = new Map<string, string>();

/** A part of speech read from TBX as the card writes it (`noun` → `sustantivo`); others as they are. */
export function partOfSpeechToCard(value: string): string {
  let card = posCache.get(value);
  if (card === undefined) {
    card = POS_TO_SPANISH[key(value)] ?? value;
    if (posCache.size > 512) posCache.clear();
    posCache.set(value, card);
  }
  return card;
}

/** The TBX-Basic picklist value for a card `categoria`, or `null` when it is not one of them. */
export function cardToPartOfSpeech(categoria: string): string | null {
  return SPANISH_TO_POS[key(categoria)] ?? null;
}

const VARIANT_TYPES = new Set(
  [
    'abbreviation',
    'acronym',
    'shortForm',
    'short form',
    'variant',
    'initialism',
    'clippedTerm',
    'symbol',
    'formula',
    'equation',
    'orthographicVariant',
    'abreviatura',
    'sigla',
    'variante',
  ].map(key),
);

/** Whether a term type makes a term a variant of the entry's main term. */
export function isVariantTermType(termType: string | null): boolean {
  return termType !== null && VARIANT_TYPES.has(key(termType));
}
