import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 declares Algorithm as an ambient const enum; 2 is its Argon2id member.
const ARGON2ID = 2;

/** OWASP's argon2id baseline; the test suite uses the cheapest parameters instead. */
const PRODUCTION = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const TESTING = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function hashPassword(password: string, fast = false): Promise<string> {
  return hash(password, fast ? TESTING : PRODUCTION);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
