import type { EntryInput } from '@ludoterm/contract';
import { FormatError } from './errors.ts';

/** One unit of a file as a reader produced it: an entry, or `null` when it was skipped. */
export interface ReadItem {
  entrada: EntryInput | null;
  /** Where the unit is, in Spanish, for messages: `línea 12`, `<tu> n.º 4 (línea 30)`. */
  ubicacion: string;
  /** What the reader took differently from the file (an unknown status kept as admitido…). */
  avisos?: string[];
}

export interface ReadEntry extends ReadItem {
  entrada: EntryInput;
}

/**
 * The entries of a file, read lazily in the reader's batches (each asynchronous step costs a
 * promise). Iterate it once; each step parses just enough, so the server validates before writing.
 */
export class EntryStream implements AsyncIterable<EntryInput> {
  omitidos = 0;
  leidas = 0;
  ubicacion = '';
  readonly #source: AsyncIterable<readonly ReadItem[]>;
  readonly #explainEmpty: (stream: EntryStream) => string;
  #started = false;

  constructor(
    source: AsyncIterable<readonly ReadItem[]>,
    explainEmpty: (stream: EntryStream) => string,
  ) {
    this.#source = source;
    this.#explainEmpty = explainEmpty;
  }

  async *batches(): AsyncGenerator<ReadEntry[], void, undefined> {
    if (this.#started) throw new Error('EntryStream solo se puede recorrer una vez.');
    this.#started = true;
    for await (const items of this.#source) {
      const entries: ReadEntry[] = [];
      for (const item of items) {
        if (item.entrada === null) this.omitidos += 1;
        else entries.push(item as ReadEntry);
      }
      this.leidas += entries.length;
      if (entries.length > 0) yield entries;
    }
    if (this.leidas === 0) throw new FormatError('NOTHING_TO_IMPORT', this.#explainEmpty(this));
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<EntryInput, void, undefined> {
    for await (const entries of this.batches()) {
      for (const entry of entries) {
        this.ubicacion = entry.ubicacion;
        yield entry.entrada;
      }
    }
  }
}

/** Reads a whole stream into memory (tests, small files). */
export async function collectEntries(
  stream: EntryStream,
): Promise<{ entradas: EntryInput[]; omitidos: number }> {
  const entradas: EntryInput[] = [];
  for await (const entries of stream.batches()) {
    for (const entry of entries) entradas.push(entry.entrada);
  }
  return { entradas, omitidos: stream.omitidos };
}
