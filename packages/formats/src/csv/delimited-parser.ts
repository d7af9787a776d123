import { FormatError } from '../errors.ts';
import type { TableRow } from './read-table.ts';

/** A record; its `line` is where it starts, as a quoted field may make it span several. */
export type DelimitedRow = TableRow;

const QUOTE = 34; // "
const LF = 10;
const CR = 13;
const BACKSLASH = 92;

function oddTrailingBackslashes(text: string): boolean {
  let count = 0;
  for (let i = text.length - 1; i >= 0 && text.charCodeAt(i) === BACKSLASH; i -= 1) count += 1;
  return count % 2 === 1;
}

/**
 * A streaming parser of delimited text: RFC 4180 plus what spreadsheets and CAT tools write. A
 * quote followed by more text is literal, as in Excel; after the first `\"` that cannot close a
 * field, `\"` is a literal quote (PHP and MySQL exports). Feed chunks with `push`, then `end`.
 */
export class DelimitedParser {
  readonly #delimiter: number;
  #cells: string[] = [];
  #field = '';
  #state: 'start' | 'unquoted' | 'quoted' | 'closed' = 'start';
  #line = 1;
  #rowLine = 1;
  #quoteLine = 1;
  #quoteColumn = 1;
  #lineStart = 0;
  #carry = '';
  #skipLf = false;
  #backslashQuotes = false;
  #column = 1;

  constructor(delimiter: string) {
    this.#delimiter = delimiter.charCodeAt(0);
  }

  get backslashQuotes(): boolean {
    return this.#backslashQuotes;
  }

  push(chunk: string): DelimitedRow[] {
    const rows: DelimitedRow[] = [];
    this.#parse(this.#carry + chunk, false, rows);
    return rows;
  }

  end(): DelimitedRow[] {
    const rows: DelimitedRow[] = [];
    this.#parse(this.#carry, true, rows);
    if (this.#state === 'quoted') {
      throw new FormatError(
        'CSV_MALFORMED',
        `Hay una comilla (") sin cerrar que abre un campo en la línea ${this.#quoteLine}, columna ${this.#quoteColumn}: ` +
          'el archivo termina dentro de ese campo. Cierra la comilla, o escribe las comillas que forman parte del texto ' +
          'duplicadas ("") y vuelve a importarlo.',
        { linea: this.#quoteLine, columna: this.#quoteColumn },
      );
    }
    if (this.#state !== 'start' || this.#cells.length > 0) this.#endRow(rows);
    return rows;
  }

  #endField(): void {
    this.#cells.push(this.#field);
    this.#field = '';
    this.#state = 'start';
  }

  #endRow(rows: DelimitedRow[]): void {
    this.#endField();
    rows.push({ cells: this.#cells, line: this.#rowLine });
    this.#cells = [];
  }

  #newLine(textIndex: number): void {
    this.#line += 1;
    this.#lineStart = textIndex + 1;
    this.#column = 1;
  }

  #parse(text: string, final: boolean, rows: DelimitedRow[]): void {
    this.#carry = '';
    this.#lineStart = -this.#column + 1;
    const n = text.length;
    const delimiter = this.#delimiter;
    let i = 0;
    if (this.#skipLf && n > 0) {
      this.#skipLf = false;
      if (text.charCodeAt(0) === LF) i = 1;
    }
    while (i < n) {
      if (this.#state === 'start') {
        if (this.#cells.length === 0) this.#rowLine = this.#line;
        if (text.charCodeAt(i) === QUOTE) {
          this.#state = 'quoted';
          this.#quoteLine = this.#line;
          this.#quoteColumn = i - this.#lineStart + 1;
          i += 1;
          continue;
        }
        this.#state = 'unquoted';
      }
      if (this.#state === 'unquoted' || this.#state === 'closed') {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === delimiter || c === LF || c === CR) break;
          j += 1;
        }
        this.#field += text.slice(i, j);
        if (j >= n) break;
        const c = text.charCodeAt(j);
        i = j + 1;
        if (c === delimiter) {
          this.#endField();
          continue;
        }
        this.#endRow(rows);
        if (c === CR) {
          if (i < n) {
            if (text.charCodeAt(i) === LF) i += 1;
          } else {
            this.#skipLf = true;
          }
          this.#newLine(i - 1);
        } else {
          this.#newLine(j);
        }
        continue;
      }
      // Quoted field: jump to the next quote, counting the line breaks on the way.
      const q = text.indexOf('"', i);
      const end = q === -1 ? n : q;
      for (let k = text.indexOf('\n', i); k !== -1 && k < end; k = text.indexOf('\n', k + 1)) this.#newLine(k);
      this.#field += text.slice(i, end);
      if (q === -1) break;
      if (q + 1 >= n && !final) {
        // The quote may be the first of a doubled pair: decide with the next chunk.
        this.#carry = '"';
        break;
      }
      const next = q + 1 < n ? text.charCodeAt(q + 1) : -1;
      if (this.#backslashQuotes && oddTrailingBackslashes(this.#field)) {
        this.#field = this.#field.slice(0, -1) + '"';
        i = q + 1;
        continue;
      }
      if (next === QUOTE) {
        this.#field += '"';
        i = q + 2;
        continue;
      }
      if (next === delimiter || next === LF || next === CR || next === -1) {
        this.#state = 'closed';
        i = q + 1;
        continue;
      }
      if (oddTrailingBackslashes(this.#field)) {
        this.#backslashQuotes = true;
        this.#field = this.#field.slice(0, -1) + '"';
        i = q + 1;
        continue;
      }
      // `"abc"def`: the quote closed the field and the rest is taken as it comes.
      this.#state = 'closed';
      i = q + 1;
    }
    this.#column = n - this.#lineStart + 1;
  }
}
