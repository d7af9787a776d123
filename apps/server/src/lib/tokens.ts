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

/** The user id and issue time of a valid access token, or null when invalid or expired. */
export async function verifyAccessToken(
  secret: string,
  token: string,
): Promise<{ userId: number; issuedAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId) || userId <= 0) return null;
    return { userId, issuedAt: payload.iat ?? 0 };
  } catch {
    return null;
  }
}
