import { clipped, definitionFieldId, type EntryInput, type Language } from '@ludoterm/contract';
import { EntryStream, type ReadItem } from '../entry-stream.ts';
import { FormatError } from '../errors.ts';
import { blankEntry, cardFieldIds, type GlossaryLanguages, setField } from '../model.ts';
import { iterateText, type TextSource } from '../text/byte-source.ts';
import { matchLanguage } from '../text/languages.ts';
import { cleanXmlText } from '../xml/xml-text.ts';
import {
  attribute,
  childElements,
  languageAttribute,
  readXmlUnits,
  textContent,
  type XmlElement,
} from '../xml/xml-units.ts';
import { categoryOf, partOfSpeechToCard } from './tbx-categories.ts';
import { hasTermList, type Item, mainTermOf, type Term, termList } from './tbx-concept-terms.ts';
import { type FoundDefinition, placeDefinitions } from './tbx-definitions.ts';
import { termDataKind } from './tbx-term-data.ts';
import { recordFromTransactions, readTransaction, type Transaction } from './tbx-transactions.ts';
import { applyReviewState } from '../terms/read-terms.ts';

/** Text in the header of LudoTerm's TBX export; such files are read without whitespace clean-up. */
export const TBX_EXPORT_MARK = 'Exportado de LudoTerm';

interface Concept {
  entryItems: Item[];
  langItems: Map<Language, Item[]>;
  langTags: Map<Language, string>;
  terms: Term[];
  transactions: Transaction[];
}

type Scope = { level: 'entry' } | { level: 'lang'; lang: Language } | { level: 'term'; term: Term };

const ITEM_ELEMENTS = new Set(['descrip', 'termNote', 'admin', 'descripNote', 'adminNote']);
const GROUP_ELEMENTS = new Set(['descripGrp', 'adminGrp', 'termNoteGrp']);
const TERM_CONTAINERS = new Set(['tig', 'termSec']);
const SKIPPED = new Set(['transacGrp', 'transac', 'transacNote', 'date', 'term', 'termCompList', 'termComp']);

interface TbxContext {
  langs: GlossaryLanguages;
  fields: Set<string>;
  exact: boolean;
  seen: Set<string>;
}

function labelledNote(value: string, fields: Set<string>): [string, string | null] | null {
  // `categoria:` alone (trimmed) says the card has no value where a term's data would give one.
  const match = /^([a-z_]+):(?: |$)/.exec(value);
  if (!match || !fields.has(match[1]!)) return null;
  const rest = value.slice(match[0].length).trim();
  return [match[1]!, rest === '' ? null : rest];
}

function cleanText(element: XmlElement, ctx: TbxContext): string | null {
  return cleanXmlText(textContent(element), ctx.exact);
}

function itemOf(element: XmlElement, ctx: TbxContext): Item {
  const type = ITEM_ELEMENTS.has(element.name) ? (element.attrs['type'] ?? attribute(element, 'type') ?? element.name) : element.name;
  let category = element.name === 'note' ? 'note' : categoryOf(type);
  // Administrative data is bookkeeping, except its source.
  if (element.name === 'admin' && category !== 'source') category = 'ignore';
  return { category, type, value: cleanText(element, ctx), source: null, notes: [] };
}

function pushItem(concept: Concept, item: Item, scope: Scope): void {
  if (scope.level === 'term') {
    const kind = termDataKind(item.type);
    if (item.category === 'termType') scope.term.termType = item.value;
    else if (kind) scope.term[kind] ??= item.value;
    else scope.term.items.push(item);
  } else if (scope.level === 'lang') {
    const list = concept.langItems.get(scope.lang);
    if (list) list.push(item);
    else concept.langItems.set(scope.lang, [item]);
  } else {
    concept.entryItems.push(item);
  }
}

function addTerm(concept: Concept, termParent: XmlElement, scope: Scope, ctx: TbxContext): Scope | null {
  if (scope.level !== 'lang') return null;
  let termElement: XmlElement | undefined;
  for (const child of termParent.children) {
    if (typeof child !== 'string' && child.name === 'term') {
      termElement = child;
      break;
    }
  }
  const term: Term = {
    lang: scope.lang,
    tag: concept.langTags.get(scope.lang) ?? scope.lang,
    text: termElement ? cleanText(termElement, ctx) : null,
    termType: null,
    status: null,
    gender: null,
    number: null,
    items: [],
  };
  concept.terms.push(term);
  return { level: 'term', term };
}

function walk(concept: Concept, element: XmlElement, scope: Scope, ctx: TbxContext, skip?: XmlElement): void {
  for (const child of element.children) {
    if (typeof child === 'string' || child === skip) continue;
    const name = child.name;
    if (name === 'langSet' || name === 'langSec') {
      const tag = languageAttribute(child) ?? '';
      const lang = matchLanguage(tag, ctx.langs);
      if (!lang) {
        if (tag) ctx.seen.add(tag.toLowerCase());
        continue;
      }
      if (!concept.langTags.has(lang)) concept.langTags.set(lang, tag);
      walk(concept, child, { level: 'lang', lang }, ctx);
    } else if (TERM_CONTAINERS.has(name)) {
      const termScope = addTerm(concept, child, scope, ctx);
      if (termScope) walk(concept, child, termScope, ctx);
    } else if (name === 'ntig') {
      // MultiTerm style: <ntig><termGrp><term/><termNote/></termGrp><descrip/>…</ntig>
      const group = childElements(child, 'termGrp')[0];
      const termScope = addTerm(concept, group ?? child, scope, ctx);
      if (!termScope) continue;
      if (group) walk(concept, group, termScope, ctx);
      walk(concept, child, termScope, ctx, group);
    } else if (name === 'termGrp') {
      walk(concept, child, scope, ctx);
    } else if (GROUP_ELEMENTS.has(name)) {
      let item: Item | null = null;
      for (const member of child.children) {
        if (typeof member === 'string' || SKIPPED.has(member.name)) continue;
        if (item === null) {
          item = itemOf(member, ctx);
          continue;
        }
        const extra = itemOf(member, ctx);
        if (extra.category === 'source' && item.source === null) item.source = extra.value;
        else if ((extra.category === 'source' || extra.category === 'note') && extra.value) item.notes.push(extra.value);
      }
      if (item) pushItem(concept, item, scope);
    } else if (ITEM_ELEMENTS.has(name) || name === 'note') {
      pushItem(concept, itemOf(child, ctx), scope);
    } else if (name === 'ref') {
      const type = attribute(child, 'type') ?? 'crossReference';
      pushItem(concept, { category: categoryOf(type) ?? 'crossReference', type, value: cleanText(child, ctx), source: null, notes: [] }, scope);
    } else if (name === 'xref') {
      const item: Item = { category: 'xref', type: attribute(child, 'type') ?? 'xref', value: cleanText(child, ctx), source: null, notes: [] };
      item.target = attribute(child, 'target') ?? '';
      pushItem(concept, item, scope);
    } else if (name === 'transacGrp') {
      const transaction = readTransaction(child, scope.level === 'entry');
      if (transaction) concept.transactions.push(transaction);
    } else if (SKIPPED.has(name)) {
      continue;
    } else if (child.children.some((c) => typeof c !== 'string')) {
      walk(concept, child, scope, ctx);
    } else {
      // DCT style: the element's own name is the data category (<basic:definition>, <min:partOfSpeech>).
      pushItem(concept, itemOf(child, ctx), scope);
    }
  }
}

interface Placed {
  item: Item;
  lang: Language | null;
  term: Term | null;
}

/** Part of speech: the base main term's first, then the base language's, the entry's, the target's. */
function posRank(p: Placed, base: Language, mainTerms: Map<Language, Term>): number {
  const onMain = p.term !== null && p.term === mainTerms.get(p.lang ?? base);
  return (p.lang === base ? 0 : p.lang === null ? 2 : 4) + (onMain ? 0 : 1);
}

/** The concept as an entry, or null without the glossary's languages; `avisos` gets what was read differently. */
function entryFromConcept(unit: XmlElement, ctx: TbxContext, avisos: string[]): EntryInput | null {
  const { langs } = ctx;
  const concept: Concept = { entryItems: [], langItems: new Map(), langTags: new Map(), terms: [], transactions: [] };
  walk(concept, unit, { level: 'entry' }, ctx);
  const base = langs.idioma_origen;
  const target = langs.idioma_meta;

  const entry = blankEntry(langs);
  const mainTerms = new Map<Language, Term>();
  const variants: string[] = [];
  // Several terms in a language, or any term's status or grammar: the entry keeps a term list.
  const withList = hasTermList(concept.terms, [base, target]);
  for (const lang of [base, target]) {
    const main = mainTermOf(concept.terms, lang);
    if (!main) continue;
    mainTerms.set(lang, main);
    setField(entry, `termino.${lang}`, main.text);
    if (withList) continue;
    for (const t of concept.terms) {
      if (t.lang === lang && t !== main && t.text !== null && t.text !== main.text) variants.push(t.text);
    }
  }
  if (mainTerms.size === 0) return null;
  if (withList) entry.terminos = termList(concept.terms, [base, target], mainTerms, avisos);
  const id = attribute(unit, 'id');
  if (id) entry.id_externo = id;
  const record = recordFromTransactions(concept.transactions);
  if (record) entry.registro_original = record;

  const placed: Placed[] = [];
  for (const item of concept.entryItems) placed.push({ item, lang: null, term: null });
  for (const lang of [base, target]) for (const item of concept.langItems.get(lang) ?? []) placed.push({ item, lang, term: null });
  for (const term of concept.terms) {
    for (const item of term.items) {
      // With a term list, a term's own notes are its usage note, even one that reads like a
      // labelled card field (LudoTerm writes those on the concept only).
      if (withList && item.category === 'note') continue;
      placed.push({ item, lang: term.lang, term });
    }
  }

  const notes: string[] = [];
  const labelled = new Map<string, string | null>();
  const definitions: FoundDefinition[] = [];
  let pos: Placed | null = null;
  const areas: string[] = [];
  const relations: string[] = [];
  const standaloneSources: string[] = [];
  const contexts = new Map<Language, { texts: string[]; sources: string[] }>();

  for (const p of placed) {
    const { item } = p;
    if (item.value === null) continue;
    switch (item.category) {
      case 'definition':
        definitions.push({ lang: p.lang, value: item.value, source: item.source, notes: item.notes });
        continue;
      case 'partOfSpeech':
        if (pos === null || posRank(p, base, mainTerms) < posRank(pos, base, mainTerms)) pos = p;
        continue;
      case 'termType':
      case 'ignore':
        continue;
      case 'subjectField':
        if (!areas.includes(item.value)) areas.push(item.value);
        break;
      case 'context': {
        if (p.lang === null) {
          notes.push(`Contexto: ${item.value}`);
          break;
        }
        let slot = contexts.get(p.lang);
        if (!slot) {
          slot = { texts: [], sources: [] };
          contexts.set(p.lang, slot);
        }
        slot.texts.push(item.value);
        if (item.source) slot.sources.push(item.source);
        break;
      }
      case 'source':
        standaloneSources.push(item.value);
        break;
      case 'crossReference':
        relations.push(item.value);
        break;
      case 'note': {
        const own = labelledNote(item.value, ctx.fields);
        if (own) labelled.set(own[0], own[1]);
        else notes.push(item.value);
        break;
      }
      case 'xref':
        notes.push(item.target ? `${item.value} (${item.target})` : item.value);
        break;
      default:
        notes.push(`${item.type}${p.lang ? ` (${concept.langTags.get(p.lang) ?? p.lang})` : ''}: ${item.value}`);
    }
    for (const n of item.notes) notes.push(n);
  }

  const placedDefinitions = placeDefinitions(definitions, base, target, (lang) => concept.langTags.get(lang) ?? lang, standaloneSources);
  setField(entry, 'definicion', placedDefinitions.definicion);
  setField(entry, definitionFieldId(target), placedDefinitions.definicionMeta);
  setField(entry, 'fuente', placedDefinitions.fuente);
  notes.unshift(...placedDefinitions.leadingNotes);
  notes.push(...placedDefinitions.trailingNotes);
  if (pos?.item.value) setField(entry, 'categoria', partOfSpeechToCard(pos.item.value));
  if (areas.length > 0) setField(entry, 'area', areas.join('; '));
  if (relations.length > 0) setField(entry, 'relaciones', relations.join('; '));
  for (const [lang, slot] of contexts) {
    setField(entry, `contexto_${lang}`, slot.texts.join('\n'));
    if (slot.sources.length > 0) setField(entry, `fuente_contexto_${lang}`, slot.sources.join('; '));
  }

  // LudoTerm's labelled notes carry the fields TBX has no slot for, and win over what TBX says.
  for (const [id, value] of labelled) {
    if (id === 'estado_revision') {
      if (value !== null) applyReviewState(entry, value, avisos);
    } else if (id === 'id_externo') {
      if (value !== null) entry.id_externo = value;
    } else if (id !== 'notas' && id !== 'variante') setField(entry, id, value);
  }
  const ownVariant = labelled.get('variante') ?? null;
  if (ownVariant !== null || variants.length > 0) {
    setField(entry, 'variante', (ownVariant === null ? variants : [ownVariant, ...variants]).join('; '));
  }
  const ownNotes = labelled.get('notas') ?? null;
  if (ownNotes !== null || notes.length > 0) {
    const all = ownNotes === null ? notes : [ownNotes, ...notes];
    setField(entry, 'notas', all.length === 1 ? all[0]! : [...new Set(all)].join('\n'));
  }
  return entry;
}

const TMX_ROOTS = new Set(['tmx']);

/**
 * Reads a TBX file, streaming: v2 (`martif`, TBX-Basic, MultiTerm) or v3 (DCA or DCT), whatever
 * the root; data categories map to card fields (`categoryOf`); a concept with several terms in a
 * language, or with term statuses or grammar, keeps them as its term list.
 */
export function readTbx(source: TextSource, options: GlossaryLanguages): EntryStream {
  const ctx: TbxContext = {
    langs: options,
    // The review state and a concept id that is no XML name travel as labelled notes too.
    fields: new Set([...cardFieldIds(options), 'estado_revision', 'id_externo']),
    exact: false,
    seen: new Set(),
  };
  let units = 0;
  async function* items(): AsyncGenerator<ReadItem[]> {
    const events = readXmlUnits(iterateText(source), {
      units: new Set(['termEntry', 'conceptEntry']),
      headers: new Set(['martifHeader', 'tbxHeader']),
      structural: new Set([
        'termEntry',
        'conceptEntry',
        'langSet',
        'langSec',
        'tig',
        'ntig',
        'termGrp',
        'termSec',
        'descripGrp',
        'adminGrp',
        'termNoteGrp',
        'transacGrp',
      ]),
    });
    for await (const batch of events) {
      const read: ReadItem[] = [];
      for (const event of batch) {
        if (event.kind === 'root') {
          if (TMX_ROOTS.has(event.name.toLowerCase())) {
            throw new FormatError(
              'FORMAT_MISMATCH',
              `Has elegido el formato TBX, pero el archivo es TMX (su raíz es <${event.qname}>). Elige el formato TMX y vuelve a importarlo.`,
            );
          }
        } else if (event.kind === 'header') {
          ctx.exact = textContent(event.element).includes(TBX_EXPORT_MARK);
        } else {
          units = event.index;
          const id = attribute(event.element, 'id');
          const avisos: string[] = [];
          read.push({
            entrada: entryFromConcept(event.element, ctx, avisos),
            ubicacion: `entrada <${event.element.name}> n.º ${event.index}${id ? ` (id ${clipped(id)})` : ''}, línea ${event.element.line}`,
            ...(avisos.length > 0 ? { avisos } : {}),
          });
        }
      }
      if (read.length > 0) yield read;
    }
  }
  return new EntryStream(items(), () => {
    if (units === 0) {
      return 'El archivo no contiene ninguna entrada <termEntry> ni <conceptEntry>: no es un glosario TBX con contenido. Comprueba que es el archivo correcto.';
    }
    const seen = [...ctx.seen];
    return (
      `Ninguna de las ${units} entradas del TBX tiene términos en ${options.idioma_origen} ni en ${options.idioma_meta}` +
      `${seen.length > 0 ? ` (idiomas del archivo: ${seen.slice(0, 10).join(', ')})` : ''}. ` +
      'Importa el archivo en un glosario con esos idiomas.'
    );
  });
}
