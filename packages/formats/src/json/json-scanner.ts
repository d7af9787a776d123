import { FormatError } from '../errors.ts';

/** What the scanner finds, in document order. */
export type JsonEvent =
  | { kind: 'root'; type: 'array' | 'object' }
  /** A member of the root object other than the streamed array, parsed whole. */
  | { kind: 'member'; key: string; value: unknown }
  /** The streamed array begins: the root array (`key` null) or the root object's `key` member. */
  | { kind: 'array-start'; key: string | null }
  | { kind: 'element'; value: unknown; index: number; line: number }
  | { kind: 'array-end' };

type State =
  | 'before-root'
  | 'object-key-or-end'
  | 'object-key'
  | 'colon'
  | 'member-value'
  | 'object-comma-or-end'
  | 'array-value-or-end'
  | 'array-value'
  | 'array-comma-or-end'
  | 'after-root'
  | 'capture';

type CaptureKind = 'key' | 'member' | 'element';

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

function describeChar(c: string | undefined): string {
  if (c === undefined) return 'el final del archivo';
  if (c === '\n' || c === '\r') return 'un salto de línea';
  return `«${c}»`;
}

/**
 * A streaming JSON scanner for `[ {...}, ... ]` or `{ ..., "entradas": [ ... ] }`: each element
 * of the streamed array is cut out while scanning and parsed alone, so only one is held at once.
 */
export class JsonScanner {
  readonly #streamKey: string;
  #state: State = 'before-root';
  #rootType: 'array' | 'object' | null = null;
  #inRootObject = false;
  #line = 1;
  #column = 1;
  #index = 0;
  #captureKind: CaptureKind = 'element';
  #captureParts: string[] = [];
  #captureDepth = 0;
  #captureInString = false;
  #captureEscape = false;
  #captureScalar = false;
  #captureLine = 1;
  #captureColumn = 1;
  #currentKey = '';
  #afterCapture: State = 'after-root';

  constructor(streamKey = 'entradas') {
    this.#streamKey = streamKey;
  }

  push(chunk: string): JsonEvent[] {
    const events: JsonEvent[] = [];
    this.#scan(chunk, events);
    return events;
  }

  end(): JsonEvent[] {
    const events: JsonEvent[] = [];
    if (this.#state === 'capture' && this.#captureScalar) this.#finishCapture('', events);
    if (this.#state !== 'after-root') {
      const what =
        this.#state === 'before-root'
          ? 'El archivo JSON no tiene contenido.'
          : `El JSON termina antes de tiempo (línea ${this.#line}, columna ${this.#column}): falta cerrar ` +
            `${this.#inRootObject || this.#rootType === 'object' ? 'algún objeto o la lista' : 'la lista'}. ` +
            'Puede que el archivo esté truncado: vuelve a exportarlo.';
      throw new FormatError('JSON_MALFORMED', what, { linea: this.#line, columna: this.#column });
    }
    return events;
  }

  #error(found: string | undefined, expected: string): FormatError {
    return new FormatError(
      'JSON_MALFORMED',
      `JSON mal formado en la línea ${this.#line}, columna ${this.#column}: se esperaba ${expected} y hay ${describeChar(found)}. ` +
        'Corrige el archivo (por ejemplo, con un validador de JSON) y vuelve a importarlo.',
      { linea: this.#line, columna: this.#column },
    );
  }

  #advance(c: number): void {
    if (c === 0x0a) {
      this.#line += 1;
      this.#column = 1;
    } else {
      this.#column += 1;
    }
  }

  #startCapture(kind: CaptureKind, then: State, c: number): void {
    this.#state = 'capture';
    this.#captureKind = kind;
    this.#afterCapture = then;
    this.#captureParts = [];
    this.#captureDepth = 0;
    this.#captureInString = false;
    this.#captureEscape = false;
    this.#captureScalar = c !== 0x7b && c !== 0x5b && c !== 0x22;
    this.#captureLine = this.#line;
    this.#captureColumn = this.#column;
  }

  #finishCapture(tail: string, events: JsonEvent[]): void {
    this.#captureParts.push(tail);
    const raw = this.#captureParts.join('');
    this.#captureParts = [];
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw this.#parseError(raw, error);
    }
    this.#state = this.#afterCapture;
    if (this.#captureKind === 'key') {
      this.#currentKey = value as string;
    } else if (this.#captureKind === 'member') {
      events.push({ kind: 'member', key: this.#currentKey, value });
    } else {
      this.#index += 1;
      events.push({ kind: 'element', value, index: this.#index, line: this.#captureLine });
    }
  }

  #parseError(raw: string, error: unknown): FormatError {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    let line = this.#captureLine;
    let column = this.#captureColumn;
    if (position) {
      const upTo = raw.slice(0, Number(position[1]));
      const breaks = upTo.split('\n');
      line += breaks.length - 1;
      column = breaks.length > 1 ? breaks.at(-1)!.length + 1 : column + upTo.length;
    }
    const what = this.#captureKind === 'element' ? `el elemento n.º ${this.#index + 1} de la lista` : 'un valor';
    return new FormatError(
      'JSON_MALFORMED',
      `JSON mal formado en ${what}, línea ${line}, columna ${column}: ${describeJsonProblem(message)}. ` +
        'Corrige el archivo (por ejemplo, con un validador de JSON) y vuelve a importarlo.',
      { linea: line, columna: column, elemento: what },
    );
  }

  #scan(text: string, events: JsonEvent[]): void {
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (this.#state === 'capture') {
        i = this.#scanCapture(text, i, events);
        continue;
      }
      const c = text.charCodeAt(i);
      if (WS.has(c)) {
        this.#advance(c);
        i += 1;
        continue;
      }
      const ch = text[i];
      switch (this.#state) {
        case 'before-root':
          if (c === 0xfeff) break;
          if (ch === '[') {
            this.#rootType = 'array';
            events.push({ kind: 'root', type: 'array' }, { kind: 'array-start', key: null });
            this.#state = 'array-value-or-end';
          } else if (ch === '{') {
            this.#rootType = 'object';
            events.push({ kind: 'root', type: 'object' });
            this.#state = 'object-key-or-end';
          } else {
            throw this.#error(ch, 'una lista ([…]) o un objeto ({…}) al principio del archivo');
          }
          break;
        case 'object-key-or-end':
        case 'object-key':
          if (ch === '"') {
            this.#startCapture('key', 'colon', c);
            continue;
          }
          if (ch === '}' && this.#state === 'object-key-or-end') {
            this.#state = 'after-root';
            break;
          }
          throw this.#error(ch, 'el nombre de un campo entre comillas');
        case 'colon':
          if (ch !== ':') throw this.#error(ch, '«:» después del nombre del campo');
          this.#state = 'member-value';
          break;
        case 'member-value':
          if (ch === '[' && this.#currentKey === this.#streamKey) {
            events.push({ kind: 'array-start', key: this.#currentKey });
            this.#inRootObject = true;
            this.#state = 'array-value-or-end';
            break;
          }
          this.#startCapture('member', 'object-comma-or-end', c);
          continue;
        case 'object-comma-or-end':
          if (ch === ',') this.#state = 'object-key';
          else if (ch === '}') this.#state = 'after-root';
          else throw this.#error(ch, '«,» o «}»');
          break;
        case 'array-value-or-end':
          if (ch === ']') {
            this.#endArray(events);
            break;
          }
          this.#startCapture('element', 'array-comma-or-end', c);
          continue;
        case 'array-value':
          if (ch === ']') throw this.#error(ch, 'otro elemento después de la coma (sobra una coma al final de la lista)');
          this.#startCapture('element', 'array-comma-or-end', c);
          continue;
        case 'array-comma-or-end':
          if (ch === ',') this.#state = 'array-value';
          else if (ch === ']') this.#endArray(events);
          else throw this.#error(ch, '«,» o «]» entre los elementos de la lista');
          break;
        case 'after-root':
          throw this.#error(ch, 'el final del archivo después del JSON');
      }
      this.#advance(c);
      i += 1;
    }
  }

  #endArray(events: JsonEvent[]): void {
    events.push({ kind: 'array-end' });
    if (this.#inRootObject) {
      this.#inRootObject = false;
      this.#state = 'object-comma-or-end';
    } else {
      this.#state = 'after-root';
    }
  }

  /** Scans a value being captured from `start`; answers where scanning stopped. */
  #scanCapture(text: string, start: number, events: JsonEvent[]): number {
    const n = text.length;
    let i = start;
    if (this.#captureScalar) {
      while (i < n) {
        const c = text.charCodeAt(i);
        if (WS.has(c) || c === 0x2c || c === 0x5d || c === 0x7d) break;
        this.#column += 1;
        i += 1;
      }
      if (i >= n) {
        this.#captureParts.push(text.slice(start));
        return n;
      }
      this.#finishCapture(text.slice(start, i), events);
      return i;
    }
    while (i < n) {
      if (this.#captureInString) {
        // Jump to the next quote or backslash.
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (this.#captureEscape) {
            this.#captureEscape = false;
          } else if (c === 0x5c) {
            this.#captureEscape = true;
          } else if (c === 0x22) {
            break;
          }
          j += 1;
        }
        this.#column += j - i;
        if (j >= n) break;
        this.#captureInString = false;
        this.#column += 1;
        i = j + 1;
        if (this.#captureDepth === 0) {
          this.#finishCapture(text.slice(start, i), events);
          return i;
        }
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === 0x22) this.#captureInString = true;
      else if (c === 0x7b || c === 0x5b) this.#captureDepth += 1;
      else if (c === 0x7d || c === 0x5d) {
        this.#captureDepth -= 1;
        if (this.#captureDepth === 0) {
          this.#advance(c);
          this.#finishCapture(text.slice(start, i + 1), events);
          return i + 1;
        }
      }
      this.#advance(c);
      i += 1;
    }
    this.#captureParts.push(text.slice(start));
    return n;
  }
}

/** A Spanish rendering of V8's JSON.parse message. */
function describeJsonProblem(message: string): string {
  if (/Unterminated string/i.test(message)) return 'hay un texto entre comillas sin cerrar';
  if (/Bad control character/i.test(message)) return 'hay un salto de línea o tabulador sin escapar dentro de un texto (escríbelo como \\n o \\t)';
  if (/Expected property name|double-quoted property/i.test(message)) return 'falta el nombre de un campo entre comillas dobles (o sobra una coma)';
  if (/Bad escaped character|escape/i.test(message)) return 'hay una barra invertida (\\) que no forma un escape válido';
  if (/Unexpected end/i.test(message)) return 'el valor termina antes de tiempo';
  if (/Unexpected token|Unexpected non-whitespace/i.test(message)) return 'hay un carácter inesperado (¿comillas simples, una coma de más o de menos?)';
  return 'el valor no es JSON válido';
}
