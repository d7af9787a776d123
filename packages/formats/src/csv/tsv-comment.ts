import { type EntryInput } from '@ludoterm/contract';
import { type ExportEntry, getField, glossaryCardFields, type GlossaryLanguages, setField } from '../model.ts';

export const TSV_COMMENT_SEPARATOR = ' | ';

/** Tabs and line breaks cannot live in a line-based glossary: each run becomes one space. */
export function flattenTsvValue(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function commentFields(langs: GlossaryLanguages) {
  return glossaryCardFields(langs).filter((f) => !f.id.startsWith('termino.'));
}

/** The TSV comment column: the other non-empty fields as `Etiqueta: valor`, joined by ` | `. */
export function formatTsvComment(entry: ExportEntry, langs: GlossaryLanguages): string {
  const parts: string[] = [];
  for (const field of commentFields(langs)) {
    const value = getField(entry, field.id);
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

/** Puts a headerless file's third column into an entry: labelled parts to their fields, else notes. */
export function applyTsvComment(entry: EntryInput, comment: string | null, langs: GlossaryLanguages): void {
  if (comment === null) return;
  const fields = parseTsvComment(comment, langs);
  if (fields === null) {
    setField(entry, 'notas', comment);
    return;
  }
  for (const [id, value] of fields) {
    const clean = value.trim();
    setField(entry, id, clean === '' ? null : clean);
  }
}
