import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { sha256Hex } from '../../lib/sha256.ts';

/** Seconds a rotated refresh token still answers its successor pair (parallel requests, tabs). */
export const REFRESH_GRACE_SECONDS = 30;

/** A new opaque refresh token: 256 random bits. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The successor of a refresh token: an HMAC with the server secret rather than random, so the
 * grace window can answer it again while the database keeps only hashes.
 */
export function successorOf(secret: string, refreshToken: string): string {
  return createHmac('sha256', secret)
    .update(`refresh-successor:${refreshToken}`)
    .digest('base64url');
}

/** What the database keeps of a refresh token. */
export function hashRefreshToken(refreshToken: string): string {
  return sha256Hex(refreshToken);
}

/**
 * The access token of a session step; deterministic, so the grace window answers the same pair.
 * `sid` names the session (the refresh-token family), so revoking the session ends the token.
 */
export function signSessionAccessToken(
  secret: string,
  userId: number,
  sessionId: string,
  issuedAtIso: string,
  ttlSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(Date.parse(issuedAtIso) / 1000);
  return new SignJWT({ typ: 'access', sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}
