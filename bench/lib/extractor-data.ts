// Data and scoring helpers of the extractor benchmarks.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDirectory = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repositoryRoot = resolve(benchDirectory, '..');
export const extractorDirectory = join(repositoryRoot, 'packages', 'extractor');

/** The shared data sets: `LUDOTERM_DATA_DIR`, else `../shared/data` beside the repository. */
export function dataDirectory(): string {
  const fromEnvironment = process.env.LUDOTERM_DATA_DIR;
  return fromEnvironment !== undefined && fromEnvironment !== '' ? resolve(fromEnvironment) : resolve(repositoryRoot, '..', 'shared', 'data');
}

export function readFixture(path: string): string {
  return readFileSync(join(extractorDirectory, 'fixtures', path), 'utf8');
}

/** Lines of a term list (fixtures/games/terms-*.txt): no comments, no blanks. */
export function readTermList(path: string): string[] {
  return readFixture(path)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

export const ACTER_DOMAINS = ['corp', 'equi', 'wind'] as const;
export type ActerDomain = (typeof ACTER_DOMAINS)[number];

export interface ActerCorpus {
  domain: ActerDomain;
  text: string;
  /** Gold unique terms including named entities (lower case), as TermEval 2020 scored them. */
  gold: Set<string>;
  goldWithoutEntities: Set<string>;
}

/** ACTER English corpus of a domain (all annotated texts joined), or null when absent. */
export function readActer(domain: ActerDomain): ActerCorpus | null {
  const root = join(dataDirectory(), 'acter', 'en', domain, 'annotated');
  if (!existsSync(root)) return null;
  const texts = readdirSync(join(root, 'texts'))
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(join(root, 'texts', f), 'utf8'));
  const list = (name: string) =>
    new Set(
      readFileSync(join(root, 'annotations', 'unique_annotation_lists', name), 'utf8')
        .split('\n')
        .map((l) => (l.split('\t')[0] ?? '').trim())
        .filter((t) => t !== ''),
    );
  return {
    domain,
    text: texts.join('\n\n'),
    gold: list(`${domain}_en_terms_nes.tsv`),
    goldWithoutEntities: list(`${domain}_en_terms.tsv`),
  };
}

export interface Scores {
  precision: number;
  recall: number;
  f1: number;
}

/** Precision, recall and F1 (in %) of a candidate list against a gold set. */
export function score(candidates: readonly string[], gold: ReadonlySet<string>): Scores {
  let correct = 0;
  for (const c of candidates) if (gold.has(c)) correct += 1;
  const precision = candidates.length === 0 ? 0 : correct / candidates.length;
  const recall = gold.size === 0 ? 0 : correct / gold.size;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision: 100 * precision, recall: 100 * recall, f1: 100 * f1 };
}
