import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './test/build-test-app.ts';
import { createTestDatabase, testEngines } from './test/test-database.ts';

/** A promise and the function that settles it, to hold a request open as long as a test needs. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A GET on a keep-alive connection of its own, as a browser keeps one open. */
function getOnce(url: string): Promise<{ status: number; body: string; connection?: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    get(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
      );
      res.on('error', reject);
    }).on('error', reject);
  }).finally(() => agent.destroy());
}

// server.ts stops on SIGTERM/SIGINT with `app.close()`; the signal handling and its forced exit
// after 10 s need a process of their own, so these tests drive `app.close()` on a real port.
describe.each(testEngines)('closing the app [%s]', (engine) => {
  it('lets a request in flight finish, refuses new connections, then closes the database', async () => {
    const database = await createTestDatabase(engine);
    try {
      const config = testConfig(
        database.dataDir,
        database.postgresUrl ? { DATABASE_URL: database.postgresUrl } : {},
      );
      const app = await buildApp(config, database.handle);
      const started = gate();
      const release = gate();
      app.get('/api/test/lenta', async () => {
        started.open();
        await release.opened;
        const { n } = await app.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return { usuarios: Number(n) };
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

      const inFlight = getOnce(`${base}/api/test/lenta`);
      await started.opened;
      let closed = false;
      const closing = app.close().then(() => {
        closed = true;
      });

      await vi.waitFor(() => expect(app.server.listening).toBe(false));
      await expect(getOnce(`${base}/api/health`)).rejects.toThrow('ECONNREFUSED');
      expect(closed).toBe(false);
      release.open();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ usuarios: 0 });
      // The keep-alive connection is ended with the answer, so closing need not wait for it.
      expect(res.connection).toBe('close');
      await closing;
      await expect(database.handle.db.selectFrom('users').select('id').execute()).rejects.toThrow();
    } finally {
      await database.drop();
    }
  });
});
