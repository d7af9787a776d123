import { applyScript, scriptStrip, type EditScript } from './edit-script.ts';
import { englishIrregularLemma } from './english-rules.ts';
import type { LemmatizerModelData } from './lemmatizer-model.ts';
import {
  isSpanishInfinitive,
  spanishAccentVariants,
  spanishStemVariants,
  stripSpanishEnclitics,
} from './spanish-rules.ts';

export type LemmaLanguage = 'es' | 'en';

const SPANISH_INFINITIVE_RE = /(?:ar|er|ir|ír)(?:se)?$/;
/** How much more frequent another spelling must be to replace a lemma. */
const RESPELL_RATIO = 5;

export interface LemmatizerOptions {
  /** Frequency of a lower-case word in general language, 0 when unlisted (is it a word?). */
  frequencyOf?: (lower: string) => number;
}

/**
 * (form, UPOS) → lemma, UD style: the lexicon learnt from the treebanks first, then hand rules
 * for what the treebanks miss, then the most frequent edit script of the longest known suffix,
 * preferring a script whose result is a known lemma or word. Lemmas are lower case except for
 * proper nouns, which keep the form's case.
 */
export class Lemmatizer {
  readonly language: LemmaLanguage;
  private readonly model: LemmatizerModelData;
  private readonly frequencyOf: (lower: string) => number;
  private readonly knownLemmas = new Set<string>();
  private readonly cache = new Map<string, string>();

  constructor(model: LemmatizerModelData, options: LemmatizerOptions = {}) {
    this.model = model;
    this.language = model.language;
    this.frequencyOf = options.frequencyOf ?? (() => 0);
    for (const table of model.lexicon.values()) {
      for (const [form, script] of table) {
        const lemma = applyScript(form, script);
        if (lemma !== null) this.knownLemmas.add(lemma);
      }
    }
  }

  /** The lemma of a syntactic word given its UPOS tag. */
  lemma(form: string, upos: string): string {
    const key = `${upos}\t${form}`;
    let lemma = this.cache.get(key);
    if (lemma === undefined) {
      lemma = this.compute(form, upos);
      if (this.cache.size >= 100_000) this.cache.clear();
      this.cache.set(key, lemma);
    }
    return lemma;
  }

  /** Whether the lexicon learnt from the treebanks holds this form under this tag. */
  isKnown(form: string, upos: string): boolean {
    return this.model.lexicon.get(upos)?.has(form.toLowerCase()) ?? false;
  }

  private compute(form: string, upos: string): string {
    if (form === '') return form;
    const lower = form.toLowerCase();
    // Proper nouns keep their case: the script is applied to the form as written.
    const base = upos === 'PROPN' ? form : lower;
    const respell = this.language === 'es' && (upos === 'NOUN' || upos === 'ADJ');
    const known = this.model.lexicon.get(upos)?.get(lower);
    if (known !== undefined) {
      const lemma = applyScript(base, known) ?? base;
      return respell ? this.respell(lemma) : lemma;
    }
    if (upos === 'PROPN') return form;
    const ruled = this.byRules(lower, upos);
    if (ruled !== null) return ruled;
    const guess = this.guess(lower, upos);
    return respell ? this.respell(guess) : guess;
  }

  private byRules(lower: string, upos: string): string | null {
    if (this.language === 'en') return englishIrregularLemma(lower, upos);
    if (upos === 'VERB' || upos === 'AUX') {
      const verb = stripSpanishEnclitics(lower);
      if (verb !== null && verb !== lower)
        return isSpanishInfinitive(verb) ? verb : this.lemma(verb, upos);
    }
    return null;
  }

  private isPlausible(lemma: string, upos: string): boolean {
    // Spanish verbs' lemmas are infinitives ("atreverse" in AnCora for pronominal verbs).
    if (
      this.language === 'es' &&
      (upos === 'VERB' || upos === 'AUX') &&
      !SPANISH_INFINITIVE_RE.test(lemma)
    )
      return false;
    return this.knownLemmas.has(lemma) || this.frequencyOf(lemma) > 0;
  }

  /**
   * A Spanish noun or adjective lemma with its accent where the word list has it far more often:
   * guesses, and a few treebank lemmas, miss it ("volcan", "exámen").
   */
  private respell(lemma: string): string {
    let best = lemma;
    let bestFrequency = this.frequencyOf(lemma);
    for (const variant of spanishAccentVariants(lemma)) {
      const frequency = this.frequencyOf(variant);
      if (frequency > RESPELL_RATIO * bestFrequency) {
        best = variant;
        bestFrequency = frequency;
      }
    }
    return best;
  }

  /** The lemma of an unseen form from its longest known suffix. */
  private guess(lower: string, upos: string): string {
    const table = this.model.suffixes.get(upos);
    if (table === undefined) return lower;
    const { maxSuffix, candidateShare } = this.model.settings;
    const isPlausible = (lemma: string) => this.isPlausible(lemma, upos);
    // The longest suffix with a plausible lemma wins; when none has one, the longest suffix's
    // most frequent script does.
    let fallback: EditScript | null = null;
    const tried: string[] = [];
    for (let k = Math.min(maxSuffix, lower.length); k >= 1; k -= 1) {
      const scripts = table.get(lower.slice(-k));
      if (scripts === undefined) continue;
      const choice = chooseScript(lower, scripts, candidateShare, isPlausible);
      if (choice === null) continue;
      if (choice.plausible) return applyScript(lower, choice.script) ?? lower;
      fallback ??= choice.script;
      for (const [script] of scripts) tried.push(script);
    }
    // Spanish stem-changing verbs: the guesses were made on the changed stem ("duermen").
    if (this.language === 'es' && (upos === 'VERB' || upos === 'AUX')) {
      for (const script of tried) {
        const lemma = applyScript(lower, script);
        if (lemma === null) continue;
        for (const variant of spanishStemVariants(lemma)) if (isPlausible(variant)) return variant;
      }
    }
    return fallback === null ? lower : (applyScript(lower, fallback) ?? lower);
  }
}

/**
 * Among the scripts close enough to the most frequent one, the first whose lemma is plausible;
 * else the most frequent applicable one, marked as not plausible.
 */
function chooseScript(
  lower: string,
  scripts: ReadonlyArray<readonly [EditScript, number]>,
  share: number,
  isPlausible: (lemma: string) => boolean,
): { script: EditScript; plausible: boolean } | null {
  let fallback: EditScript | null = null;
  const top = (scripts[0] as readonly [EditScript, number])[1];
  for (const [script, count] of scripts) {
    if (count < share * top) break;
    if (scriptStrip(script) >= lower.length) continue;
    const lemma = applyScript(lower, script);
    if (lemma === null) continue;
    if (fallback === null) fallback = script;
    if (isPlausible(lemma)) return { script, plausible: true };
  }
  return fallback === null ? null : { script: fallback, plausible: false };
}
