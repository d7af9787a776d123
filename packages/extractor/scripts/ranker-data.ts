// Annotated term data read by the ranker's training script and by the quality benchmark.
// es-science (Apache-2.0) is split by document: even positions in name order may train shipped
// weights, odd positions are only ever measured. es-medical (CC BY-NC-SA) is read for measuring.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { termKey } from '../src/lexicon/normalize.ts';
import { dataDirectory, packageDirectory } from './paths.ts';

/** A text and the lower-cased surface forms of the terms annotated in it. */
export interface AnnotatedText {
  name: string;
  language: 'es' | 'en';
  text: string;
  gold: Set<string>;
  /**
   * How a candidate meets the gold list: by any of its lower-cased surface forms (ACTER and the
   * public sets list forms as written), or by termKey (our annotations list singular terms).
   */
  match: 'surface' | 'key';
}

export function readTermList(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/** A game-text sample and LudoTerm's own annotation of it (fixtures/games, GPL-3.0 text). */
export function readGameSample(sample: 'a' | 'b', language: 'es' | 'en'): AnnotatedText | null {
  const games = join(packageDirectory(), 'fixtures', 'games');
  const textPath = join(games, `sample-${sample}-${language}.txt`);
  const termsPath = join(games, `terms-${sample}-${language}.txt`);
  if (!existsSync(textPath) || !existsSync(termsPath)) return null;
  return {
    name: `juego ${sample}-${language}`,
    language,
    text: readFileSync(textPath, 'utf8'),
    gold: new Set(readTermList(termsPath).map((t) => termKey(t, language))),
    match: 'key',
  };
}

/**
 * SemEval-2017 ScienceIE paragraphs in Spanish with their keyphrases: `train` are the documents
 * at even positions (name order), `test` those at odd positions, joined into one text.
 */
export function readEsScience(half: 'train' | 'test'): AnnotatedText | null {
  const root = join(dataDirectory(), 'es-science', 'SemEval2017_GPT3');
  if (!existsSync(root)) return null;
  const ids = readdirSync(join(root, 'docsutf8'))
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => f.slice(0, -4))
    .filter((_, i) => (i % 2 === 0) === (half === 'train'));
  const gold = new Set<string>();
  const texts: string[] = [];
  for (const id of ids) {
    texts.push(readFileSync(join(root, 'docsutf8', `${id}.txt`), 'utf8'));
    for (const k of readTermList(join(root, 'keys', `${id}.key`))) gold.add(k.toLowerCase());
  }
  return { name: `es-science (${half === 'train' ? 'pares' : 'impares'}, ${ids.length} párrafos)`, language: 'es', text: texts.join('\n\n'), gold, match: 'surface' };
}

const MEDICAL_GROUPS = new Set(['ANAT', 'CHEM', 'DEVI', 'DISO', 'LIVB', 'PHYS', 'PROC']);

/** The 100 EudraCT announcements of CT-EBM-SP v2 (brat), gold = mentions of the 7 UMLS groups. */
export function readEsMedical(): AnnotatedText | null {
  const root = join(dataDirectory(), 'es-medical', '100_new_eudract', 'reference');
  if (!existsSync(root)) return null;
  const files: string[] = [];
  for (const annotator of readdirSync(root).sort())
    for (const set of readdirSync(join(root, annotator)).sort())
      for (const f of readdirSync(join(root, annotator, set)).sort()) if (f.endsWith('.txt')) files.push(join(root, annotator, set, f));
  const gold = new Set<string>();
  const texts: string[] = [];
  for (const path of files) {
    texts.push(readFileSync(path, 'utf8'));
    for (const line of readFileSync(`${path.slice(0, -4)}.ann`, 'utf8').split('\n')) {
      const [id, span, surface] = line.split('\t');
      if (id === undefined || !id.startsWith('T') || span === undefined || surface === undefined) continue;
      if (MEDICAL_GROUPS.has(span.split(' ')[0] ?? '')) gold.add(surface.trim().toLowerCase());
    }
  }
  return { name: `es-medical (${files.length} anuncios EudraCT)`, language: 'es', text: texts.join('\n\n'), gold, match: 'surface' };
}

/** The names a candidate is listed and scored under: its lower-cased surface forms, or its keys. */
export function candidateNames(forms: readonly string[], data: Pick<AnnotatedText, 'language' | 'match'>): string[] {
  const names = forms.map((f) => (data.match === 'surface' ? f.toLowerCase() : termKey(f, data.language)));
  return [...new Set(names)];
}

/** Undoes the spaces of a tokenised text ("( im ) mobility decision - making ,"). */
function detokenise(s: string): string {
  return s
    .replace(/ ([,.;:!?)\]])/g, '$1')
    .replace(/([([]) /g, '$1')
    .replace(/ ?([-/]) ?/g, '$1');
}

/** CoastTerm (English coastal science, CC BY-NC-SA): a split's abstracts and unique terms; for measuring and tuning only. */
export function readEnCoastal(split: 'train' | 'val' | 'test'): AnnotatedText | null {
  const root = join(dataDirectory(), 'en-coastal');
  if (!existsSync(root)) return null;
  const directory = join(root, 'iob_annotations', split);
  const texts = readdirSync(directory)
    .filter((f) => f.endsWith('.tsv'))
    .sort()
    .map((f) =>
      detokenise(
        readFileSync(join(directory, f), 'utf8')
          .split('\n')
          .map((line) => line.split('\t')[0] ?? '')
          .filter((t) => t !== '')
          .join(' '),
      ),
    );
  const gold = new Set(readTermList(join(root, 'unique_annotations_lists', `${split}_unique_terms.tsv`)).map((t) => detokenise(t).toLowerCase()));
  return { name: `en-coastal ${split} (${texts.length} resúmenes)`, language: 'en', text: texts.join('\n\n'), gold, match: 'surface' };
}
