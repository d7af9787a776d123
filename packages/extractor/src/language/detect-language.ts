import { loadReferenceFrequencies } from '../resources.ts';

export type DetectedLanguage = 'es' | 'en';

export interface LanguageGuess {
  /** The language of the text, or null when it is neither Spanish nor English (or undecidable). */
  language: DetectedLanguage | null;
  /** 0–1: how clearly the winner beats the runner-up. */
  confidence: number;
}

// Frequent words that are distinctive of languages we do not support. Written for this project;
// words that are also common in Spanish or English (de, la, a, in, on…) are left out.
const OTHER_LANGUAGES: Readonly<Record<string, ReadonlySet<string>>> = {
  fr: new Set(
    'le les et est une des du dans pour pas sur qui avec au ce il elle sont ont été être fait mais ou nous vous leur cette aux ces sa ses plus très peut sans entre aussi donc dont où même tout après avant chez'.split(' '),
  ),
  pt: new Set(
    'não em uma os das dos da do ao é são com mais também muito pelo pela você eles elas isso este esta seu sua foi ser está quando então onde ainda já depois sobre entre nós'.split(' '),
  ),
  it: new Set(
    'il che di è non per una gli della delle degli nel nella sono con anche come più ma questo questa essere stato ha hanno molto dopo loro tra quando dove perché già così ancora'.split(' '),
  ),
  ca: new Set(
    'els les amb és per una que dels als però també molt aquest aquesta seva seu són ha han fer més quan això on entre sense perquè ja encara'.split(' '),
  ),
  de: new Set(
    'der die das und ist nicht ein eine mit den dem von zu im auf für sich es sie er wir ihr auch als wird werden sind bei nach aus oder wie noch über zum zur'.split(' '),
  ),
  nl: new Set(
    'het een en van niet zijn op voor met dat ook als bij naar uit maar deze wordt worden hij zij wij er nog wel heeft hebben'.split(' '),
  ),
};

const WORD_RE = /\p{L}+(?:['’]\p{L}+)*/gu;
/** Letters that Spanish and English spelling never use (Portuguese ã, French è, German ß…). */
const FOREIGN_LETTER_RE = /[ãõçàèìòùâêîôûëïÿœæßøåąęłśźżčšžřőű]/u;
/** Words of the reference lists counted as "common": the top of each frequency list. */
const COMMON_RANK = 5_000;
const MAX_SAMPLE_WORDS = 5_000;

let commonWords: Record<DetectedLanguage, ReadonlySet<string>> | null = null;

function common(): Record<DetectedLanguage, ReadonlySet<string>> {
  if (commonWords === null) {
    commonWords = {
      es: new Set(loadReferenceFrequencies('es').words.slice(0, COMMON_RANK)),
      en: new Set(loadReferenceFrequencies('en').words.slice(0, COMMON_RANK)),
    };
  }
  return commonWords;
}

/** Up to MAX_SAMPLE_WORDS lower-case words spread over the text (start, middle and end). */
function sampleWords(text: string): string[] {
  const window = 40_000;
  const parts =
    text.length <= 3 * window
      ? [text]
      : [text.slice(0, window), text.slice((text.length - window) >> 1, (text.length + window) >> 1), text.slice(-window)];
  const words: string[] = [];
  for (const part of parts) {
    for (const match of part.matchAll(WORD_RE)) {
      words.push(match[0].toLowerCase().replace('’', "'"));
      if (words.length >= MAX_SAMPLE_WORDS) return words;
    }
  }
  return words;
}

/** Tells Spanish from English, or neither, by the share of words among each one's commonest. */
export function detectLanguage(text: string): LanguageGuess {
  const words = sampleWords(text);
  if (words.length === 0) return { language: null, confidence: 0 };
  const lists = common();
  let es = 0;
  let en = 0;
  const others: Record<string, number> = {};
  let foreign = 0;
  for (const word of words) {
    if (FOREIGN_LETTER_RE.test(word)) foreign += 1;
    if (lists.es.has(word)) es += 1;
    if (lists.en.has(word)) en += 1;
    for (const [language, set] of Object.entries(OTHER_LANGUAGES)) {
      if (set.has(word)) others[language] = (others[language] ?? 0) + 1;
    }
  }
  const n = words.length;
  const esShare = es / n;
  const enShare = en / n;
  const best: DetectedLanguage = esShare >= enShare ? 'es' : 'en';
  const bestShare = Math.max(esShare, enShare);
  const secondShare = Math.min(esShare, enShare);
  const otherShare = Math.max(0, ...Object.values(others)) / n;
  const accents = best === 'en' ? (text.match(/[áéíóúñ¿¡]/giu)?.length ?? 0) / n : 0;

  // Function words of another language make up a large part of any running text in it, and a
  // small part of Spanish or English (loanwords, names).
  if (otherShare >= 0.12 && otherShare > (bestShare - secondShare) / 2) return { language: null, confidence: 0 };
  if (foreign / n >= 0.04) return { language: null, confidence: 0 };
  if (n >= 8 && bestShare < 0.45) return { language: null, confidence: 0 };
  if (n < 8) {
    // Too short to judge well: take the better-covered language, unsure.
    if (bestShare === 0) return { language: null, confidence: 0 };
    return { language: esShare === enShare ? 'es' : best, confidence: Math.min(0.5, bestShare - secondShare) };
  }
  const margin = bestShare - secondShare - accents;
  if (margin <= 0.05) return { language: null, confidence: 0 };
  return { language: best, confidence: Math.min(1, margin / 0.3) };
}
