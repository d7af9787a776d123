import type { EntryInput } from '@ludoterm/contract';
import { EntryStream, type ReadItem } from '../entry-stream.ts';
import { FormatError } from '../errors.ts';
import { blankEntry, type GlossaryLanguages, nonTermFieldIds, setField } from '../model.ts';
import { iterateText, type TextSource } from '../text/byte-source.ts';
import { languageOfTag, matchLanguage } from '../text/languages.ts';
import { cleanXmlText } from '../xml/xml-text.ts';
import { attribute, languageAttribute, readXmlUnits, textContent, type XmlElement } from '../xml/xml-units.ts';

/** Prefix of the props that carry card fields without a TMX slot. */
export const TMX_PROP_PREFIX = 'x-ludoterm-';
/** `creationtool` of LudoTerm's TMX export. */
export const TMX_CREATION_TOOL = 'LudoTerm';

const INLINE_CODES = new Set(['bpt', 'ept', 'ph', 'it', 'ut']);

/**
 * The text of a `<seg>`: inline codes dropped with their native code, but the text of a `<sub>`
 * in them kept; `<hi>` and unknown inline elements are transparent.
 */
export function segmentText(seg: XmlElement): string {
  const out: string[] = [];
  const dropped = collectSegmentText(seg, false, out);
  const text = out.join('');
  // `Press <ph>{0}</ph> to continue` reads `Press to continue`, not with two spaces.
  return dropped ? text.replace(/ {2,}/g, ' ') : text;
}

/** Collects the segment's text; answers whether an inline code was dropped. */
function collectSegmentText(element: XmlElement, inCode: boolean, out: string[]): boolean {
  let dropped = false;
  for (const child of element.children) {
    if (typeof child === 'string') {
      if (!inCode) out.push(child);
      else dropped = true;
    } else if (INLINE_CODES.has(child.name)) {
      collectSegmentText(child, true, out);
      dropped = true;
    } else if (child.name === 'sub') {
      dropped = collectSegmentText(child, false, out) || dropped;
    } else {
      dropped = collectSegmentText(child, inCode, out) || dropped;
    }
  }
  return dropped;
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

const LANGUAGE_FIELD = /^(?:(?:fuente_)?contexto|definicion)_([a-z]{2})$/;

/** A context or definition of a language the glossary does not have (from another glossary's export). */
function isOtherLanguageField(field: string, langs: GlossaryLanguages): boolean {
  const lang = LANGUAGE_FIELD.exec(field)?.[1];
  return lang !== undefined && lang !== langs.idioma_origen && lang !== langs.idioma_meta;
}

function entryFromUnit(tu: XmlElement, ctx: TmxContext): EntryInput | null {
  const { langs, exact } = ctx;
  const srclang = tu.attrs['srclang'] ?? ctx.headerSrclang;
  const notes: string[] = [];
  const propNotes: string[] = [];
  const tuvNotes: string[] = [];
  let fieldValues: Map<string, string | null> | null = null;
  const base: Variant[] = [];
  const target: Variant[] = [];

  for (const child of tu.children) {
    if (typeof child === 'string') continue;
    if (child.name === 'tuv') {
      const tag = languageAttribute(child) ?? '';
      const lang = matchLanguage(tag, langs);
      if (!lang) {
        if (tag) ctx.seen.add(tag.toLowerCase());
        continue;
      }
      let text: string | null = null;
      for (const inner of child.children) {
        if (typeof inner === 'string') continue;
        if (inner.name === 'seg') {
          text = cleanXmlText(segmentText(inner), exact);
        } else if (inner.name === 'note' || inner.name === 'prop') {
          const value = cleanXmlText(textContent(inner), exact);
          if (!value) continue;
          const type = inner.name === 'prop' ? attribute(inner, 'type') : undefined;
          tuvNotes.push(`(${tag}) ${type ? `${type}: ` : ''}${value}`);
        }
      }
      (lang === langs.idioma_origen ? base : target).push({ tag, text });
    } else if (child.name === 'prop') {
      const type = attribute(child, 'type') ?? '';
      const text = cleanXmlText(textContent(child), exact);
      if (type.startsWith(TMX_PROP_PREFIX)) {
        const field = type.slice(TMX_PROP_PREFIX.length);
        if (ctx.fields.has(field)) {
          (fieldValues ??= new Map()).set(field, text);
          continue;
        }
        // Contexts and definitions of languages this glossary does not have are dropped with their terms.
        if (isOtherLanguageField(field, langs)) continue;
        if (text) propNotes.push(`${field}: ${text}`);
      } else if (text) {
        propNotes.push(type ? `${type}: ${text}` : text);
      }
    } else if (child.name === 'note') {
      const text = cleanXmlText(textContent(child), exact);
      if (text) notes.push(text);
    }
  }

  const entry = blankEntry(langs);
  const extraTerms: string[] = [];
  let anyTerm = false;
  for (const [lang, all] of [
    [langs.idioma_origen, base],
    [langs.idioma_meta, target],
  ] as const) {
    const list = all.length === 1 ? all : all.filter((v) => v.text !== null);
    const first = list[0];
    if (!first || first.text === null) continue;
    // Two variants of one language (es-ES and es-MX): the unit's source language wins, else the first.
    let preferred = first;
    if (list.length > 1 && srclang && languageOfTag(srclang) === lang) {
      preferred = list.find((v) => v.tag.toLowerCase() === srclang.toLowerCase()) ?? first;
    }
    setField(entry, `termino.${lang}`, preferred.text);
    anyTerm = true;
    for (const v of list) if (v !== preferred && v.text !== preferred.text && v.text !== null) extraTerms.push(v.text);
  }
  if (!anyTerm) return null;

  if (fieldValues) for (const [field, value] of fieldValues) if (field !== 'notas') setField(entry, field, value);
  if (extraTerms.length > 0) {
    setField(entry, 'variante', [entry.variante, ...extraTerms].filter(Boolean).join('; '));
  }
  const ownNotes = fieldValues?.get('notas') ?? null;
  if (ownNotes !== null || notes.length + propNotes.length + tuvNotes.length > 0) {
    const all = [ownNotes, ...notes, ...propNotes, ...tuvNotes].filter((n): n is string => n !== null);
    setField(entry, 'notas', all.length === 1 ? all[0]! : [...new Set(all)].join('\n'));
  }
  return entry;
}

/**
 * Reads a TMX file (1.4b, and 1.1 with `lang`), streaming: a `<tu>` with a segment in one of the
 * glossary's languages becomes an entry; our export's `x-ludoterm-*` props go back to their fields.
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
  async function* items(): AsyncGenerator<ReadItem[]> {
    const events = readXmlUnits(iterateText(source), {
      units: new Set(['tu']),
      headers: new Set(['header']),
      structural: new Set(['tu', 'tuv', 'header']),
    });
    for await (const batch of events) {
      const read: ReadItem[] = [];
      for (const event of batch) {
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
          read.push({
            entrada: entryFromUnit(event.element, ctx),
            ubicacion: `unidad <tu> n.º ${event.index} (línea ${event.element.line})`,
          });
        }
      }
      if (read.length > 0) yield read;
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
