import { createHash } from 'node:crypto';

/** SHA-256 of a text, in hex: what is stored of tokens, and of keys that name people. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
