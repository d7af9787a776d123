// Builds fixtures/games/spd-<lang>.txt: the text of the Shattered Pixel Dungeon v3.3.6 string
// files (GPL-3.0) as plain text, one string per paragraph, and copies item-names.tsv.
//
//   npx tsx scripts/build-game-text.ts
//
// Values only (keys and comments dropped), placeholders (%s, %1$d) removed and %% unescaped, "\n" escapes turned
// into line breaks, the game's _highlight_ marks removed. Folders in name order.
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDirectory, packageDirectory } from './paths.ts';

const root = join(dataDirectory(), 'games', 'shattered-pixel-dungeon', 'core', 'src', 'main', 'assets', 'messages');
const target = join(packageDirectory(), 'fixtures', 'games');
mkdirSync(target, { recursive: true });

/** One string value of a .properties file as plain text. */
export function propertyText(value: string): string {
  return value
    .replace(/%%/g, '\uE000')
    .replace(/%(?:\d+\$)?[sdf]/g, '')
    .replace(/\uE000/g, '%')
    .replace(/\\n/g, '\n')
    .replace(/\\(.)/g, '$1')
    .replace(/(^|[^\p{L}\p{N}])_([^_\n]+)_(?=[^\p{L}\p{N}]|$)/gu, '$1$2')
    .replace(/[ \t]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

/** Where the two samples start: monsters (A) and weapon enchantments and weapons (B). */
const SAMPLE_A_START = 'contorno sospechoso';
const SAMPLE_B_START = 'Este poderoso encantamiento absorbe';
const SAMPLE_A_START_EN = 'suspicious outline';
const SAMPLE_WORDS = 5_000;

function writeSample(paragraphs: readonly string[], start: string, name: string): void {
  const first = paragraphs.findIndex((p) => p.startsWith(start));
  if (first < 0) throw new Error(`No se encuentra el comienzo de la muestra: ${start}`);
  const chosen: string[] = [];
  let words = 0;
  for (let i = first; i < paragraphs.length && words < SAMPLE_WORDS; i += 1) {
    const paragraph = paragraphs[i] as string;
    chosen.push(paragraph);
    words += paragraph.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)?.length ?? 0;
  }
  writeFileSync(join(target, name), chosen.join('\n\n') + '\n');
  console.info(`${name}: ${chosen.length} párrafos, ${words} palabras`);
}

for (const language of ['es', 'en'] as const) {
  const paragraphs: string[] = [];
  for (const folder of readdirSync(root).sort()) {
    const file = join(root, folder, language === 'es' ? `${folder}_es.properties` : `${folder}.properties`);
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('#') || !line.includes('=')) continue;
      const text = propertyText(line.slice(line.indexOf('=') + 1));
      if (/\p{L}/u.test(text)) paragraphs.push(text);
    }
  }
  writeFileSync(join(target, `spd-${language}.txt`), paragraphs.join('\n\n') + '\n');
  console.info(`spd-${language}.txt: ${paragraphs.length} párrafos`);
  if (language === 'es') {
    // Two samples of about 5,000 words, annotated by hand: A trains the ranker, B measures it.
    writeSample(paragraphs, SAMPLE_A_START, 'sample-a-es.txt');
    writeSample(paragraphs, SAMPLE_B_START, 'sample-b-es.txt');
  } else {
    // The English text of sample A's passage, annotated by hand to train the English ranker.
    writeSample(paragraphs, SAMPLE_A_START_EN, 'sample-a-en.txt');
  }
}
copyFileSync(join(dataDirectory(), 'games', 'item-names.tsv'), join(target, 'item-names.tsv'));
copyFileSync(join(dataDirectory(), 'games', 'shattered-pixel-dungeon', 'LICENSE.txt'), join(target, 'LICENSE-GPL-3.0.txt'));
