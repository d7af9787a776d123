import type { FastifyInstance } from 'fastify';

/** How long after the server starts listening its threads warm up: its own start goes first. */
const WARM_UP_DELAY_MS = 3000;

/**
 * Runs `warmUp` (starting worker threads and running them once, so the first user does not
 * wait for that) a little after `app` starts listening; a failure is logged as `failure`. When
 * the app closes meanwhile, the warm-up is not started, or is let finish (a few seconds at
 * most) so it cleans up after itself. Fastify runs `onClose` hooks last registered first: call
 * this after adding the hook that closes what `warmUp` uses.
 */
export function warmUpAfterListen(
  app: FastifyInstance,
  warmUp: () => Promise<unknown>,
  failure: string,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  app.addHook('onListen', async () => {
    timer = setTimeout(() => {
      running = warmUp().then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, failure),
      );
    }, WARM_UP_DELAY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}
