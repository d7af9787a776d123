// Builds models/reference-<lang>.txt.gz from wordfreq's top-200k lists (CC BY-SA 4.0, by Robyn
// Speer): the 100,000 most frequent words without digits, grouped by frequency bin.
//
// Format (UTF-8, gzip): lines "#<centibels>" open a bin (frequency per million = 10^(cB/100) · 10^6,
// cB ≤ 0), every other line is one lower-case word of that bin, most frequent bins first.
//
//   npx tsx scripts/build-reference-frequencies.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, strToU8 } from 'fflate';
import { dataDirectory, packageDirectory } from './paths.ts';

const KEEP = 100_000;

for (const language of ['es', 'en'] as const) {
  const source = join(dataDirectory(), 'wordfreq', `wordfreq-large-${language}-top200k.tsv`);
  const lines = readFileSync(source, 'utf8').trim().split('\n').slice(1);
  const out: string[] = [];
  let bin = Number.NaN;
  let kept = 0;
  for (const line of lines) {
    if (kept >= KEEP) break;
    const [word, perMillion] = line.split('\t');
    if (word === undefined || perMillion === undefined || /\d/.test(word) || word.includes('#')) continue;
    const centibels = Math.round(100 * Math.log10(Number(perMillion) / 1e6));
    if (centibels !== bin) {
      bin = centibels;
      out.push(`#${centibels}`);
    }
    out.push(word);
    kept += 1;
  }
  const bytes = gzipSync(strToU8(out.join('\n') + '\n'), { level: 9, mtime: 0 });
  const target = join(packageDirectory(), 'models', `reference-${language}.txt.gz`);
  writeFileSync(target, bytes);
  console.info(`${target}: ${kept} palabras, ${(bytes.length / 1024).toFixed(0)} KiB`);
}
