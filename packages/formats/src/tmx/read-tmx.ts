import type { EntryInput, Language } from '@ludoterm/contract';
import { EntryStream, type ReadItem } from '../entry-stream.ts';
import { FormatError } from '../errors.ts';
import { blankEntry, type GlossaryLanguages, nonTermFieldIds, setField } from '../model.ts';
import { iterateText, type TextSource } from '../text/byte-source.ts';
import { languageOfTag, matchLanguage } from '../text/languages.ts';
import { cleanXmlText } from '../xml/xml-text.ts';
import {
  attribute,
  childElements,
  languageAttribute,
  readXmlUnits,
  textContent,
  type XmlElement,
} from '../xml/xml-units.ts';

/** Prefix of the props that carry card fields without a TMX slot. */
export const TMX_PROP_PREFIX = 'x-ludoterm-';
/** `creationtool` of LudoTerm's TMX export. */
export const TMX_CREATION_TOOL = 'LudoTerm';

const INLINE_CODES = new Set(['bpt', 'ept', 'ph', 'it', 'ut']);

/**
 * The text of a `<seg>`: inline codes (`bpt ept ph it ut`) dropped with their native code, but
 * the translatable text of a `<sub>` inside them kept; `<hi>` and unknown inline elements are
 * transparent.
 */
export function segmentText(seg: XmlElement): string {
  let out = '';
  const walk = (element: XmlElement, inCode: boolean): void => {
    for (const child of element.children) {
      if (typeof child === 'string') {
        if (!inCode) out += child;
      } else if (INLINE_CODES.has(child.name)) walk(child, true);
      else if (child.name === 'sub') walk(child, false);
      else walk(child, inCode);
    }
  };
  walk(seg, false);
  return out;
}

interface Variant {
  tag: string;
  text: string | null;
}

interface TmxContext {
  langs: GlossaryLanguages;
  fields: Set<string>;
  headerSrclang: string | undefined;
  exact: boolean;
  seen: Set<string>;
}

function entryFromUnit(tu: XmlElement, ctx: TmxContext): EntryInput | null {
  const { langs } = ctx;
  const clean = (value: string) => cleanXmlText(value, ctx.exact);
  const srclang = attribute(tu, 'srclang') ?? ctx.headerSrclang;
  const notes: string[] = [];
  const propNotes: string[] = [];
  const tuvNotes: string[] = [];
  const fieldValues = new Map<string, string | null>();
  const variants = new Map<Language, Variant[]>();

  for (const child of childElements(tu)) {
    if (child.name === 'note') {
      const text = clean(textContent(child));
      if (text) notes.push(text);
    } else if (child.name === 'prop') {
      const type = attribute(child, 'type') ?? '';
      const text = clean(textContent(child));
      if (type.startsWith(TMX_PROP_PREFIX)) {
        const field = type.slice(TMX_PROP_PREFIX.length);
        if (ctx.fields.has(field)) {
          fieldValues.set(field, text);
          continue;
        }
        // Contexts of languages this glossary does not have are dropped with their terms.
        if (/^(?:fuente_)?contexto_[a-z]{2}$/.test(field)) continue;
        if (text) propNotes.push(`${field}: ${text}`);
      } else if (text) {
        propNotes.push(type ? `${type}: ${text}` : text);
      }
    } else if (child.name === 'tuv') {
      const tag = languageAttribute(child) ?? '';
      const lang = matchLanguage(tag, langs);
      if (!lang) {
        if (tag) ctx.seen.add(tag.toLowerCase());
        continue;
      }
      const seg = childElements(child, 'seg')[0];
      const list = variants.get(lang) ?? [];
      list.push({ tag, text: seg ? clean(segmentText(seg)) : null });
      variants.set(lang, list);
      for (const inner of childElements(child)) {
        if (inner.name !== 'note' && inner.name !== 'prop') continue;
        const text = clean(textContent(inner));
        if (!text) continue;
        const type = inner.name === 'prop' ? attribute(inner, 'type') : undefined;
        tuvNotes.push(`(${tag}) ${type ? `${type}: ` : ''}${text}`);
      }
    }
  }

  const entry = blankEntry(langs);
  const extraTerms: string[] = [];
  let anyTerm = false;
  for (const lang of [langs.idioma_origen, langs.idioma_meta]) {
    const list = (variants.get(lang) ?? []).filter((v) => v.text !== null);
    if (list.length === 0) continue;
    // Two variants of one language (es-ES and es-MX): the unit's source language wins, else the first.
    const preferred =
      srclang && languageOfTag(srclang) === lang
        ? (list.find((v) => v.tag.toLowerCase() === srclang.toLowerCase()) ?? list[0]!)
        : list[0]!;
    setField(entry, `termino.${lang}`, preferred.text);
    anyTerm = true;
    for (const v of list) if (v !== preferred && v.text !== preferred.text) extraTerms.push(v.text!);
  }
  if (!anyTerm) return null;

  for (const [field, value] of fieldValues) if (field !== 'notas') setField(entry, field, value);
  if (extraTerms.length > 0) {
    setField(entry, 'variante', [entry.variante, ...extraTerms].filter(Boolean).join('; '));
  }
  const allNotes = [fieldValues.get('notas') ?? null, ...notes, ...propNotes, ...tuvNotes].filter(
    (n): n is string => n !== null,
  );
  const unique = [...new Set(allNotes)];
  if (unique.length > 0) setField(entry, 'notas', unique.join('\n'));
  return entry;
}

/**
 * Reads a TMX file (1.4b, and 1.1 with `lang`), streaming: each `<tu>` with a segment in one
 * of the glossary's languages (region variants such as es-ES or en-us count) becomes an entry;
 * a unit with only one of them gets the other term empty; units with neither are skipped and
 * counted. `<note>`s and `<prop>`s go to the notes, except the `x-ludoterm-{campo}` props of
 * LudoTerm's export, which go back to their card fields.
 */
export function readTmx(source: TextSource, options: GlossaryLanguages): EntryStream {
  const ctx: TmxContext = {
    langs: options,
    fields: new Set(nonTermFieldIds(options)),
    headerSrclang: undefined,
    exact: false,
    seen: new Set(),
  };
  let units = 0;
  async function* items(): AsyncGenerator<ReadItem> {
    const events = readXmlUnits(iterateText(source), { units: new Set(['tu']), headers: new Set(['header']) });
    for await (const event of events) {
      if (event.kind === 'root') {
        const root = event.name.toLowerCase();
        if (root === 'martif' || root === 'tbx') {
          throw new FormatError(
            'FORMAT_MISMATCH',
            `Has elegido el formato TMX, pero el archivo es TBX (su raíz es <${event.qname}>). Elige el formato TBX y vuelve a importarlo.`,
          );
        }
      } else if (event.kind === 'header') {
        ctx.headerSrclang = attribute(event.element, 'srclang');
        ctx.exact = attribute(event.element, 'creationtool') === TMX_CREATION_TOOL;
      } else {
        units = event.index;
        yield {
          entrada: entryFromUnit(event.element, ctx),
          ubicacion: `unidad <tu> n.º ${event.index} (línea ${event.element.line})`,
        };
      }
    }
  }
  return new EntryStream(items(), () => {
    if (units === 0) {
      return 'El archivo no contiene ninguna unidad <tu>: no es una memoria TMX con contenido. Comprueba que es el archivo correcto.';
    }
    const seen = [...ctx.seen];
    return (
      `Ninguna de las ${units} unidades <tu> del TMX tiene texto en ${options.idioma_origen} ni en ${options.idioma_meta}` +
      `${seen.length > 0 ? ` (idiomas del archivo: ${seen.slice(0, 10).join(', ')})` : ''}. ` +
      'Importa el archivo en un glosario con esos idiomas.'
    );
  });
}
