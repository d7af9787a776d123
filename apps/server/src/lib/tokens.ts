import { jwtVerify, SignJWT } from 'jose';

/** Access tokens: short-lived HS256 JWTs whose subject is the user id. */
export async function signAccessToken(secret: string, userId: number, ttlSeconds: number): Promise<string> {
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

export interface AccessClaims {
  userId: number;
  issuedAt: number;
  /** The session (refresh-token family) the token belongs to; null in tokens signed without one. */
  sessionId: string | null;
}

async function checkAccessToken(
  key: Uint8Array,
  token: string,
): Promise<{ claims: AccessClaims; expiresAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId) || userId <= 0 || payload.exp === undefined) {
      return null;
    }
    const sessionId = typeof payload.sid === 'string' && payload.sid ? payload.sid : null;
    return { claims: { userId, issuedAt: payload.iat ?? 0, sessionId }, expiresAt: payload.exp };
  } catch {
    return null;
  }
}

/** Tokens a verifier remembers; past that it forgets them all and starts again. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Checks access tokens signed with `secret` (claims, or null). Valid ones are remembered, as a
 * client resends the same token and signature checks are costly; expiry is still enforced.
 */
export function createAccessTokenVerifier(secret: string): (token: string) => Promise<AccessClaims | null> {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return async (token) => {
    let known = verified.get(token);
    if (!known) {
      const checked = await checkAccessToken(key, token);
      if (!checked) return null;
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
      verified.set(token, checked);
      known = checked;
    }
    if (Date.now() / 1000 >= known.expiresAt) {
      verified.delete(token);
      return null;
    }
    return known.claims;
  };
}
