// 100,000-entry files as a typical glossary holds them (terms, category, area, a definition,
// some contexts and notes), written by the project's own writers. Two sets with different
// terms: `a` goes into an empty glossary, `b` into the one `a` filled. Terms and notes carry the
// set and the entry's number, so a search can ask for the last entry of a file and no other.
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportFormat } from '@ludoterm/contract';
import { type ExportEntry, type GlossaryMeta, writeExport } from '@ludoterm/formats';
import { prng } from './prng.ts';

const ES =
  'acción ataque botín daño enemigo escudo fuerza habilidad hechizo jefe maná misión nivel objeto partida poción sigilo turno vida arma'.split(
    ' ',
  );
const EN =
  'action attack loot damage enemy shield strength skill spell boss mana quest level item match potion stealth turn life weapon'.split(
    ' ',
  );
const WORDS_ES =
  'el la de que un una recurso mágico que el jugador gasta para lanzar conjuros y se recupera con el tiempo o con pociones durante la partida'.split(
    ' ',
  );
const WORDS_EN =
  'the a of that player spends to cast spells and recovers over time or with potions during the match in story mode'.split(
    ' ',
  );

function sentence(words: string[], random: () => number, length: number): string {
  const out: string[] = [];
  for (let i = 0; i < length; i += 1) out.push(words[Math.floor(random() * words.length)]!);
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function* typicalEntries(count: number, set: string, seed: number): Generator<ExportEntry> {
  const random = prng(seed);
  for (let i = 0; i < count; i += 1) {
    const k = Math.floor(random() * ES.length);
    yield {
      termino: { es: `${ES[k]} ${set}${i}`, en: `${EN[k]} ${set}${i}` },
      categoria: 'sustantivo',
      area: random() < 0.5 ? 'Juegos de rol' : 'Estrategia',
      definicion: sentence(WORDS_ES, random, 14),
      contexto_es: random() < 0.3 ? sentence(WORDS_ES, random, 10) : null,
      contexto_en: random() < 0.3 ? sentence(WORDS_EN, random, 10) : null,
      notas:
        random() < 0.3 || i === count - 1
          ? `Revisado en ${set}${i}; véase «${ES[(k + 3) % ES.length]}».`
          : null,
    };
  }
}

const META: GlossaryMeta = {
  nombre: 'Banco de importación',
  nombre_seguro: 'banco-de-importacion',
  idioma_origen: 'es',
  idioma_meta: 'en',
  descripcion: null,
};

/** Files `a.<formato>` and `b.<formato>` of `count` entries in `dir`, by name. */
export async function writeImportFiles(
  dir: string,
  formats: readonly ImportFormat[],
  count: number,
): Promise<Record<string, string>> {
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {};
  for (const formato of formats) {
    for (const [set, seed] of [
      ['a', 1],
      ['b', 2],
    ] as const) {
      const path = join(dir, `${set}.${formato}`);
      await pipeline(
        Readable.from(writeExport(formato, typicalEntries(count, set, seed), META)),
        createWriteStream(path),
      );
      files[`${set}.${formato}`] = path;
    }
  }
  return files;
}
