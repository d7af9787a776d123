import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../../errors.ts';
import { normalizeEmail } from './auth.policy.ts';

/** Where Google publishes the keys that sign its ID tokens (OpenID Connect discovery). */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

/** Google writes either form in `iss` (OpenID Connect guide for Google Sign-In). */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Google's published keys in production, a local set in tests. */
export type GoogleKeySource = JWTVerifyGetKey;

/** Google's key set over HTTPS, cached in memory by jose. Needs the internet. */
export function createGoogleKeySource(url: string = GOOGLE_JWKS_URL): GoogleKeySource {
  return createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cacheMaxAge: 10 * 60_000 });
}

export interface GoogleIdentity {
  /** Google's stable account id. */
  sub: string;
  email: string;
  name: string | null;
}

const invalid = () =>
  new AppError(
    'INVALID_TOKEN',
    'El inicio de sesión con Google no es válido o ha caducado. Vuelve a intentarlo.',
  );

/** Verifies a Google ID token: RS256, our audience, Google's issuer, unexpired, e-mail verified. */
export async function verifyGoogleIdToken(
  idToken: string,
  options: { clientId: string; keys: GoogleKeySource },
): Promise<GoogleIdentity> {
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, options.keys, {
      audience: options.clientId,
      issuer: GOOGLE_ISSUERS,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    }));
  } catch (error) {
    if (isKeySetUnavailable(error)) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'No se ha podido contactar con Google para comprobar el inicio de sesión. Inténtalo de nuevo más tarde.',
      );
    }
    throw invalid();
  }
  const { sub, email, email_verified: emailVerified, name } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || !sub || typeof email !== 'string' || !email) throw invalid();
  if (emailVerified !== true && emailVerified !== 'true') {
    throw new AppError(
      'FORBIDDEN',
      'Google no ha verificado ese correo electrónico. Verifícalo en tu cuenta de Google o regístrate con correo y contraseña.',
    );
  }
  return {
    sub,
    email: normalizeEmail(email),
    name: typeof name === 'string' && name.trim() ? name.trim() : null,
  };
}

/** Google's key set could not be fetched or read (no network, DNS, TLS, an outage): not the token's fault. */
function isKeySetUnavailable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  if (error instanceof errors.JOSEError)
    return /JSON Web Key Set HTTP response/.test(error.message);
  // fetch() itself rejects with a TypeError when the network fails.
  return error instanceof TypeError;
}
