import type { FastifyInstance } from 'fastify';

export interface BackgroundRun {
  everyMs: number;
  /** Also run once as soon as the app is ready. */
  atStart?: boolean;
  /** What the log says when a run fails. */
  failure: string;
}

/** Runs `work` every `everyMs` once the app is ready, never two at once; closing awaits the run. */
export function repeatInBackground(
  app: FastifyInstance,
  { everyMs, atStart = false, failure }: BackgroundRun,
  work: () => Promise<void>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    if (running) return;
    running = work()
      .catch((error: unknown) => app.log.error({ err: error }, failure))
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook('onReady', async () => {
    if (atStart) tick();
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
