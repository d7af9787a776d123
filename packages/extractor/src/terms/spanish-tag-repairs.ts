// Corrections to the Spanish tagger's output where syntax or morphology leaves no doubt. The
// tagger learnt from news text, which seldom addresses the reader, so game text's second-person
// verbs ("no las malgastes", "te sientes", "caerás") often come out as nouns or adjectives.
import { UPOS_TAGS } from '../tagger/features.ts';
import type { Word } from '../tokenize/tokenize.ts';

const NOUN = UPOS_TAGS.indexOf('NOUN');
const PROPN = UPOS_TAGS.indexOf('PROPN');
const ADJ = UPOS_TAGS.indexOf('ADJ');
const VERB = UPOS_TAGS.indexOf('VERB');
const DET = UPOS_TAGS.indexOf('DET');
const PRON = UPOS_TAGS.indexOf('PRON');

/** Object pronouns that, written apart, come right before their verb. */
const PROCLITICS = new Set(['me', 'te', 'se', 'nos', 'os', 'la', 'los', 'las', 'le', 'les']);
/** The second person singular of the future: the only other words in -rás are adverbs (atrás). */
const FUTURE_SECOND_PERSON_RE = /rás$/;
const LETTER_RE = /\p{L}/u;

/** Retags a sentence's tags in place (`words` are its syntactic words). */
export function repairSpanishTags(words: readonly Word[], tags: Uint8Array): void {
  const first = words.findIndex((w) => LETTER_RE.test(w.form));
  for (let i = 0; i < tags.length; i += 1) {
    const tag = tags[i] as number;
    const lower = (words[i] as Word).form.toLowerCase();
    // A capital at the start of a sentence made the tagger read "Encontrarás" as a name.
    if (tag === PROPN && i === first && FUTURE_SECOND_PERSON_RE.test(lower)) {
      tags[i] = VERB;
      continue;
    }
    if (tag !== NOUN && tag !== ADJ) continue;
    if (FUTURE_SECOND_PERSON_RE.test(lower) || (i > 0 && followsProclitic(words[i - 1] as Word, tags[i - 1] as number, lower)))
      tags[i] = VERB;
    else if (tag === ADJ && i > 0 && tags[i - 1] === DET) {
      // An adjective after an article or determiner and not before a noun is used as a noun
      // ("una espada larga", "la espada.").
      const next = i + 1 < tags.length ? (tags[i + 1] as number) : -1;
      if (next !== NOUN && next !== PROPN) tags[i] = NOUN;
    }
  }
}

/** Words in -s that follow the neuter "lo" ("lo demás", "por lo menos"). */
const NEUTER_LO_WORDS = new Set(['demás', 'más', 'menos']);

/**
 * Whether a word comes right after an object pronoun of its verb. "lo" counts only before a
 * form in -s: the neuter "lo" (also a pronoun in the treebanks) goes with a singular adjective
 * ("lo mejor", "a lo largo", "lo cortés"), the pronoun with a verb ("cuando lo comas").
 */
function followsProclitic(previous: Word, previousTag: number, lower: string): boolean {
  if (previousTag !== PRON || previous.isPart) return false;
  const pronoun = previous.form.toLowerCase();
  return PROCLITICS.has(pronoun) || (pronoun === 'lo' && lower.endsWith('s') && !lower.endsWith('és') && !NEUTER_LO_WORDS.has(lower));
}
