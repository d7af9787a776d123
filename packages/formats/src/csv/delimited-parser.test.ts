import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors.ts';
import { DelimitedParser, type DelimitedRow } from './delimited-parser.ts';

function parse(text: string, delimiter = ',', chunkSize = text.length || 1): DelimitedRow[] {
  const parser = new DelimitedParser(delimiter);
  const rows: DelimitedRow[] = [];
  for (let i = 0; i < text.length; i += chunkSize) rows.push(...parser.push(text.slice(i, i + chunkSize)));
  rows.push(...parser.end());
  return rows;
}

const cells = (rows: DelimitedRow[]) => rows.map((r) => r.cells);

describe('DelimitedParser', () => {
  it('splits records on LF, CRLF and CR and keeps empty cells', () => {
    expect(cells(parse('a,b\r\nc,,d\re\n'))).toEqual([['a', 'b'], ['c', '', 'd'], ['e']]);
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks, naming the start line', () => {
    const rows = parse('x,"a, ""b""\nc",y\nz\n');
    expect(cells(rows)).toEqual([['x', 'a, "b"\nc', 'y'], ['z']]);
    expect(rows.map((r) => r.line)).toEqual([1, 3]);
  });

  it('gives the same rows whatever the chunk size', () => {
    const text = 'uno,"dos\r\n""tres""",cuatro\r\nñ,"",\r\n"a""",b\r\n';
    const whole = cells(parse(text));
    for (const size of [1, 2, 3, 5, 7]) expect(cells(parse(text, ',', size))).toEqual(whole);
  });

  it('takes text after a closing quote literally, as spreadsheets do', () => {
    expect(cells(parse('"abc"def,g\n'))).toEqual([['abcdef', 'g']]);
  });

  it('recognises backslash-escaped quotes once one cannot be a closing quote', () => {
    const rows = parse('1,"<img title=\\"x\\" alt=\\"\\" />",2\n3,"a \\"quoted\\"",4\n');
    expect(cells(rows)).toEqual([
      ['1', '<img title="x" alt="" />', '2'],
      ['3', 'a "quoted"', '4'],
    ]);
  });

  it('refuses a quote left open at the end of the file, naming where it opened', () => {
    try {
      parse('a,b\nc,"d\ne,f\n');
      throw new Error('no falló');
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      const e = error as FormatError;
      expect(e.code).toBe('CSV_MALFORMED');
      expect(e.ubicacion).toEqual({ linea: 2, columna: 3 });
      expect(e.detail).toContain('línea 2, columna 3');
    }
  });

  it('splits on tabs and semicolons', () => {
    expect(cells(parse('a\tb;c\n', '\t'))).toEqual([['a', 'b;c']]);
    expect(cells(parse('a\tb;c\n', ';'))).toEqual([['a\tb', 'c']]);
  });
});
