import { type ImportTarget, type Language, termImportTargets } from '@ludoterm/contract';
import type { RowField } from '../mapping/column-mapping.ts';
import { type ExportEntry, getField, glossaryCardFields, type GlossaryLanguages } from '../model.ts';
import { termCells } from '../terms/language-terms.ts';

export const TSV_COMMENT_SEPARATOR = ' | ';

/** Tabs and line breaks cannot live in a line-based glossary: each run becomes one space. */
export function flattenTsvValue(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What the comment can hold: the card's fields besides the terms, then the term list's targets. */
function commentFields(langs: GlossaryLanguages): ImportTarget[] {
  return [
    ...glossaryCardFields(langs).filter((f) => !f.id.startsWith('termino.')),
    ...termImportTargets(langs.idioma_origen, langs.idioma_meta),
  ];
}

/** A comment part's value: `getField`'s, the term list's cells, or a review state other than the default. */
function commentValue(entry: ExportEntry, id: string): string | null {
  const [kind, lang] = id.split('.') as [string, Language | undefined];
  if (lang !== undefined && (kind === 'otros_terminos' || kind === 'estados')) {
    const cells = termCells(entry, lang);
    return kind === 'otros_terminos' ? cells.otros : cells.estados;
  }
  if (id === 'estado_revision') return entry.estado_revision === 'borrador' ? null : (entry.estado_revision ?? null);
  return getField(entry, id);
}

/**
 * The TSV comment column: the other non-empty fields as `Etiqueta: valor`, joined by ` | `; an
 * entry's other terms and their statuses too (`Otros términos (en): lvl | stage`).
 */
export function formatTsvComment(entry: ExportEntry, langs: GlossaryLanguages): string {
  const parts: string[] = [];
  for (const field of commentFields(langs)) {
    const value = commentValue(entry, field.id);
    if (value !== null && value.trim() !== '') parts.push(`${field.label}: ${flattenTsvValue(value.trim())}`);
  }
  return parts.join(TSV_COMMENT_SEPARATOR);
}

const patterns = new Map<string, { start: RegExp; split: RegExp; byLabel: Map<string, string> }>();

function commentPatterns(langs: GlossaryLanguages) {
  const key = `${langs.idioma_origen}-${langs.idioma_meta}`;
  let cached = patterns.get(key);
  if (!cached) {
    const byLabel = new Map<string, string>();
    for (const field of commentFields(langs)) {
      byLabel.set(field.label, field.id);
      byLabel.set(field.id, field.id);
    }
    // Longest labels first, so `Fuente del contexto (es)` is not read as `Fuente`.
    const alternatives = [...byLabel.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|');
    cached = {
      start: new RegExp(`^(${alternatives}): `),
      split: new RegExp(`${escapeRegExp(TSV_COMMENT_SEPARATOR)}(?=(?:${alternatives}): )`),
      byLabel,
    };
    patterns.set(key, cached);
  }
  return cached;
}

/** Parses a `formatTsvComment` comment; `null` for other tools' comments, which go to the notes. */
export function parseTsvComment(comment: string, langs: GlossaryLanguages): [string, string][] | null {
  const { start, split, byLabel } = commentPatterns(langs);
  if (!start.test(comment)) return null;
  const fields: [string, string][] = [];
  for (const part of comment.split(split)) {
    const match = start.exec(part);
    if (!match) return null;
    const id = byLabel.get(match[1]!);
    if (id === undefined) return null;
    fields.push([id, part.slice(match[0].length)]);
  }
  return fields;
}

/** A headerless file's third column as row fields: labelled parts to their fields, else the notes. */
export function tsvCommentFields(comment: string | null, langs: GlossaryLanguages): RowField[] {
  if (comment === null) return [];
  const fields = parseTsvComment(comment, langs);
  if (fields === null) return [{ target: 'notas', header: '', value: comment }];
  const out: RowField[] = [];
  for (const [target, value] of fields) {
    const clean = value.trim();
    if (clean !== '') out.push({ target, header: '', value: clean });
  }
  return out;
}
