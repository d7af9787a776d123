import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { warmUpAfterListen } from './warm-up-after-listen.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('warmUpAfterListen', () => {
  it('never starts the warm-up of an app closed before its time', async () => {
    const app = Fastify();
    let started = false;
    warmUpAfterListen(app, async () => (started = true), 'falló');
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.close();
    await sleep(3200);
    expect(started).toBe(false);
  }, 10_000);

  it('lets a running warm-up finish before the hooks added earlier close what it uses', async () => {
    const app = Fastify();
    const events: string[] = [];
    app.addHook('onClose', async () => {
      events.push('pool cerrado');
    });
    warmUpAfterListen(
      app,
      async () => {
        events.push('calentando');
        await sleep(300);
        events.push('calentado');
      },
      'falló',
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    await sleep(3100);
    await app.close();
    expect(events).toEqual(['calentando', 'calentado', 'pool cerrado']);
  }, 10_000);
});
