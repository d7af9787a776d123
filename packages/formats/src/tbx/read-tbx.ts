import type { EntryInput, Language } from '@ludoterm/contract';
import { EntryStream, type ReadItem } from '../entry-stream.ts';
import { FormatError } from '../errors.ts';
import { blankEntry, cardFieldIds, getField, type GlossaryLanguages, setField } from '../model.ts';
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
import {
  categoryOf,
  isVariantTermType,
  partOfSpeechToCard,
  type TbxCategory,
} from './tbx-categories.ts';

/** Text in the header of LudoTerm's TBX export; such files are read without whitespace clean-up. */
export const TBX_EXPORT_MARK = 'Exportado de LudoTerm';

/** One data category value found in an entry. */
interface Item {
  category: TbxCategory | null;
  /** The raw type, for labelling unknown categories in the notes. */
  type: string;
  value: string | null;
  /** The source given with it in the same group. */
  source: string | null;
  /** Notes given with it in the same group. */
  notes: string[];
  /** `xref` target. */
  target?: string;
}

interface Term {
  lang: Language;
  tag: string;
  text: string | null;
  termType: string | null;
  items: Item[];
}

interface Concept {
  entryItems: Item[];
  langItems: Map<Language, Item[]>;
  langTags: Map<Language, string>;
  terms: Term[];
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
  const match = /^([a-z_]+): /.exec(value);
  if (!match || !fields.has(match[1]!)) return null;
  const rest = value.slice(match[0].length).trim();
  return [match[1]!, rest === '' ? null : rest];
}

function collect(concept: Concept, unit: XmlElement, ctx: TbxContext): void {
  const clean = (element: XmlElement) => cleanXmlText(textContent(element), ctx.exact);

  const itemOf = (element: XmlElement): Item => {
    const isItem = ITEM_ELEMENTS.has(element.name);
    const type = isItem ? (attribute(element, 'type') ?? element.name) : element.name;
    let category = element.name === 'note' ? 'note' : categoryOf(type);
    // Administrative data is bookkeeping, except its source.
    if (element.name === 'admin' && category !== 'source') category = 'ignore';
    return { category, type, value: clean(element), source: null, notes: [] };
  };

  const push = (item: Item, scope: Scope): void => {
    if (scope.level === 'term') {
      if (item.category === 'termType') scope.term.termType = item.value;
      else scope.term.items.push(item);
    } else if (scope.level === 'lang') {
      const list = concept.langItems.get(scope.lang) ?? [];
      list.push(item);
      concept.langItems.set(scope.lang, list);
    } else {
      concept.entryItems.push(item);
    }
  };

  const addTerm = (container: XmlElement, termParent: XmlElement, scope: Scope): Scope | null => {
    if (scope.level !== 'lang') return null;
    const termElement = childElements(termParent, 'term')[0];
    const term: Term = {
      lang: scope.lang,
      tag: concept.langTags.get(scope.lang) ?? scope.lang,
      text: termElement ? clean(termElement) : null,
      termType: null,
      items: [],
    };
    concept.terms.push(term);
    return { level: 'term', term };
  };

  const walk = (element: XmlElement, scope: Scope): void => {
    for (const child of childElements(element)) {
      const name = child.name;
      if (name === 'langSet' || name === 'langSec') {
        const tag = languageAttribute(child) ?? '';
        const lang = matchLanguage(tag, ctx.langs);
        if (!lang) {
          if (tag) ctx.seen.add(tag.toLowerCase());
          continue;
        }
        if (!concept.langTags.has(lang)) concept.langTags.set(lang, tag);
        walk(child, { level: 'lang', lang });
      } else if (TERM_CONTAINERS.has(name)) {
        const termScope = addTerm(child, child, scope);
        if (termScope) walk(child, termScope);
      } else if (name === 'ntig') {
        // MultiTerm style: <ntig><termGrp><term/><termNote/></termGrp><descrip/>…</ntig>
        const group = childElements(child, 'termGrp')[0] ?? child;
        const termScope = addTerm(child, group, scope);
        if (!termScope) continue;
        if (group !== child) walk(group, termScope);
        walk({ ...child, children: child.children.filter((c) => c !== group) }, termScope);
      } else if (name === 'termGrp') {
        walk(child, scope);
      } else if (GROUP_ELEMENTS.has(name)) {
        const members = childElements(child).filter((c) => !SKIPPED.has(c.name));
        const main = members[0];
        if (!main) continue;
        const item = itemOf(main);
        for (const extra of members.slice(1)) {
          const extraItem = itemOf(extra);
          if (extraItem.category === 'source' && item.source === null) item.source = extraItem.value;
          else if (extraItem.category === 'source' || extraItem.category === 'note') {
            if (extraItem.value) item.notes.push(extraItem.value);
          }
        }
        push(item, scope);
      } else if (ITEM_ELEMENTS.has(name) || name === 'note') {
        push(itemOf(child), scope);
      } else if (name === 'ref') {
        const type = attribute(child, 'type') ?? 'crossReference';
        push({ category: categoryOf(type) ?? 'crossReference', type, value: clean(child), source: null, notes: [] }, scope);
      } else if (name === 'xref') {
        push(
          { category: 'xref', type: attribute(child, 'type') ?? 'xref', value: clean(child), source: null, notes: [], target: attribute(child, 'target') ?? '' },
          scope,
        );
      } else if (SKIPPED.has(name)) {
        continue;
      } else if (childElements(child).length > 0) {
        walk(child, scope);
      } else {
        // DCT style: the element's own name is the data category (<basic:definition>, <min:partOfSpeech>).
        push(itemOf(child), scope);
      }
    }
  };
  walk(unit, { level: 'entry' });
}

function entryFromConcept(unit: XmlElement, ctx: TbxContext): EntryInput | null {
  const { langs } = ctx;
  const concept: Concept = { entryItems: [], langItems: new Map(), langTags: new Map(), terms: [] };
  collect(concept, unit, ctx);
  const base = langs.idioma_origen;
  const target = langs.idioma_meta;

  const entry = blankEntry(langs);
  const notes: string[] = [];
  const labelled = new Map<string, string | null>();
  const variants: string[] = [];
  const mainTerms = new Map<Language, Term>();

  for (const lang of [base, target]) {
    const terms = concept.terms.filter((t) => t.lang === lang && t.text !== null);
    const main = terms.find((t) => !isVariantTermType(t.termType)) ?? terms[0];
    if (!main) continue;
    mainTerms.set(lang, main);
    setField(entry, `termino.${lang}`, main.text);
    for (const t of terms) if (t !== main && t.text !== main.text) variants.push(t.text!);
  }
  if (mainTerms.size === 0) return null;

  const tagOf = (lang: Language) => concept.langTags.get(lang) ?? lang;
  type Placed = { item: Item; lang: Language | null; term: Term | null };
  const placed: Placed[] = [
    ...concept.entryItems.map((item) => ({ item, lang: null, term: null })),
    ...[base, target].flatMap((lang) => (concept.langItems.get(lang) ?? []).map((item) => ({ item, lang, term: null }))),
    ...concept.terms.flatMap((term) => term.items.map((item) => ({ item, lang: term.lang, term }))),
  ];

  // Definition: the base language's, else the entry's, else the target's; others to the notes.
  const rank = (p: Placed) => (p.lang === base ? 0 : p.lang === null ? 1 : 2);
  const definitions = placed.filter((p) => p.item.category === 'definition' && p.item.value).sort((a, b) => rank(a) - rank(b));
  const definition = definitions[0];
  const sources: string[] = [];
  if (definition) {
    setField(entry, 'definicion', definition.item.value);
    if (definition.item.source) sources.push(definition.item.source);
  }
  for (const d of definitions.slice(1)) {
    notes.push(`Definición${d.lang ? ` (${tagOf(d.lang)})` : ''}: ${d.item.value}`);
    if (d.item.source) notes.push(`Fuente de la definición${d.lang ? ` (${tagOf(d.lang)})` : ''}: ${d.item.source}`);
  }

  // Part of speech: the base main term's, else the base language's, else the target's.
  const posRank = (p: Placed) =>
    (p.lang === base ? 0 : p.lang === null ? 2 : 4) + (p.term && p.term === mainTerms.get(p.lang ?? base) ? 0 : 1);
  const pos = placed.filter((p) => p.item.category === 'partOfSpeech' && p.item.value).sort((a, b) => posRank(a) - posRank(b))[0];
  if (pos?.item.value) setField(entry, 'categoria', partOfSpeechToCard(pos.item.value));

  const areas: string[] = [];
  const relations: string[] = [];
  const contexts = new Map<Language, { texts: string[]; sources: string[] }>();
  for (const p of placed) {
    const { item } = p;
    const label = p.lang ? ` (${tagOf(p.lang)})` : '';
    if (item.value === null) continue;
    switch (item.category) {
      case 'definition':
      case 'partOfSpeech':
      case 'termType':
      case 'ignore':
        break;
      case 'subjectField':
        if (!areas.includes(item.value)) areas.push(item.value);
        break;
      case 'context': {
        if (p.lang === null) {
          notes.push(`Contexto: ${item.value}`);
          break;
        }
        const slot = contexts.get(p.lang) ?? { texts: [], sources: [] };
        slot.texts.push(item.value);
        if (item.source) slot.sources.push(item.source);
        contexts.set(p.lang, slot);
        break;
      }
      case 'source':
        sources.push(item.value);
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
        notes.push(`${item.type}${label}: ${item.value}`);
    }
    for (const n of item.notes) notes.push(n);
  }
  if (areas.length > 0) setField(entry, 'area', areas.join('; '));
  if (relations.length > 0) setField(entry, 'relaciones', relations.join('; '));
  if (sources.length > 0) setField(entry, 'fuente', sources[0]!);
  for (const s of sources.slice(1)) notes.push(`Fuente: ${s}`);
  for (const [lang, slot] of contexts) {
    setField(entry, `contexto_${lang}`, slot.texts.join('\n'));
    if (slot.sources.length > 0) setField(entry, `fuente_contexto_${lang}`, slot.sources.join('; '));
  }

  // LudoTerm's labelled notes carry the fields TBX has no slot for, and win over what TBX says.
  for (const [id, value] of labelled) if (id !== 'notas' && id !== 'variante') setField(entry, id, value);
  const variante = [labelled.get('variante') ?? null, ...variants].filter((v): v is string => Boolean(v));
  if (variante.length > 0) setField(entry, 'variante', variante.join('; '));
  const allNotes = [labelled.get('notas') ?? null, ...notes].filter((n): n is string => Boolean(n));
  if (allNotes.length > 0) setField(entry, 'notas', [...new Set(allNotes)].join('\n'));
  if (getField(entry, 'notas') === '') setField(entry, 'notas', null);
  return entry;
}

const TMX_ROOTS = new Set(['tmx']);

/**
 * Reads a TBX file, streaming: v2 (`martif`, TBX-Basic, MultiTerm's `ntig`/`termGrp`) and v3
 * (`tbx`, DCA `<descrip type="definition">` or DCT `<basic:definition>`), whatever the root.
 * Each `termEntry`/`conceptEntry` with a term in the glossary's languages becomes an entry:
 * definition → definicion, subject field → area, part of speech → categoria, context →
 * contexto_{lang}, source → fuente (fuente_contexto_{lang} beside a context), cross references
 * → relaciones, notes → notas; extra terms of a language and terms typed as abbreviations or
 * variants → variante; LudoTerm's labelled notes (`mecanismo: …`) → their card fields.
 * Entries with neither language are skipped and counted.
 */
export function readTbx(source: TextSource, options: GlossaryLanguages): EntryStream {
  const ctx: TbxContext = {
    langs: options,
    fields: new Set(cardFieldIds(options)),
    exact: false,
    seen: new Set(),
  };
  let units = 0;
  async function* items(): AsyncGenerator<ReadItem> {
    const events = readXmlUnits(iterateText(source), {
      units: new Set(['termEntry', 'conceptEntry']),
      headers: new Set(['martifHeader', 'tbxHeader']),
    });
    for await (const event of events) {
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
        yield {
          entrada: entryFromConcept(event.element, ctx),
          ubicacion: `entrada <${event.element.name}> n.º ${event.index}${id ? ` (id ${id})` : ''}, línea ${event.element.line}`,
        };
      }
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
