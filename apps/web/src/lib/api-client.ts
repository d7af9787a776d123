import { es, format } from '@ludoterm/contract/messages/es';
import axios, {
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { env } from '@/config/env.ts';
import { createTokenStore, type TokenPair, type TokenStore } from './token-store.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Send no access token and never renew on 401: the sign-in endpoints, whose 401 means
     * wrong credentials rather than an expired session.
     */
    skipAuth?: boolean;
    /** Set on the one repetition after a renewal, so a request is never repeated twice. */
    isRetry?: boolean;
  }
}

/** Name of the Web Lock that serialises token renewal across the tabs of this origin. */
export const REFRESH_LOCK_NAME = 'ludoterm-refresh';

/** Timeout for uploads and downloads that may outlast the usual 15 s (imports, PDF, extraction). */
export const TRANSFER_TIMEOUT_MS = 10 * 60_000;

/**
 * Every failed call, as the app sees it. `status` is 0 when no answer arrived; `code` is the
 * API's stable code (`EMAIL_TAKEN`…) or NETWORK_ERROR, TIMEOUT, CANCELED, HTTP_<status>;
 * `detail` is the API's `detail` (Spanish text or an object), or null; `body` the whole answer
 * (a 409 on an entry also carries the entry as it is now).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: unknown,
    message: string,
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
}

export interface ApiClientOptions {
  baseURL?: string;
  timeout?: number;
  tokens?: TokenStore;
  /** Web Locks for cross-tab renewal; `null` turns them off; default `navigator.locks`. */
  locks?: LockManager | null;
  /** Replaces the HTTP transport (tests answer with typed fixtures). */
  adapter?: AxiosAdapter;
}

export interface ApiClient {
  http: AxiosInstance;
  tokens: TokenStore;
  /** Called once the session cannot be renewed, after both tokens were removed. */
  setOnUnauthorized(handler: (() => void) | null): void;
}

function bodyOf(response: AxiosResponse | undefined): Record<string, unknown> | null {
  const data: unknown = response?.data;
  return data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

/** Error bodies of `responseType: 'blob'` requests arrive as a Blob; read their JSON. */
async function readBlobBody(response: AxiosResponse | undefined): Promise<void> {
  if (!response || typeof Blob === 'undefined' || !(response.data instanceof Blob)) return;
  try {
    response.data = JSON.parse(await response.data.text()) as unknown;
  } catch {
    response.data = null;
  }
}

/** Turns anything axios throws into an ApiError with a Spanish message. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError(0, 'CANCELED', null, 'Petición cancelada.');
  if (axios.isAxiosError(error)) {
    const response = error.response;
    if (response) {
      const body = bodyOf(response);
      const detail = body?.detail ?? null;
      const code = typeof body?.code === 'string' ? body.code : `HTTP_${response.status}`;
      const message =
        typeof detail === 'string' && detail
          ? detail
          : format(es.app.httpError, { status: response.status });
      return new ApiError(response.status, code, detail, message, body);
    }
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
      return new ApiError(0, 'TIMEOUT', null, es.app.timeout);
    }
    return new ApiError(0, 'NETWORK_ERROR', null, es.app.networkError);
  }
  const message = error instanceof Error && error.message ? error.message : es.app.unknownError;
  return new ApiError(0, 'UNKNOWN', null, message);
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
}

/**
 * The one HTTP client of the app (STYLE rule 6): base URL, 15 s timeout, JSON, the Bearer
 * token, failures as ApiError. On a 401 it renews the tokens once and repeats the request
 * once. Renewal is single-flight: one shared promise within a tab, and a Web Lock across tabs
 * so that a tab finding the refresh token already rotated by another reuses the new pair
 * instead of spending the old one. It never shows messages or navigates: `onUnauthorized`
 * does what the app wants when the session is over.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const tokens = options.tokens ?? createTokenStore();
  let onUnauthorized: (() => void) | null = null;
  let renewal: Promise<string | null> | null = null;

  const http = axios.create({
    baseURL: options.baseURL ?? env.apiBaseUrl,
    timeout: options.timeout ?? env.requestTimeoutMs,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  const locks = (): LockManager | null =>
    options.locks !== undefined
      ? options.locks
      : typeof navigator !== 'undefined' && navigator.locks
        ? navigator.locks
        : null;

  /** Ends the session for good: both tokens removed, then the app's handler. */
  const endSession = () => {
    tokens.clear();
    onUnauthorized?.();
  };

  /**
   * Spends `failedRefresh` for a new pair, unless another tab has done it meanwhile.
   * Answers the access token to retry with, or null when the session is over.
   */
  const rotate = async (failedRefresh: string): Promise<string | null> => {
    const stored = tokens.getRefresh();
    if (!stored) return null;
    if (stored !== failedRefresh) return tokens.getAccess();
    try {
      const { data } = await http.post<TokenPair>(
        '/auth/refresh',
        { refresh_token: stored },
        { skipAuth: true },
      );
      tokens.set({ access_token: data.access_token, refresh_token: data.refresh_token });
      return data.access_token;
    } catch (error) {
      const apiError = toApiError(error);
      // A refusal ends the session; a network failure or a 5xx does not sign anyone out.
      if (apiError.status >= 400 && apiError.status < 500) {
        endSession();
        return null;
      }
      throw apiError;
    }
  };

  const renew = (failedRefresh: string): Promise<string | null> => {
    if (!renewal) {
      const lockManager = locks();
      const run = () => rotate(failedRefresh);
      const pending: Promise<string | null> = lockManager
        ? // The DOM typings nest the callback's promise; at run time it is already flat.
          lockManager.request(REFRESH_LOCK_NAME, run).then((access) => access)
        : run();
      renewal = pending.finally(() => {
        renewal = null;
      });
      return renewal;
    }
    return renewal;
  };

  http.interceptors.request.use((config) => {
    if (!config.skipAuth) {
      const access = tokens.getAccess();
      if (access) config.headers.set('Authorization', `Bearer ${access}`);
      else config.headers.delete('Authorization');
    }
    return config;
  });

  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error) || !error.config) throw toApiError(error);
    const config = error.config;
    await readBlobBody(error.response);
    if (error.response?.status !== 401 || config.skipAuth || config.isRetry) {
      throw toApiError(error);
    }

    let access: string | null;
    const current = tokens.getAccess();
    if (current && current !== bearerOf(config)) {
      // Renewed while this request was in flight: repeat it with the new token.
      access = current;
    } else {
      const refresh = tokens.getRefresh();
      if (!refresh) throw toApiError(error);
      access = await renew(refresh);
    }
    if (!access) throw toApiError(error);

    config.isRetry = true;
    return http.request(config);
  });

  return {
    http,
    tokens,
    setOnUnauthorized(handler) {
      onUnauthorized = handler;
    },
  };
}

/** The app's client. Features call `api.get(...)`; the app wires `onUnauthorized`. */
export const apiClient = createApiClient();
export const api = apiClient.http;
export const tokenStore = apiClient.tokens;
