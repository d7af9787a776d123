import type { LemmaToken } from './conllu-lemmas.ts';
import { editScript, type EditScript } from './edit-script.ts';
import {
  MODEL_FORMAT,
  MODEL_VERSION,
  type LemmatizerModelData,
  type LemmatizerSettings,
} from './lemmatizer-model.ts';

/** A treebank sentence and how much its votes weigh (the main treebank's conventions win). */
export interface WeightedSentence {
  tokens: readonly LemmaToken[];
  weight: number;
}

/**
 * Learns the lexicon (the most voted script of each lower-case form under each UPOS) and the
 * suffix table (scripts counted once per word type, so that the guesses for unseen words follow
 * the many rare words rather than the few frequent ones).
 */
export function trainLemmatizer(
  language: 'es' | 'en',
  sentences: readonly WeightedSentence[],
  settings: LemmatizerSettings,
): LemmatizerModelData {
  const votes = new Map<string, Map<string, Map<EditScript, number>>>();
  for (const { tokens, weight } of sentences) {
    for (const token of tokens) {
      if (token.lemma === '_' || token.lemma === '' || token.form === '') continue;
      const lower = token.form.toLowerCase();
      const script = editScript(lower, token.lemma.toLowerCase());
      let byForm = votes.get(token.upos);
      if (byForm === undefined) votes.set(token.upos, (byForm = new Map()));
      let byScript = byForm.get(lower);
      if (byScript === undefined) byForm.set(lower, (byScript = new Map()));
      byScript.set(script, (byScript.get(script) ?? 0) + weight);
    }
  }
  const lexicon = new Map<string, Map<string, EditScript>>();
  const suffixes = new Map<string, Map<string, Array<[EditScript, number]>>>();
  for (const [upos, byForm] of votes) {
    const table = new Map<string, EditScript>();
    const counts = new Map<string, Map<EditScript, number>>();
    for (const [form, byScript] of byForm) {
      const script = mostVoted(byScript);
      table.set(form, script);
      for (let k = 1; k <= Math.min(settings.maxSuffix, form.length); k += 1) {
        const suffix = form.slice(-k);
        let bySuffix = counts.get(suffix);
        if (bySuffix === undefined) counts.set(suffix, (bySuffix = new Map()));
        bySuffix.set(script, (bySuffix.get(script) ?? 0) + 1);
      }
    }
    lexicon.set(upos, table);
    const kept = new Map<string, Array<[EditScript, number]>>();
    for (const [suffix, byScript] of counts) {
      let total = 0;
      for (const c of byScript.values()) total += c;
      if (total < settings.minSuffixCount) continue;
      const sorted = [...byScript].sort(
        (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
      );
      kept.set(
        suffix,
        sorted.filter(
          ([, c]) => c >= settings.candidateShare * (sorted[0] as [EditScript, number])[1],
        ),
      );
    }
    suffixes.set(upos, kept);
  }
  return { format: MODEL_FORMAT, version: MODEL_VERSION, language, settings, lexicon, suffixes };
}

/** The script with the most votes; ties go to the smaller script in code-point order. */
function mostVoted(byScript: Map<EditScript, number>): EditScript {
  let best: EditScript | null = null;
  let bestCount = -1;
  for (const [script, count] of byScript) {
    if (count > bestCount || (count === bestCount && best !== null && script < best)) {
      best = script;
      bestCount = count;
    }
  }
  return best as EditScript;
}
