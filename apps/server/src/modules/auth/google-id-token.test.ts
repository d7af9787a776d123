import { createLocalJWKSet } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestGoogleKeys, signGoogleIdToken } from './google-test-keys.ts';
import { verifyGoogleIdToken } from './google-id-token.ts';

const CLIENT_ID = '1234-ludoterm.apps.googleusercontent.com';
const google = await createTestGoogleKeys();
const keys = createLocalJWKSet({ keys: [google.publicJwk] });
const claims = { sub: '1100220033', email: 'Jugadora@Gmail.com', name: 'Jugadora Uno' };

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (error: { code: string; detail: string }) => ({ code: error.code, detail: error.detail }),
  );
}

describe('verifyGoogleIdToken', () => {
  it('answers the Google account of a token signed by Google for this client', async () => {
    const token = await signGoogleIdToken(google, claims, { audience: CLIENT_ID });
    expect(await verifyGoogleIdToken(token, { clientId: CLIENT_ID, keys })).toEqual({
      sub: '1100220033',
      email: 'jugadora@gmail.com',
      name: 'Jugadora Uno',
    });
  });

  it('accepts both issuer spellings Google uses', async () => {
    const token = await signGoogleIdToken(google, claims, {
      audience: CLIENT_ID,
      issuer: 'accounts.google.com',
    });
    expect((await verifyGoogleIdToken(token, { clientId: CLIENT_ID, keys })).sub).toBe(
      '1100220033',
    );
  });

  it.each([
    [
      'another key',
      async () =>
        signGoogleIdToken({ ...(await createTestGoogleKeys(google.kid)) }, claims, {
          audience: CLIENT_ID,
        }),
    ],
    [
      'an unknown key id',
      async () =>
        signGoogleIdToken(await createTestGoogleKeys('otra'), claims, { audience: CLIENT_ID }),
    ],
    [
      'another audience',
      async () =>
        signGoogleIdToken(google, claims, { audience: 'otra-app.apps.googleusercontent.com' }),
    ],
    [
      'another issuer',
      async () =>
        signGoogleIdToken(google, claims, { audience: CLIENT_ID, issuer: 'https://evil.example' }),
    ],
    [
      'an expired token',
      async () =>
        signGoogleIdToken(google, claims, { audience: CLIENT_ID, expiresInSeconds: -120 }),
    ],
    [
      'no subject',
      async () => signGoogleIdToken(google, { email: 'a@b.es' }, { audience: CLIENT_ID }),
    ],
    ['no e-mail', async () => signGoogleIdToken(google, { sub: '1' }, { audience: CLIENT_ID })],
    ['garbage', async () => 'no.es.un-token'],
    [
      'no signature (alg none)',
      async () => {
        const payload = (await signGoogleIdToken(google, claims, { audience: CLIENT_ID })).split(
          '.',
        )[1];
        const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
        return `${none}.${payload}.`;
      },
    ],
  ])('refuses a token with %s (401 INVALID_TOKEN)', async (_, makeToken) => {
    const error = await rejection(
      verifyGoogleIdToken(await makeToken(), { clientId: CLIENT_ID, keys }),
    );
    expect(error).toEqual({
      code: 'INVALID_TOKEN',
      detail: 'El inicio de sesión con Google no es válido o ha caducado. Vuelve a intentarlo.',
    });
  });

  it('refuses an e-mail Google has not verified (403)', async () => {
    const token = await signGoogleIdToken(
      google,
      { ...claims, email_verified: false },
      { audience: CLIENT_ID },
    );
    const error = await rejection(verifyGoogleIdToken(token, { clientId: CLIENT_ID, keys }));
    expect(error).toMatchObject({
      code: 'FORBIDDEN',
      detail: expect.stringMatching(/no ha verificado ese correo/),
    });
  });
});
