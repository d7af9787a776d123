import { describe, expect, it } from 'vitest';
import { buildTestApp, describeEngines } from '../../test/build-test-app.ts';

describeEngines('GET /api/health', (t) => {
  it('answers ok with the engine and the public settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      version: expect.any(String),
      database: t.engine,
      contact_email: 'soporte@ludoterm.app',
      google_client_id: null,
      import_max_bytes: 10 * 1024 * 1024,
    });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('states the import limit the installation sets', async () => {
    const small = await buildTestApp(t.engine, { IMPORT_MAX_BYTES: '2048' });
    try {
      const res = await small.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json()).toMatchObject({ import_max_bytes: 2048 });
    } finally {
      await small.close();
    }
  });

  it('ignores a trailing slash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  describeEngines('GET /api/health', (t) => {
    it('sends a strict Content-Security-Policy and nosniff', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});
