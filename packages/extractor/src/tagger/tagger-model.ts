import { strFromU8, strToU8, unzlibSync, zlibSync } from 'fflate';
import { TAG_COUNT, UPOS_TAGS, domainKey } from './features.ts';
import { decodeWordClasses, encodeWordClasses } from './word-classes.ts';

// Binary model format, little-endian, zlib-compressed as a whole:
//   magic "LTAG", u32 version, u32 flags (reserved, 0), u32 domain merged into the weights,
//   f32 weight scale, u32 tag count, the tag names (u8 length + ASCII each), u32 feature count,
//   u32 weight count, the feature keys sorted ascending as LEB128 deltas, u8 number of non-zero
//   weights per feature, then per weight a u8 tag index and an i16 weight (real = i16 · scale).
// Flags bit 1: the pass tags right to left. A second such section may follow (flags bit 0 set):
// the look-ahead pass, which re-tags the sentence reading the first pass's tags of the words ahead. Last, optionally, the word-class
// dictionary: magic "LWCL", u32 byte count, UTF-8 `word<TAB>hex bits` lines.
const MAGIC = 0x4754414c; // "LTAG"
const VERSION = 2;
const FLAG_LOOKAHEAD = 1;
const FLAG_RIGHT_TO_LEFT = 2;
const WORD_CLASS_MAGIC = 0x4c43574c; // "LWCL"

/** Sparse weights of a trained model: feature key → one weight per tag. */
export type SparseWeights = Map<number, Float32Array>;

export interface TaggerModelHeader {
  /** Whether training learnt a copy of every feature per treebank. */
  useDomains: boolean;
  /** Whether the first pass was trained on sentences backwards (right to left). */
  rightToLeft?: boolean;
  /**
   * The treebank whose conventions tagging follows: its feature copies are added to the general
   * weights when the model is written, so tagging needs one lookup per feature.
   */
  inferenceDomain: number;
}

/**
 * The general weights plus the copies learnt for one domain; the other domains' copies are
 * dropped (they only served to keep other treebanks' conventions out of the general weights).
 */
export function mergeDomain(weights: SparseWeights, domain: number): SparseWeights {
  const domainKeys = new Set<number>();
  for (const key of weights.keys()) domainKeys.add(domainKey(key, domain));
  const merged: SparseWeights = new Map();
  for (const [key, row] of weights) {
    if (domainKeys.has(key)) continue;
    const copy = weights.get(domainKey(key, domain));
    if (copy === undefined) {
      merged.set(key, row);
      continue;
    }
    const sum = new Float32Array(TAG_COUNT);
    for (let t = 0; t < TAG_COUNT; t += 1) sum[t] = (row[t] as number) + (copy[t] as number);
    merged.set(key, sum);
  }
  return merged;
}

/**
 * A trained tagger held as an open-addressing hash table. Each slot is two adjacent Int32s
 * (the feature key; its first weight index · 32 + weight count), and each weight one Int32
 * (tag · 65536 + quantised weight + 32768), so a lookup touches about two cache lines.
 */
export class TaggerModel {
  readonly featureCount: number;
  readonly domain: number;
  private readonly mask: number;
  private readonly table: Int32Array;
  private readonly packed: Int32Array;
  /** The second, look-ahead pass, when the file has one. */
  lookahead: TaggerModel | null = null;
  /** Whether this pass tags sentences right to left. */
  rightToLeft = false;
  /** Parts of speech of dictionary lemmas the features read, when the file has them. */
  wordClasses: ReadonlyMap<string, number> | null = null;

  private constructor(domain: number, keys: Uint32Array, counts: Uint8Array, tags: Uint8Array, weights: Int16Array) {
    this.domain = domain;
    this.featureCount = keys.length;
    let capacity = 1024;
    while (capacity < keys.length * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.table = new Int32Array(capacity * 2);
    this.packed = new Int32Array(weights.length);
    for (let j = 0; j < weights.length; j += 1) this.packed[j] = (tags[j] as number) * 65536 + (weights[j] as number) + 32768;
    let offset = 0;
    for (let f = 0; f < keys.length; f += 1) {
      const key = (keys[f] as number) | 0;
      let slot = (Math.imul(key, 0x9e3779b1) >>> 0) & this.mask;
      while (this.table[slot * 2] !== 0) slot = (slot + 1) & this.mask;
      const count = counts[f] as number;
      this.table[slot * 2] = key;
      this.table[slot * 2 + 1] = offset * 32 + count;
      offset += count;
    }
  }

  /** Adds the (quantised) weights of one feature to `scores`, one integer per tag. */
  addScores(key: number, scores: Int32Array): void {
    const table = this.table;
    const k = key | 0;
    let slot = (Math.imul(k, 0x9e3779b1) >>> 0) & this.mask;
    let found = table[slot * 2] as number;
    while (found !== k) {
      if (found === 0) return;
      slot = (slot + 1) & this.mask;
      found = table[slot * 2] as number;
    }
    const where = table[slot * 2 + 1] as number;
    const start = where >>> 5;
    const end = start + (where & 31);
    const packed = this.packed;
    for (let j = start; j < end; j += 1) {
      const p = packed[j] as number;
      const t = p >>> 16;
      scores[t] = (scores[t] as number) + (p & 0xffff) - 32768;
    }
  }

  static fromWeights(weights: SparseWeights, header: TaggerModelHeader, threshold = 0, extras: ModelExtras = {}): TaggerModel {
    return TaggerModel.fromRaw(encodeRaw(weights, header, threshold, extras));
  }

  /** Reads a model file written by {@link encodeModel}. */
  static fromBytes(compressed: Uint8Array): TaggerModel {
    return TaggerModel.fromRaw(unzlibSync(compressed));
  }

  private static fromRaw(bytes: Uint8Array): TaggerModel {
    const [model, firstEnd] = TaggerModel.readSection(bytes, 0);
    let p = firstEnd;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    while (p < bytes.length) {
      if (view.getUint32(p, true) === WORD_CLASS_MAGIC) {
        const length = view.getUint32(p + 4, true);
        model.wordClasses = decodeWordClasses(strFromU8(bytes.subarray(p + 8, p + 8 + length)));
        p += 8 + length;
      } else {
        const [second, end] = TaggerModel.readSection(bytes, p);
        model.lookahead = second;
        p = end;
      }
    }
    return model;
  }

  private static readSection(bytes: Uint8Array, start: number): [TaggerModel, number] {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let p = start;
    const u32 = () => {
      const v = view.getUint32(p, true);
      p += 4;
      return v;
    };
    if (u32() !== MAGIC) throw new Error('El archivo no es un modelo de etiquetador.');
    const version = u32();
    if (version !== VERSION) throw new Error(`Versión de modelo no admitida: ${version}`);
    const flags = u32();
    const domain = u32();
    p += 4; // scale: only the ratio between weights matters for tagging
    const tagCount = u32();
    const names: string[] = [];
    for (let t = 0; t < tagCount; t += 1) {
      const length = bytes[p++] as number;
      names.push(String.fromCharCode(...bytes.subarray(p, p + length)));
      p += length;
    }
    if (names.join(' ') !== UPOS_TAGS.join(' ')) throw new Error('El modelo usa otras etiquetas.');
    const featureCount = u32();
    const weightCount = u32();
    const keys = new Uint32Array(featureCount);
    let previous = 0;
    for (let f = 0; f < featureCount; f += 1) {
      let delta = 0;
      let shift = 0;
      for (;;) {
        const b = bytes[p++] as number;
        delta += (b & 0x7f) * 2 ** shift;
        if (b < 0x80) break;
        shift += 7;
      }
      previous += delta;
      keys[f] = previous;
    }
    const counts = bytes.slice(p, p + featureCount);
    p += featureCount;
    const tags = bytes.slice(p, p + weightCount);
    p += weightCount;
    const weights = new Int16Array(weightCount);
    for (let j = 0; j < weightCount; j += 1) weights[j] = view.getInt16(p + 2 * j, true);
    const model = new TaggerModel(domain, keys, counts, tags, weights);
    model.rightToLeft = (flags & FLAG_RIGHT_TO_LEFT) !== 0;
    return [model, p + 2 * weightCount];
  }
}

/** The trained weights of the second, look-ahead pass and their pruning threshold. */
export interface LookaheadPass {
  weights: SparseWeights;
  threshold: number;
}

/** What a model file may hold besides the first pass. */
export interface ModelExtras {
  lookahead?: LookaheadPass | null;
  wordClasses?: ReadonlyMap<string, number> | null;
}

/** Serialises trained weights: domain merged, small weights dropped, quantised, compressed. */
export function encodeModel(trained: SparseWeights, header: TaggerModelHeader, threshold = 0, extras: ModelExtras = {}): Uint8Array {
  return zlibSync(encodeRaw(trained, header, threshold, extras), { level: 9 });
}

function encodeRaw(trained: SparseWeights, header: TaggerModelHeader, threshold: number, extras: ModelExtras): Uint8Array {
  const parts = [encodeSection(trained, header, threshold, header.rightToLeft === true ? FLAG_RIGHT_TO_LEFT : 0)];
  if (extras.lookahead) parts.push(encodeSection(extras.lookahead.weights, header, extras.lookahead.threshold, FLAG_LOOKAHEAD));
  if (extras.wordClasses) {
    const text = strToU8(encodeWordClasses(extras.wordClasses));
    const head = new Uint8Array(8);
    const view = new DataView(head.buffer);
    view.setUint32(0, WORD_CLASS_MAGIC, true);
    view.setUint32(4, text.length, true);
    parts.push(head, text);
  }
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let p = 0;
  for (const part of parts) {
    bytes.set(part, p);
    p += part.length;
  }
  return bytes;
}

function encodeSection(trained: SparseWeights, header: TaggerModelHeader, threshold: number, flags: number): Uint8Array {
  const weights = header.useDomains ? mergeDomain(trained, header.inferenceDomain) : trained;
  let maxAbs = 0;
  for (const row of weights.values()) for (const w of row) maxAbs = Math.max(maxAbs, Math.abs(w));
  const scale = maxAbs > 0 ? maxAbs / 32767 : 1;
  const entries: Array<[number, number[], number[]]> = [];
  for (const [key, row] of weights) {
    const tags: number[] = [];
    const values: number[] = [];
    for (let t = 0; t < TAG_COUNT; t += 1) {
      const w = row[t] as number;
      const q = Math.round(w / scale);
      if (Math.abs(w) > threshold && q !== 0) {
        tags.push(t);
        values.push(q);
      }
    }
    if (tags.length > 0) entries.push([key, tags, values]);
  }
  entries.sort((a, b) => a[0] - b[0]);
  const weightCount = entries.reduce((sum, e) => sum + e[1].length, 0);
  const nameBytes = UPOS_TAGS.reduce((sum, t) => sum + 1 + t.length, 0);
  const size = 28 + nameBytes + 8 + entries.length * 5 + entries.length + weightCount * 3;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let p = 0;
  const u32 = (v: number) => {
    view.setUint32(p, v, true);
    p += 4;
  };
  u32(MAGIC);
  u32(VERSION);
  u32(flags);
  u32(header.useDomains ? header.inferenceDomain : 0);
  view.setFloat32(p, scale, true);
  p += 4;
  u32(TAG_COUNT);
  for (const name of UPOS_TAGS) {
    bytes[p++] = name.length;
    for (let i = 0; i < name.length; i += 1) bytes[p++] = name.charCodeAt(i);
  }
  u32(entries.length);
  u32(weightCount);
  let previous = 0;
  for (const [key] of entries) {
    let delta = key - previous;
    previous = key;
    while (delta >= 0x80) {
      bytes[p++] = (delta & 0x7f) | 0x80;
      delta = Math.floor(delta / 128);
    }
    bytes[p++] = delta;
  }
  for (const [, tags] of entries) bytes[p++] = tags.length;
  for (const [, tags] of entries) for (const t of tags) bytes[p++] = t;
  for (const [, , values] of entries) {
    for (const v of values) {
      view.setInt16(p, v, true);
      p += 2;
    }
  }
  return bytes.subarray(0, p);
}
