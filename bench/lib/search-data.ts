// Synthetic but realistic bilingual terminology for the search benchmark: the 747 item,
// monster and trap names of Shattered Pixel Dungeon (English and its Spanish translation),
// combined with general-language words drawn by frequency from wordfreq, so substrings are
// spread as in real text (common trigrams very common, long pieces rare), with accents, ñ,
// apostrophes and hyphens. Deterministic: the same seed gives the same data.
import { readFileSync } from 'node:fs';
import type { EntryInput } from '@ludoterm/contract';
import { prng } from './prng.ts';

const DATA_DIR = '/work/shared/data';

interface Vocabulary {
  items: Array<{ en: string; es: string }>;
  es: WeightedWords;
  en: WeightedWords;
}

/** Words with cumulative weights, for drawing by frequency. */
interface WeightedWords {
  words: string[];
  cumulative: Float64Array;
}

function readItems(): Array<{ en: string; es: string }> {
  const lines = readFileSync(`${DATA_DIR}/games/item-names.tsv`, 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  return lines.map((line) => {
    const [, en = '', es = ''] = line.split('\t');
    return { en, es };
  });
}

/** Words a terminology database would not hold (wordfreq comes partly from subtitles). */
const UNWANTED = new Set([
  'mierda',
  'polla',
  'puta',
  'puto',
  'coño',
  'joder',
  'fuck',
  'fucking',
  'shit',
  'bitch',
  'cunt',
  'dick',
  'pussy',
  'cock',
]);

/**
 * Content words of wordfreq's list from rank `from` to `to` (the top ranks are function
 * words), letters only, weighted by the square root of their frequency so the tail is not
 * drowned out.
 */
function readWords(language: 'es' | 'en', from: number, to: number): WeightedWords {
  const lines = readFileSync(`${DATA_DIR}/wordfreq/wordfreq-large-${language}-top200k.tsv`, 'utf8')
    .split('\n')
    .slice(1 + from, 1 + to);
  const words: string[] = [];
  const weights: number[] = [];
  for (const line of lines) {
    const [word = '', frequency = '0'] = line.split('\t');
    if (word.length < 3 || !/^\p{L}+$/u.test(word) || UNWANTED.has(word)) continue;
    words.push(word);
    weights.push(Math.sqrt(Number(frequency)));
  }
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    cumulative[i] = sum;
  });
  return { words, cumulative };
}

function draw(random: () => number, list: WeightedWords): string {
  const target = random() * list.cumulative[list.cumulative.length - 1]!;
  let lo = 0;
  let hi = list.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list.cumulative[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return list.words[lo]!;
}

let vocabulary: Vocabulary | undefined;
function loadVocabulary(): Vocabulary {
  vocabulary ??= {
    items: readItems(),
    es: readWords('es', 150, 40_000),
    en: readWords('en', 150, 40_000),
  };
  return vocabulary;
}

const SUBINDICES = [
  'combate',
  'RPG',
  'interfaz',
  'objeto',
  'jefe final',
  'poción',
  'mazmorra',
  'habilidad',
  'diseño de niveles',
  'multijugador',
  'UI',
  'narrativa',
];
const AREAS = [
  'RPG',
  'roguelike',
  'acción',
  'estrategia',
  'plataformas',
  'aventura gráfica',
  'simulación',
  'shooter',
];
const CATEGORIES = ['sustantivo', 'sintagma nominal', 'adjetivo', 'verbo', 'nombre propio'];
const APOSTROPHES = ["Dragon's", 'Rogue’s', "Mage's", 'King’s', "Hunter's"];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sentence(random: () => number, words: WeightedWords, min: number, max: number): string {
  const n = min + Math.floor(random() * (max - min + 1));
  return capitalise(Array.from({ length: n }, () => draw(random, words)).join(' ')) + '.';
}

/** One item name with its `%s` filled by another name, as the game fills it. */
function itemPair(random: () => number, v: Vocabulary): { en: string; es: string } {
  const item = v.items[Math.floor(random() * v.items.length)]!;
  if (!item.en.includes('%s')) return item;
  const other = v.items[Math.floor(random() * v.items.length)]!;
  const filler = other.en.includes('%s') ? { en: 'sword', es: 'espada' } : other;
  return { en: item.en.replace('%s', filler.en), es: item.es.replace('%s', filler.es) };
}

/** A bilingual term pair: bare names, names with a modifier, compounds and single words. */
function termPair(random: () => number, v: Vocabulary): { en: string; es: string } {
  const roll = random();
  const item = itemPair(random, v);
  if (roll < 0.12) return item;
  if (roll < 0.45) {
    const es = draw(random, v.es);
    const en = draw(random, v.en);
    return { en: `${en} ${item.en}`, es: `${item.es} ${es}` };
  }
  if (roll < 0.65) {
    const es = draw(random, v.es);
    const en = draw(random, v.en);
    return { en: `${item.en} of ${en}`, es: `${item.es} de ${es}` };
  }
  if (roll < 0.7) {
    const owner = APOSTROPHES[Math.floor(random() * APOSTROPHES.length)]!;
    return { en: `${owner} ${item.en}`, es: `${item.es} del ${draw(random, v.es)}` };
  }
  if (roll < 0.75) {
    return { en: `${draw(random, v.en)}-${item.en}`, es: `${item.es}-${draw(random, v.es)}` };
  }
  const es = draw(random, v.es);
  const en = draw(random, v.en);
  return roll < 0.9
    ? { en, es }
    : { en: `${en} ${draw(random, v.en)}`, es: `${es} ${draw(random, v.es)}` };
}

/** One entry's card for a glossary of base language `origen` (es or en). */
export function syntheticEntry(random: () => number, origen: 'es' | 'en'): EntryInput {
  const v = loadVocabulary();
  const pair = termPair(random, v);
  const base = origen === 'es' ? v.es : v.en;
  const input: EntryInput = {
    termino: { es: capitaliseSome(random, pair.es), en: capitaliseSome(random, pair.en) },
  };
  if (random() < 0.1) input.subindice = SUBINDICES[Math.floor(random() * SUBINDICES.length)]!;
  if (random() < 0.3) input.categoria = CATEGORIES[Math.floor(random() * CATEGORIES.length)]!;
  if (random() < 0.2) input.area = AREAS[Math.floor(random() * AREAS.length)]!;
  if (random() < 0.3) input.definicion = sentence(random, base, 5, 12);
  if (random() < 0.12) input.notas = sentence(random, v.es, 4, 10);
  if (random() < 0.12) input.contexto_es = sentence(random, v.es, 6, 14);
  if (random() < 0.08) input.contexto_en = sentence(random, v.en, 6, 14);
  return input;
}

function capitaliseSome(random: () => number, term: string): string {
  return random() < 0.3 ? capitalise(term) : term;
}

/** Glossary sizes that add up to `total`: a few large glossaries and many small ones. */
export function glossarySizes(total: number, count: number, random: () => number): number[] {
  const weights = Array.from({ length: count }, (_, i) => 1 / (1 + i * 0.08) + random() * 0.05);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(50, Math.floor((w / sum) * total)));
  let diff = total - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % count) {
    const step = diff > 0 ? 1 : -1;
    if (sizes[i]! + step >= 50) {
      sizes[i]! += step;
      diff -= step;
    }
  }
  return sizes;
}

/**
 * The fixed query set: `count` substrings of 3–12 characters of the terms (either language,
 * as typed: with their accents and capitals), one in ten absent from the data. `contains`
 * says whether a folded piece occurs in any folded term.
 */
export function sampleQueries(
  count: number,
  terms: (i: number) => string,
  termCount: number,
  contains: (folded: string) => boolean,
  fold: (text: string) => string,
  seed = 8,
): string[] {
  const random = prng(seed);
  const queries: string[] = [];
  const letters = 'abcdefghijklmnopqrstuvwxyzñ';
  while (queries.length < count) {
    const absent = queries.length % 10 === 9;
    const term = terms(Math.floor(random() * termCount));
    const chars = Array.from(term);
    if (chars.length < 3) continue;
    const length = Math.min(chars.length, 3 + Math.floor(random() * 10));
    const start = Math.floor(random() * (chars.length - length + 1));
    let piece = chars.slice(start, start + length).join('');
    if (fold(piece).length < 3) continue;
    if (absent) {
      // A plausible-looking piece that occurs nowhere: letters changed until it is absent.
      for (let tries = 0; tries < 50 && contains(fold(piece)); tries += 1) {
        const at = Math.floor(random() * piece.length);
        piece =
          piece.slice(0, at) + letters[Math.floor(random() * letters.length)] + piece.slice(at + 1);
      }
      if (contains(fold(piece))) continue;
    }
    queries.push(piece);
  }
  return queries;
}
