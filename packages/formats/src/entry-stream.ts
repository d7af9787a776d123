import type { EntryInput } from '@ludoterm/contract';
import { FormatError } from './errors.ts';

/** One unit of a file as a reader produced it: an entry, or `null` when it was skipped. */
export interface ReadItem {
  entrada: EntryInput | null;
  /** Where the unit is, in Spanish, for messages: `línea 12`, `<tu> n.º 4 (línea 30)`. */
  ubicacion: string;
}

/**
 * The entries of a file, read lazily. Iterate it once: each step parses just enough of the file
 * to produce the next entry, so the server can validate everything before writing anything.
 * After (or during) iteration, `omitidos` counts the units skipped because they hold neither of
 * the glossary's languages, and `ubicacion` names the unit of the entry last yielded. When the
 * file yields no entry at all, iteration ends with a `NOTHING_TO_IMPORT` FormatError.
 */
export class EntryStream implements AsyncIterable<EntryInput> {
  omitidos = 0;
  leidas = 0;
  ubicacion = '';
  readonly #source: AsyncIterable<ReadItem>;
  readonly #explainEmpty: (stream: EntryStream) => string;
  #started = false;

  constructor(source: AsyncIterable<ReadItem>, explainEmpty: (stream: EntryStream) => string) {
    this.#source = source;
    this.#explainEmpty = explainEmpty;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<EntryInput, void, undefined> {
    if (this.#started) throw new Error('EntryStream solo se puede recorrer una vez.');
    this.#started = true;
    for await (const item of this.#source) {
      this.ubicacion = item.ubicacion;
      if (item.entrada === null) {
        this.omitidos += 1;
        continue;
      }
      this.leidas += 1;
      yield item.entrada;
    }
    if (this.leidas === 0) throw new FormatError('NOTHING_TO_IMPORT', this.#explainEmpty(this));
  }
}

/** Reads a whole stream into memory (tests, small files). */
export async function collectEntries(
  stream: EntryStream,
): Promise<{ entradas: EntryInput[]; omitidos: number }> {
  const entradas: EntryInput[] = [];
  for await (const entry of stream) entradas.push(entry);
  return { entradas, omitidos: stream.omitidos };
}
