import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.ts';
import { es, errorDetails, format, plural, type CountMessage } from './es.ts';

const spec = readFileSync(
  fileURLToPath(new URL('../../../../docs/spec/seed-spec.md', import.meta.url)),
  'utf8',
);

function section(number: number): string {
  const start = spec.indexOf(`\n## ${number}. `);
  const end = spec.indexOf('\n## ', start + 1);
  return spec.slice(start, end === -1 ? undefined : end);
}

/** Quoted Spanish strings: '…' not part of an English possessive like glossary's. */
function quoted(text: string): string[] {
  return [...text.matchAll(/(?<![A-Za-z])'([^'\n]+?)'(?![A-Za-z])/g)].map((m) => m[1]!);
}

function catalogueValues(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node && typeof node === 'object') return Object.values(node).flatMap(catalogueValues);
  return [];
}

// The spec writes a few placeholders in prose; the catalogue writes them as {n}.
const placeholderSpellings: Record<string, string> = {
  'Versión n': 'Versión {n}',
  'Importación completada (N elementos).': 'Importación completada ({n} elementos).',
};

describe('messages/es', () => {
  const values = new Set(catalogueValues(es));

  it.each([2, 5, 6, 8])('holds every quoted string of section %i of the spec', (n) => {
    const strings = quoted(section(n));
    expect(strings.length).toBeGreaterThan(1);
    const missing = strings
      .map((s) => placeholderSpellings[s] ?? s)
      .filter((s) => s !== '❌ ' || !values.has(es.export.errorPrefix))
      .filter((s) => !values.has(s));
    expect(missing).toEqual([]);
  });

  it('holds every header title and sidebar label of section 2', () => {
    const s2 = section(2);
    const titles = s2
      .slice(s2.indexOf('Header titles by page:'), s2.indexOf('### Public routes'))
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .map((l) => l.slice(2).trim().replace('{the product}', 'LudoTerm'));
    const labels = [...s2.matchAll(/^ {2}- \/\S* \(([^)]+)\)/gm)].map((m) => m[1]!);
    expect(titles).toHaveLength(12);
    expect(labels).toHaveLength(10);
    expect(titles.filter((t) => !values.has(t))).toEqual([]);
    expect(labels.filter((l) => !values.has(l))).toEqual([]);
  });

  it('has a Spanish detail for every error code', () => {
    for (const code of ERROR_CODES) expect(errorDetails[code]).toMatch(/\S/);
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(format(es.create.created, { name: 'RPG' })).toBe('Glosario "RPG" creado.');
    expect(format('{a} {b}', { a: 1 })).toBe('1 {b}');
  });

  it('agrees counts in Spanish: the one form for 1, the zero form for 0 when there is one', () => {
    expect(plural(es.import.done, 1)).toBe('Importación completada (1 elemento).');
    expect(plural(es.import.done, 2)).toBe('Importación completada (2 elementos).');
    expect(plural(es.import.done, 0)).toBe('No se ha importado ningún elemento.');
    expect(plural(es.entries.count, 0)).toBe('0 entradas');
    expect(plural(es.entries.count, 12_345)).toBe('12.345 entradas');
    // Intl says "many" for a million: Spanish writes the plural.
    expect(plural(es.entries.count, 1_000_000)).toBe('1.000.000 entradas');
    expect(plural(es.search.showing, 1, { total: 3 })).toBe('Se muestra 1 de 3.');
  });

  it('writes no count message with "1 …" followed by a plural word', () => {
    const counts: [string, CountMessage][] = [];
    const walk = (node: unknown, path: string) => {
      if (!node || typeof node !== 'object') return;
      if ('one' in node && 'other' in node) counts.push([path, node as CountMessage]);
      else for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
    };
    walk(es, 'es');
    expect(counts.length).toBeGreaterThan(15);
    for (const [path, m] of counts) {
      expect(m.one, path).not.toContain('{n}');
      expect(m.one, path).not.toMatch(/\b1 \S+(s|as|os)\b(?! de)/u);
    }
  });
});
