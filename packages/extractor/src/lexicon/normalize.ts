// A small normaliser: enough to count singular and plural together ("poción"/"pociones",
// "luz"/"luces", "enemy"/"enemies"). It is not a full lemmatiser; verbs are left alone.

export type NormaliseLanguage = 'es' | 'en';

const ACCENTED: Readonly<Record<string, string>> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u', ü: 'u' };
const ACCENTED_RE = /[áéíóúü]/g;

/** Lower case without acute accents or diaeresis (ñ stays). */
export function foldAccents(lower: string): string {
  return lower.replace(ACCENTED_RE, (c) => ACCENTED[c] ?? c);
}

const SPANISH_INVARIABLE_ENDINGS = /(?:is|us)$/;
// Singular nouns and adjectives ending in these consonants take -es in the plural.
const SPANISH_ES_AFTER = /[lrndjyzsx]es$/;
// A singular ending in consonant + e ("clase", "valle", "torre") and one ending in that consonant
// ("mes", "nivel", "flor") pluralise alike (-ses, -les, -res), so both drop the final e.
const SPANISH_FINAL_E = /[lrndjsz]e$/;

/**
 * A Spanish key shared by the singular and plural of a lower-case noun or adjective ("pociones",
 * "poción" → "pocion"); keys are only compared, never shown.
 */
export function singularSpanish(lower: string): string {
  let w = foldAccents(lower);
  if (w.length <= 3) return w;
  if (w.endsWith('s') && !SPANISH_INVARIABLE_ENDINGS.test(w)) {
    if (w.endsWith('ces')) w = `${w.slice(0, -3)}z`; // luces → luz, veces → vez
    else if (w.endsWith('ones') && w.length > 5) w = w.slice(0, -2); // pociones → pocion
    else if (SPANISH_ES_AFTER.test(w) && w.length > 4) w = w.slice(0, -2); // jugadores → jugador
    else if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -2); // rubíes → rubi
    else if (/[aeiou]s$/.test(w)) w = w.slice(0, -1); // espadas → espada, jefes → jefe
  }
  if (w.length > 3 && SPANISH_FINAL_E.test(w)) w = w.slice(0, -1);
  return w;
}

// A Map, not an object literal: user text must never reach Object.prototype ("constructor").
const ENGLISH_IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['men', 'man'],
  ['women', 'woman'],
  ['children', 'child'],
  ['feet', 'foot'],
  ['teeth', 'tooth'],
  ['mice', 'mouse'],
  ['geese', 'goose'],
  ['dice', 'die'],
  ['lice', 'louse'],
  ['oxen', 'ox'],
  ['criteria', 'criterion'],
  ['phenomena', 'phenomenon'],
  ['data', 'data'],
  ['indices', 'index'],
  ['matrices', 'matrix'],
  ['vertices', 'vertex'],
  ['axes', 'axis'],
  ['analyses', 'analysis'],
  ['bases', 'base'],
  ['leaves', 'leaf'],
  ['knives', 'knife'],
  ['lives', 'life'],
  ['wives', 'wife'],
  ['staves', 'staff'],
  ['thieves', 'thief'],
]);

/** English singular of a lower-case noun. */
export function singularEnglish(lower: string): string {
  const irregular = ENGLISH_IRREGULAR.get(lower);
  if (irregular !== undefined) return irregular;
  const w = lower;
  if (w.length <= 3 || !w.endsWith('s') || /(?:ss|us|is|'s|’s)$/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`; // enemies → enemy
  if (w.endsWith('lves')) return `${w.slice(0, -3)}f`; // wolves → wolf
  if (/(?:sses|xes|ches|shes|zzes)$/.test(w)) return w.slice(0, -2); // boxes → box, matches → match
  if (w.endsWith('oes') && w.length > 5) return w.slice(0, -2); // heroes → hero
  return w.slice(0, -1);
}

export function singularKey(lower: string, language: NormaliseLanguage): string {
  return language === 'es' ? singularSpanish(lower) : singularEnglish(lower);
}

/** A key for comparing people's terms with extracted ones: folded, every word singular. */
export function termKey(term: string, language: NormaliseLanguage): string {
  return term
    .normalize('NFC')
    .toLowerCase()
    .split(/\s+/u)
    .filter((w) => w !== '')
    .map((w) => foldAccents(singularKey(w, language)))
    .join(' ');
}
