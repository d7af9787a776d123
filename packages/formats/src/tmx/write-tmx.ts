import { type EntrySource, type ExportEntry, getField, type GlossaryMeta, nonTermFieldIds } from '../model.ts';
import { TextBatcher } from '../output/text-batcher.ts';
import { escapeXmlAttribute, escapeXmlText } from '../xml/xml-text.ts';
import { TMX_CREATION_TOOL, TMX_PROP_PREFIX } from './read-tmx.ts';

export interface WriteTmxOptions {
  /** `creationtoolversion` of the header. */
  toolVersion?: string;
  /** The header's `creationdate` (now by default). */
  fecha?: Date;
}

/** `2026-01-22T10:15:00Z` or with milliseconds: what toISOString and the API answer. */
const CANONICAL_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{3})?Z$/;

/** An ISO 8601 date as TMX writes it (`20260122T101500Z`), or undefined when not a date. */
export function tmxDate(value: string | Date | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  // The API's own dates (UTC, `Z`) are rewritten without a Date: an export formats many of them.
  if (typeof value === 'string' && CANONICAL_UTC.test(value)) {
    return `${value.slice(0, 4)}${value.slice(5, 7)}${value.slice(8, 13)}${value.slice(14, 16)}${value.slice(17, 19)}Z`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function attr(name: string, value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '' : ` ${name}="${escapeXmlAttribute(String(value))}"`;
}

function unitXml(entry: ExportEntry, meta: GlossaryMeta, fields: readonly string[]): string {
  let out =
    `    <tu${attr('tuid', entry.id)}${attr('creationid', entry.autor)}` +
    `${attr('creationdate', tmxDate(entry.fecha_creacion))}${attr('changedate', tmxDate(entry.updated_at))}>\n`;
  for (const id of fields) {
    if (id === 'notas') continue;
    const value = getField(entry, id);
    if (value !== null && value !== '') {
      out += `      <prop type="${TMX_PROP_PREFIX}${id}">${escapeXmlText(value)}</prop>\n`;
    }
  }
  if (entry.notas) out += `      <note>${escapeXmlText(entry.notas)}</note>\n`;
  const base = getField(entry, `termino.${meta.idioma_origen}`);
  const target = getField(entry, `termino.${meta.idioma_meta}`);
  // A <tu> needs at least one <tuv>: an entry with no term keeps an empty base segment.
  if (base || !target) out += `      <tuv xml:lang="${meta.idioma_origen}"><seg>${escapeXmlText(base ?? '')}</seg></tuv>\n`;
  if (target) out += `      <tuv xml:lang="${meta.idioma_meta}"><seg>${escapeXmlText(target)}</seg></tuv>\n`;
  return `${out}    </tu>\n`;
}

/** TMX 1.4b export, streamed: card fields without a TMX slot become `x-ludoterm-*` props. */
export async function* writeTmx(
  entries: EntrySource,
  meta: GlossaryMeta,
  options: WriteTmxOptions = {},
): AsyncGenerator<string> {
  const fields = nonTermFieldIds(meta);
  const batcher = new TextBatcher();
  batcher.push(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<!DOCTYPE tmx SYSTEM "tmx14.dtd">\n' +
      '<tmx version="1.4">\n' +
      `  <header creationtool="${TMX_CREATION_TOOL}"${attr('creationtoolversion', options.toolVersion ?? '1')}` +
      ` segtype="phrase" o-tmf="${TMX_CREATION_TOOL}" adminlang="es" srclang="${meta.idioma_origen}"` +
      ` datatype="plaintext"${attr('creationdate', tmxDate(options.fecha ?? new Date()))}>\n` +
      `    <prop type="${TMX_PROP_PREFIX}glosario">${escapeXmlText(meta.nombre)}</prop>\n` +
      `    <prop type="${TMX_PROP_PREFIX}idiomas">${meta.idioma_origen}-${meta.idioma_meta}</prop>\n` +
      (meta.descripcion ? `    <note>${escapeXmlText(meta.descripcion)}</note>\n` : '') +
      '  </header>\n' +
      '  <body>\n',
  );
  for await (const entry of entries) {
    const batch = batcher.push(unitXml(entry, meta, fields));
    if (batch) yield batch;
  }
  batcher.push('  </body>\n</tmx>\n');
  yield batcher.flush();
}
