// Spanish forms the treebanks' lexicon may lack: verbs with enclitic pronouns written as one
// word ("dárselo", "escabullirse", "diciéndole", "mírame"). UD splits these into the verb and
// its pronouns; a caller that did not split them still gets the verb's lemma.

const CLITICS_RE = /^(.{2,}?)((?:me|te|se|nos|os|lo|la|los|las|le|les){1,3})$/;
const ACUTE: Readonly<Record<string, string>> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u' };

/** The verb of a form with enclitics, accents restored as without them ("dárselo" → "dar"), or null. */
export function stripSpanishEnclitics(lower: string): string | null {
  const match = CLITICS_RE.exec(lower);
  if (match === null) return null;
  let stem = match[1] as string;
  // "oír", "reír" keep their accent in the infinitive; elsewhere the accent is the one the
  // clitics added ("dá-selo", "diciéndo-le", "míra-me").
  if (!stem.endsWith('ír')) stem = stem.replace(/[áéíóú]/g, (c) => ACUTE[c] ?? c);
  if (/(?:ar|er|ir|ír)$/.test(stem) || /(?:ando|iendo|yendo)$/.test(stem)) return stem;
  // Imperatives show a written accent only with clitics: "mírame", "dámelo".
  if (/[áéíóú]/.test(lower) && !/[áéíóú]/.test(stem)) return stem;
  return null;
}

/** Whether a form is an infinitive (with "oír"-type accents). */
export function isSpanishInfinitive(lower: string): boolean {
  return /(?:ar|er|ir|ír)$/.test(lower);
}

const ACCENTED_RE = /[áéíóú]/g;
const LAST_VOWEL_RE = /[aeiou](?=[^aeiou]*$)/;

/**
 * Spellings of a guessed noun or adjective lemma with the written accent moved: a plural in -es
 * loses or gains the accent of its singular ("volcanes" → "volcán", "exámenes" → "examen").
 */
export function spanishAccentVariants(lemma: string): string[] {
  const plain = lemma.replace(ACCENTED_RE, (c) => ACUTE[c] ?? c);
  const variants = plain === lemma ? [] : [plain];
  const stressed = plain.replace(
    LAST_VOWEL_RE,
    (v) => ({ a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' })[v] ?? v,
  );
  if (stressed !== lemma && /[nsl]$/.test(plain)) variants.push(stressed);
  return variants;
}

/**
 * Infinitives of stem-changing verbs from a guess made on the changed stem: "duermir" →
 * "dormir", "sientir" → "sentir", "pidir" → "pedir", "huyr" → "huir".
 */
export function spanishStemVariants(infinitive: string): string[] {
  const match = /^(.*?)(ar|er|ir)$/.exec(infinitive);
  if (match === null) return [];
  const stem = match[1] as string;
  const ending = match[2] as string;
  const variants: string[] = [];
  const swap = (from: RegExp, to: string) => {
    const changed = stem.replace(from, to);
    if (changed !== stem) variants.push(changed + ending);
  };
  swap(/ue(?=[^aeiou]*$)/, 'o');
  swap(/ie(?=[^aeiou]*$)/, 'e');
  swap(/i(?=[^aeiou]*$)/, 'e');
  swap(/u(?=[^aeiou]*$)/, 'o');
  if (stem.endsWith('y'))
    variants.push(`${stem.slice(0, -1)}${ending === 'ar' ? 'ar' : 'ir'}`, `${stem.slice(0, -1)}ir`);
  return variants;
}
