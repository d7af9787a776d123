import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

/** One canned answer of the fake transport. */
export interface FixtureAnswer {
  status: number;
  data?: unknown;
  /** Response headers, lower-case names (`x-total-count`). */
  headers?: Record<string, string>;
}

export type FixtureHandler = (request: {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}) => FixtureAnswer | Promise<FixtureAnswer>;

/**
 * An axios adapter that answers from `handler` and records every request, so client tests
 * run with typed fixtures and no server. Non-2xx answers reject as axios' own adapters do.
 */
export function fakeAdapter(handler: FixtureHandler) {
  const calls: { method: string; url: string; authorization: string | null }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const authorization = config.headers.get('Authorization');
    const request = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
      authorization: typeof authorization === 'string' ? authorization : null,
    };
    calls.push({ method: request.method, url: request.url, authorization: request.authorization });
    // Answer on a later tick, as a network would, so concurrent requests really overlap.
    await new Promise((resolve) => setTimeout(resolve, 1));
    const answer = await handler(request);
    const response: AxiosResponse = {
      data: answer.data ?? null,
      status: answer.status,
      statusText: String(answer.status),
      headers: answer.headers ?? {},
      config,
    };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
  return { adapter, calls };
}

/** A LockManager double: one FIFO queue per lock name, like `navigator.locks` across tabs. */
export function fakeLockManager(): LockManager & { requests: number } {
  const tails = new Map<string, Promise<unknown>>();
  const manager = {
    requests: 0,
    request(name: string, ...rest: unknown[]) {
      const callback = rest[rest.length - 1] as (lock: Lock | null) => unknown;
      manager.requests += 1;
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(() => callback({ name, mode: 'exclusive' } as Lock));
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
    query: () => Promise.resolve({ held: [], pending: [] }),
  };
  return manager as unknown as LockManager & { requests: number };
}
