import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** A key pair that plays Google's in tests, published like Google publishes its keys. */
export interface TestGoogleKeys {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function createTestGoogleKeys(kid = 'clave-de-prueba'): Promise<TestGoogleKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicJwk };
}

/** An ID token as Google Identity Services hands it to the browser; claims can be overridden. */
export async function signGoogleIdToken(
  keys: Pick<TestGoogleKeys, 'kid' | 'privateKey'>,
  claims: Record<string, unknown>,
  options: { audience: string; issuer?: string; expiresInSeconds?: number; alg?: 'RS256' } = {
    audience: '',
  },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: keys.kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
    .sign(keys.privateKey);
}

/** A local HTTP server answering the JWK set at /oauth2/v3/certs, counting requests. */
export async function serveJwks(
  keys: JWK[],
): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests += 1;
    if (request.url !== '/oauth2/v3/certs') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
