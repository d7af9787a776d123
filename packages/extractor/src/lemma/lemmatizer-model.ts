import { gunzipSync, gzipSync, strFromU8, strToU8 } from 'fflate';
import type { EditScript } from './edit-script.ts';

// The model file is gzipped JSON: per UPOS, the lexicon learnt from the treebanks as
// "form<TAB>script" lines and the suffix table as "suffix<TAB>script count<TAB>…" lines, most
// frequent script first. Text lines keep it small once gzipped and easy to inspect.

export const MODEL_FORMAT = 'ludoterm-lemmatizer';
export const MODEL_VERSION = 1;

export interface LemmatizerSettings {
  /** Longest suffix the guesser looks up. */
  maxSuffix: number;
  /** Word types a suffix must have been seen with to be trusted. */
  minSuffixCount: number;
  /** A script is a candidate when it has at least this share of the best script's count. */
  candidateShare: number;
}

export interface LemmatizerModelData {
  format: typeof MODEL_FORMAT;
  version: number;
  language: 'es' | 'en';
  settings: LemmatizerSettings;
  /** UPOS → lower-case form → edit script. */
  lexicon: Map<string, Map<string, EditScript>>;
  /** UPOS → suffix → scripts with their type counts, most frequent first. */
  suffixes: Map<string, Map<string, Array<[EditScript, number]>>>;
}

interface SerialisedModel {
  format: string;
  version: number;
  language: 'es' | 'en';
  settings: LemmatizerSettings;
  lexicon: Record<string, string>;
  suffixes: Record<string, string>;
}

const byKey = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** The model as gzipped JSON; keys sorted, so the same model gives the same bytes. */
export function encodeLemmatizerModel(model: LemmatizerModelData): Uint8Array {
  const lexicon: Record<string, string> = {};
  for (const [upos, table] of [...model.lexicon].sort(byKey)) {
    lexicon[upos] = [...table]
      .sort(byKey)
      .map(([form, script]) => `${form}\t${script}`)
      .join('\n');
  }
  const suffixes: Record<string, string> = {};
  for (const [upos, table] of [...model.suffixes].sort(byKey)) {
    suffixes[upos] = [...table]
      .sort(byKey)
      .map(([suffix, scripts]) => [suffix, ...scripts.map(([s, c]) => `${s} ${c}`)].join('\t'))
      .join('\n');
  }
  const serialised: SerialisedModel = {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    language: model.language,
    settings: model.settings,
    lexicon,
    suffixes,
  };
  // mtime 0: reproducible bytes.
  return gzipSync(strToU8(JSON.stringify(serialised)), { level: 9, mtime: 0 });
}

export function decodeLemmatizerModel(bytes: Uint8Array): LemmatizerModelData {
  const parsed = JSON.parse(strFromU8(gunzipSync(bytes))) as SerialisedModel;
  if (parsed.format !== MODEL_FORMAT || parsed.version !== MODEL_VERSION) {
    throw new Error(`Modelo de lematización no reconocido (${parsed.format} v${parsed.version})`);
  }
  const lexicon = new Map<string, Map<string, EditScript>>();
  for (const [upos, lines] of Object.entries(parsed.lexicon)) {
    const table = new Map<string, EditScript>();
    for (const line of lines.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) table.set(line.slice(0, tab), line.slice(tab + 1));
    }
    lexicon.set(upos, table);
  }
  const suffixes = new Map<string, Map<string, Array<[EditScript, number]>>>();
  for (const [upos, lines] of Object.entries(parsed.suffixes)) {
    const table = new Map<string, Array<[EditScript, number]>>();
    for (const line of lines.split('\n')) {
      const [suffix, ...cells] = line.split('\t');
      if (suffix === undefined || cells.length === 0) continue;
      table.set(
        suffix,
        cells.map((cell) => {
          const space = cell.lastIndexOf(' ');
          return [cell.slice(0, space), Number(cell.slice(space + 1))];
        }),
      );
    }
    suffixes.set(upos, table);
  }
  return {
    format: MODEL_FORMAT,
    version: parsed.version,
    language: parsed.language,
    settings: parsed.settings,
    lexicon,
    suffixes,
  };
}
