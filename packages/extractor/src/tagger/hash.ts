// 32-bit hashing for feature keys. Training and tagging must compute identical keys, so every
// feature goes through these functions and nothing else.

/** Final avalanche step of MurmurHash3 (a public-domain mixing constant set). */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units, then mixed. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Key of a feature: a template number and up to two values; never 0, the table's empty slot. */
export function featureKey(template: number, a: number, b = 0): number {
  const h = mix32(Math.imul(template + 1, 0x9e3779b1) ^ a ^ Math.imul(b ^ 0x5bd1e995, 0x27d4eb2f));
  return h === 0 ? 1 : h;
}
