// Edit scripts: how a lemma is made from its form, as "characters to strip from the end" plus
// "text to append" ("pociones" → "poción" is 4 + "ón"), so that one script serves every word
// that ends alike.

/** A script written as `strip|append`, e.g. `4|ón`; `0|` leaves the form as it is. */
export type EditScript = string;

export const IDENTITY: EditScript = '0|';

/** The script that turns `form` into `lemma` (both lower case). */
export function editScript(form: string, lemma: string): EditScript {
  const limit = Math.min(form.length, lemma.length);
  let prefix = 0;
  while (prefix < limit && form.charCodeAt(prefix) === lemma.charCodeAt(prefix)) prefix += 1;
  return `${form.length - prefix}|${lemma.slice(prefix)}`;
}

/** Applies a script; null when it would strip the whole form. */
export function applyScript(form: string, script: EditScript): string | null {
  const bar = script.indexOf('|');
  const strip = Number(script.slice(0, bar));
  if (strip >= form.length && script.length === bar + 1) return null;
  if (strip > form.length) return null;
  const result = form.slice(0, form.length - strip) + script.slice(bar + 1);
  return result === '' ? null : result;
}

/** Characters a script strips. */
export function scriptStrip(script: EditScript): number {
  return Number(script.slice(0, script.indexOf('|')));
}
