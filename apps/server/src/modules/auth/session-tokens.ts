import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * Seconds during which a just-rotated refresh token still answers the pair it was rotated
 * into, so parallel requests and a second tab never sign the user out (ARCHITECTURE).
 */
export const REFRESH_GRACE_SECONDS = 30;

/** A new opaque refresh token: 256 random bits. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The token a refresh token is rotated into. Derived with the server secret rather than drawn
 * at random, so that within the grace window the same successor can be answered again while
 * the database keeps only hashes: nobody without the secret can compute it.
 */
export function successorOf(secret: string, refreshToken: string): string {
  return createHmac('sha256', secret).update(`refresh-successor:${refreshToken}`).digest('base64url');
}

/** What the database keeps of a refresh token. */
export function hashRefreshToken(refreshToken: string): string {
  return createHash('sha256').update(refreshToken).digest('hex');
}

/**
 * The access token of a session step: HS256, subject the user id, issued when that refresh
 * token was created. Deterministic, so the grace window answers exactly the same pair.
 * Same claims as lib/tokens.ts, which verifies it.
 */
export function signSessionAccessToken(
  secret: string,
  userId: number,
  issuedAtIso: string,
  ttlSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(Date.parse(issuedAtIso) / 1000);
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}
