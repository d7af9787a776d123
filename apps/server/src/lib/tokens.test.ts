import { afterEach, describe, expect, it, vi } from 'vitest';
import { signSessionAccessToken } from '../modules/auth/session-tokens.ts';
import { createAccessTokenVerifier, signAccessToken } from './tokens.ts';

const SECRET = 'secreto-de-prueba-secreto-de-prueba-0123';

describe('createAccessTokenVerifier', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the claims of a valid token, every time it is shown', async () => {
    const verify = createAccessTokenVerifier(SECRET);
    const token = await signAccessToken(SECRET, 42, 900);
    const first = await verify(token);
    expect(first).toEqual({ userId: 42, issuedAt: expect.any(Number), sessionId: null });
    expect(await verify(token)).toEqual(first);
  });

  it("answers the session a session's token belongs to", async () => {
    const verify = createAccessTokenVerifier(SECRET);
    const token = await signSessionAccessToken(
      SECRET,
      42,
      'familia-1',
      new Date().toISOString(),
      900,
    );
    expect(await verify(token)).toEqual({
      userId: 42,
      issuedAt: expect.any(Number),
      sessionId: 'familia-1',
    });
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const verify = createAccessTokenVerifier(SECRET);
    const token = await signAccessToken(SECRET, 7, 60);
    expect(await verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-25T10:00:59Z'));
    expect(await verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-25T10:01:00Z'));
    expect(await verify(token)).toBeNull();
    expect(await verify(token)).toBeNull();
  });

  it('refuses tokens signed with another secret or altered', async () => {
    const verify = createAccessTokenVerifier(SECRET);
    const foreign = await signAccessToken('otro-secreto-otro-secreto-otro-secreto-0', 1, 900);
    expect(await verify(foreign)).toBeNull();
    const token = await signAccessToken(SECRET, 1, 900);
    expect(await verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '2' }),
    ).toString('base64url');
    expect(await verify(`${header}.${otherUser}.${signature}`)).toBeNull();
    expect(await verify('no-es-un-token')).toBeNull();
  });
});
