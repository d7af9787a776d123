import { definitionFieldId, type Language, type Term } from '@ludoterm/contract';
import { type EntrySource, type ExportEntry, getField, type GlossaryMeta } from '../model.ts';
import { TextBatcher } from '../output/text-batcher.ts';
import { escapeXmlAttribute, escapeXmlText } from '../xml/xml-text.ts';
import { TBX_EXPORT_MARK } from './read-tbx.ts';
import { cardToPartOfSpeech, partOfSpeechToCard } from './tbx-categories.ts';
import { partOfSpeechValueOf, termNotesOf } from './tbx-term-data.ts';

export interface WriteTbxOptions {
  /** 2: TBX-Basic v2 (`martif`, the default); 3: TBX-Basic v3 (`tbx`, DCA style, ISO 30042:2019). */
  version?: 2 | 3;
  /** Date written in the header (now by default). */
  fecha?: Date;
}

/** Card fields with no TBX-Basic data category: written as notes labelled with the field id. */
export const TBX_LABELLED_FIELDS = ['subindice', 'mecanismo', 'relaciones', 'variante', 'cuestiones_traductologicas', 'notas'] as const;

interface Names {
  entry: string;
  lang: string;
  term: string;
}

const V2: Names = { entry: 'termEntry', lang: 'langSet', term: 'tig' };
const V3: Names = { entry: 'conceptEntry', lang: 'langSec', term: 'termSec' };

function text(value: string): string {
  return escapeXmlText(value);
}

/** An ISO 8601 date or date-time: its day is its first ten characters, whatever its zone. */
const ISO_DAY = /^\d{4}-\d\d-\d\d(?:$|T)/;
const ISO_DATE_TIME = /^\d{4}-\d\d-\d\d(?:T\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?$/;

/** An id the TBX schemas accept (xsd:ID, an XML name without colons); other concept ids get ours. */
const XML_NAME = /^[\p{L}_][\p{L}\p{N}._-]*$/u;

function isoDay(value: string | null | undefined): string | null {
  if (!value) return null;
  // The day as written: read as a local time, a date-time without zone could move to another day.
  if (ISO_DAY.test(value)) return value.slice(0, 10);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

function transaction(
  kind: 'origination' | 'modification',
  who: string | null | undefined,
  when: string | null | undefined,
  asWritten = false,
): string {
  const day = asWritten && when && ISO_DATE_TIME.test(when) ? when : isoDay(when);
  if (!day && !who) return '';
  return (
    `      <transacGrp><transac type="transactionType">${kind}</transac>` +
    (who ? `<transacNote type="responsibility">${text(who)}</transacNote>` : '') +
    (day ? `<date>${day}</date>` : '') +
    '</transacGrp>\n'
  );
}

function note(id: string, value: string): string {
  return `      <note>${text(`${id}: ${value}`)}</note>\n`;
}

function termNotesXml(term: Pick<Term, 'estado' | 'tipo' | 'genero'>): string {
  return termNotesOf(term)
    .map(([type, v]) => `          <termNote type="${type}">${v}</termNote>\n`)
    .join('');
}

/**
 * A language's terms to write one by one, in the entry's order (which a re-import keeps); empty
 * when they say no more than its one preferred full term (so plain entries are written as before).
 */
function listedTerms(entry: ExportEntry, lang: Language, shownText: string | null): Term[] {
  if (shownText === null) return [];
  const own = (entry.terminos ?? []).filter((t) => t.idioma === lang && t.termino.trim() !== '');
  const shown = own.find((t) => t.termino === shownText);
  if (!shown) return [];
  const plain =
    own.length === 1 &&
    shown.estado === 'preferido' &&
    shown.tipo === 'termino_completo' &&
    !shown.categoria_gramatical &&
    !shown.genero &&
    !shown.numero &&
    !shown.nota_uso;
  return plain ? [] : own;
}

function conceptXml(entry: ExportEntry, meta: GlossaryMeta, version: 2 | 3, id: string): string {
  const names = version === 3 ? V3 : V2;
  const value = (field: string): string | null => {
    const v = getField(entry, field);
    return v === null || v.trim() === '' ? null : v;
  };
  const base = meta.idioma_origen;
  const langs: Language[] = [base, meta.idioma_meta];
  const terms = new Map(langs.map((l) => [l, value(`termino.${l}`)]));
  const hasBase = terms.get(base) !== null;
  const target = meta.idioma_meta;
  const definicion = value('definicion');
  const targetDefinitionId = definitionFieldId(target);
  const definicionMeta = value(targetDefinitionId);
  const fuente = value('fuente');
  // «Fuente» is the base definition's source; with only the target's definition, that one's.
  const targetHoldsFuente = !definicion && definicionMeta !== null && terms.get(target) !== null;
  const listed = new Map(langs.map((l) => [l, listedTerms(entry, l, terms.get(l) ?? null)]));
  const categoria = value('categoria');
  // Without a term list, the card's categoria rides as partOfSpeech on the main term of the first
  // language with a term; with one, that term carries its own. The reader fills categoria from the
  // terms' parts of speech, so a labelled note keeps the card's own when they differ (empty for none).
  const posLang = hasBase ? base : langs.find((l) => terms.get(l) !== null);
  const withList = [...listed.values()].some((list) => list.length > 0);
  const shownTerm = (lang: Language) => listed.get(lang)?.find((t) => t.termino === terms.get(lang));
  const carrier = posLang ? shownTerm(posLang) : undefined;
  const carrierPos = withList ? partOfSpeechValueOf(carrier?.categoria_gramatical ?? null) : categoria ? cardToPartOfSpeech(categoria) : null;
  const anyTermPos = [...listed.values()].some((list) => list.some((t) => t.categoria_gramatical));
  const categoriaNote =
    categoria !== null
      ? carrierPos === null || partOfSpeechToCard(carrierPos) !== categoria
        ? categoria
        : null
      : anyTermPos
        ? ''
        : null;

  let out = `    <${names.entry} id="${escapeXmlAttribute(id)}">\n`;
  const area = value('area');
  if (area) out += `      <descrip type="subjectField">${text(area)}</descrip>\n`;
  // An imported concept's own record travels on, so its termbase's history is not replaced by ours.
  // TBX v2 keeps its dates as the termbase wrote them (a date-time too); v3's <date> holds a day only.
  const record = entry.registro_original;
  if (record) {
    out += transaction('origination', record.creado_por, record.creado_en, version === 2);
    out += transaction('modification', record.modificado_por, record.modificado_en, version === 2);
  } else {
    out += transaction('origination', entry.autor, entry.fecha_creacion);
    if (entry.updated_at && entry.updated_at !== entry.fecha_creacion) out += transaction('modification', undefined, entry.updated_at);
  }
  const definitionXml = (indent: string, definition: string | null, source: string | null): string =>
    (definition
      ? `${indent}<descripGrp><descrip type="definition">${text(definition)}</descrip>` +
        (source ? `<admin type="source">${text(source)}</admin>` : '') +
        '</descripGrp>\n'
      : source
        ? `${indent}<admin type="source">${text(source)}</admin>\n`
        : '');
  const baseSource = targetHoldsFuente ? null : fuente;
  if (!hasBase) out += definitionXml('      ', definicion, baseSource);
  if (categoriaNote !== null) out += note('categoria', categoriaNote);
  for (const field of TBX_LABELLED_FIELDS) {
    const v = value(field);
    if (v) out += note(field, v);
  }
  for (const lang of langs) {
    const context = value(`contexto_${lang}`);
    const contextSource = value(`fuente_contexto_${lang}`);
    if (terms.get(lang) === null || !context) {
      // No term (or no context) to hang them on: labelled notes keep them.
      if (context) out += note(`contexto_${lang}`, context);
      if (contextSource) out += note(`fuente_contexto_${lang}`, contextSource);
    }
  }
  if (definicionMeta && terms.get(target) === null) out += note(targetDefinitionId, definicionMeta);
  // TBX-Basic has no review state; a draft is what an import assumes anyway.
  if (entry.estado_revision && entry.estado_revision !== 'borrador') out += note('estado_revision', entry.estado_revision);
  // A concept id that is no XML name cannot be the `id`: a labelled note keeps it for the way back.
  if (entry.id_externo && entry.id_externo !== id) out += note('id_externo', entry.id_externo);

  let termless = true;
  for (const lang of langs) {
    const term = terms.get(lang) ?? null;
    if (term === null) continue;
    termless = false;
    out += `      <${names.lang} xml:lang="${lang}">\n`;
    if (lang === base) out += definitionXml('        ', definicion, baseSource);
    else out += definitionXml('        ', definicionMeta, targetHoldsFuente ? fuente : null);
    const termSec = (termText: string, data: Term | undefined, pos: string | null, context: string) =>
      `        <${names.term}>\n          <term>${text(termText)}</term>\n` +
      (pos ? `          <termNote type="partOfSpeech">${pos}</termNote>\n` : '') +
      (data ? termNotesXml(data) : '') +
      context +
      (data?.nota_uso ? `          <note>${text(data.nota_uso)}</note>\n` : '') +
      `        </${names.term}>\n`;
    // The shown term also carries the card's context for that language.
    const context = value(`contexto_${lang}`);
    const contextSource = value(`fuente_contexto_${lang}`);
    const contextXml = context
      ? `          <descripGrp><descrip type="context">${text(context)}</descrip>` +
        (contextSource ? `<admin type="source">${text(contextSource)}</admin>` : '') +
        '</descripGrp>\n'
      : '';
    const own = listed.get(lang) ?? [];
    const shown = shownTerm(lang);
    const shownPos = lang === posLang ? carrierPos : partOfSpeechValueOf(shown?.categoria_gramatical ?? null);
    if (own.length === 0) out += termSec(term, undefined, shownPos, contextXml);
    // With a term list, every term of the language in the entry's order, each with its data.
    for (const t of own) {
      out +=
        t === shown
          ? termSec(term, t, shownPos, contextXml)
          : termSec(t.termino, t, partOfSpeechValueOf(t.categoria_gramatical), '');
    }
    out += `      </${names.lang}>\n`;
  }
  if (termless) {
    // Every entry needs a language section with a term: an entry without terms keeps an empty one.
    out += `      <${names.lang} xml:lang="${base}">\n        <${names.term}>\n          <term></term>\n        </${names.term}>\n      </${names.lang}>\n`;
  }
  return `${out}    </${names.entry}>\n`;
}

function header(meta: GlossaryMeta, version: 2 | 3, fecha: Date): string {
  const title =
    `        <titleStmt>\n          <title>${text(meta.nombre)}</title>\n` +
    (meta.descripcion ? `          <note>${text(meta.descripcion)}</note>\n` : '') +
    '        </titleStmt>\n';
  const source =
    `        <sourceDesc>\n          <p>${TBX_EXPORT_MARK} el ${fecha.toISOString().slice(0, 10)}: ` +
    `glosario ${text(meta.nombre_seguro)} (${meta.idioma_origen}→${meta.idioma_meta}).</p>\n        </sourceDesc>\n`;
  if (version === 3) {
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<tbx type="TBX-Basic" style="dca" xml:lang="${meta.idioma_origen}" xmlns="urn:iso:std:iso:30042:ed-2">\n` +
      `  <tbxHeader>\n      <fileDesc>\n${title}${source}      </fileDesc>\n  </tbxHeader>\n` +
      '  <text>\n  <body>\n'
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<martif type="TBX-Basic" xml:lang="${meta.idioma_origen}">\n` +
    `  <martifHeader>\n      <fileDesc>\n${title}${source}      </fileDesc>\n` +
    '      <encodingDesc>\n        <p type="XCSURI">TBXBasicXCSV02.xcs</p>\n      </encodingDesc>\n  </martifHeader>\n' +
    '  <text>\n  <body>\n'
  );
}

/**
 * TBX export, streamed: TBX-Basic v2 (`martif`) or v3 (DCA style), with only TBX-Basic's data
 * categories; other card fields travel as notes labelled with their id, which the reader maps back.
 */
export async function* writeTbx(
  entries: EntrySource,
  meta: GlossaryMeta,
  options: WriteTbxOptions = {},
): AsyncGenerator<string> {
  const version = options.version ?? 2;
  const batcher = new TextBatcher();
  batcher.push(header(meta, version, options.fecha ?? new Date()));
  const used = new Set<string>();
  let index = 0;
  for await (const entry of entries) {
    index += 1;
    let id = entry.id_externo && XML_NAME.test(entry.id_externo) ? entry.id_externo : typeof entry.id === 'number' ? `c${entry.id}` : `c-${index}`;
    if (used.has(id)) id = `c-${index}-${used.size}`;
    used.add(id);
    const batch = batcher.push(conceptXml(entry, meta, version, id));
    if (batch) yield batch;
  }
  batcher.push(`  </body>\n  </text>\n</${version === 3 ? 'tbx' : 'martif'}>\n`);
  yield batcher.flush();
}
