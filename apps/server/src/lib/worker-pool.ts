import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';

// Worker threads for CPU-heavy work (imports, term extraction), so the event loop keeps
// answering other users. A worker is a file `src/workers/<name>.worker.ts` whose default
// export is `async (task) => result`; task and result cross the thread boundary by structured
// clone, so both must be plain data (no class instances, no functions: an Error loses its
// own properties on the way, so workers answer failures as data).
//
// Where the file is depends on how the server runs:
// - bundled (`npm start`): apps/server/build.mjs bundles every `src/workers/*.worker.ts` as
//   its own entry, so it is `dist/workers/<name>.worker.js`, beside `dist/server.js`;
// - from TypeScript (Vitest, `npm run dev`, benchmarks through tsx): it is
//   `src/workers/<name>.worker.ts`, loaded through tsx's loader in the worker thread.

/** How a worker file is started: the file and the Node options of its threads. */
export interface WorkerEntry {
  filename: string;
  execArgv: string[];
}

const here = fileURLToPath(import.meta.url);
const runningFromSource = here.endsWith('.ts');

/** tsx's ESM loader as a file URL, so `--import` finds it whatever the working directory. */
function tsxLoader(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

/**
 * The file and Node options that start worker `name` (`import` for
 * `src/workers/import.worker.ts`). Throws when the file is missing (a stale build).
 */
export function resolveWorkerEntry(name: string): WorkerEntry {
  if (runningFromSource) {
    const filename = join(dirname(here), '..', 'workers', `${name}.worker.ts`);
    if (!existsSync(filename)) throw new Error(`No existe el worker ${filename}.`);
    return { filename, execArgv: ['--import', tsxLoader()] };
  }
  // In the bundle this code sits in dist/server.js (or a file one folder down).
  const candidates = [
    join(dirname(here), 'workers', `${name}.worker.js`),
    join(dirname(here), '..', 'workers', `${name}.worker.js`),
  ];
  const filename = candidates.find((file) => existsSync(file));
  if (!filename) {
    throw new Error(
      `No existe el worker ${candidates[0]}: vuelve a compilar el servidor (npm run build).`,
    );
  }
  return { filename, execArgv: [] };
}

export interface WorkerPoolOptions {
  /** Threads at most (default 1: on a 2-core machine one heavy task at a time is plenty). */
  maxThreads?: number;
  /** Threads started with the pool and kept however idle (default 0: started on demand). */
  minThreads?: number;
  /** Tasks waiting for a thread at most; beyond it `run` rejects with `WorkerPoolFullError`. */
  maxQueue?: number;
  /** A thread idle this long exits (default 60 s); the next task starts a new one. */
  idleTimeoutMs?: number;
  /** V8 heap limit of each thread, in MB (default: Node's). */
  maxOldGenerationSizeMb?: number;
  /** V8 young generation of each thread, in MB (default: Node's, up to 48 MB per thread). */
  maxYoungGenerationSizeMb?: number;
  /**
   * Whether a thread's event loop keeps running between tasks. By default piscina parks idle
   * threads with Atomics.wait, which also stops their timers and callbacks until the next
   * task: a worker that goes on working after answering (the import writer's checkpoint)
   * needs `true`.
   */
  runsBetweenTasks?: boolean;
  /**
   * Lowers the threads' scheduling priority by this much (Linux `nice`, through piscina's
   * optional @napi-rs/nice; ignored where it is missing): for work that should take only the
   * CPU other threads leave.
   */
  niceIncrement?: number;
  /** Tasks handed to each thread at once (default 1). */
  concurrentTasksPerWorker?: number;
}

export interface RunOptions {
  /** ArrayBuffers and MessagePorts moved (not copied) to the worker; unusable here afterwards. */
  transferList?: Array<ArrayBuffer | MessagePort>;
  /** Cancels a queued or running task (a running thread is terminated). */
  signal?: AbortSignal;
}

/** A pool of worker threads running one worker file. */
export interface WorkerPool<Task, Result> {
  /** Runs a task on a free thread (queued when all are busy) and answers its result. */
  run(task: Task, options?: RunOptions): Promise<Result>;
  /** Tasks waiting for a thread. */
  readonly queueSize: number;
  /** Ends every thread; running tasks are rejected. Call it when the app closes. */
  destroy(): Promise<void>;
  /** Lets the queued and running tasks finish, then ends every thread. */
  close(): Promise<void>;
}

/** `run` refused the task because the pool was closed or destroyed. */
export class WorkerPoolClosedError extends Error {
  constructor(name: string) {
    super(`El worker ${name} está cerrado.`);
    this.name = 'WorkerPoolClosedError';
  }
}

/** `run` refused the task because `maxQueue` tasks were already waiting. */
export class WorkerPoolFullError extends Error {
  constructor(name: string) {
    super(`La cola del worker ${name} está llena.`);
    this.name = 'WorkerPoolFullError';
  }
}

/**
 * A pool for worker `name` (see `resolveWorkerEntry`). Threads beyond `minThreads` start on
 * demand and exit after `idleTimeoutMs` without work; `destroy()` ends them all at once.
 */
export function createWorkerPool<Task, Result>(
  name: string,
  options: WorkerPoolOptions = {},
): WorkerPool<Task, Result> {
  const entry = resolveWorkerEntry(name);
  const maxQueue = options.maxQueue ?? 32;
  const piscina = new Piscina<Task, Result>({
    filename: pathToFileURL(entry.filename).href,
    execArgv: entry.execArgv,
    minThreads: options.minThreads ?? 0,
    maxThreads: options.maxThreads ?? 1,
    idleTimeout: options.idleTimeoutMs ?? 60_000,
    ...(options.runsBetweenTasks ? { atomics: 'disabled' as const } : {}),
    ...(options.niceIncrement ? { niceIncrement: options.niceIncrement } : {}),
    ...(options.concurrentTasksPerWorker
      ? { concurrentTasksPerWorker: options.concurrentTasksPerWorker }
      : {}),
    resourceLimits: {
      ...(options.maxOldGenerationSizeMb
        ? { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb }
        : {}),
      ...(options.maxYoungGenerationSizeMb
        ? { maxYoungGenerationSizeMb: options.maxYoungGenerationSizeMb }
        : {}),
    },
  });
  // piscina starts a new thread for a task sent after `destroy` or `close`, and that thread
  // keeps the process alive: a task that comes late (a warm-up, as the server stops) is refused.
  let ended = false;
  return {
    async run(task, runOptions = {}) {
      if (ended) throw new WorkerPoolClosedError(name);
      if (piscina.queueSize >= maxQueue) throw new WorkerPoolFullError(name);
      return piscina.run(task, {
        ...(runOptions.transferList ? { transferList: runOptions.transferList } : {}),
        ...(runOptions.signal ? { signal: runOptions.signal } : {}),
      }) as Promise<Result>;
    },
    get queueSize() {
      return piscina.queueSize;
    },
    destroy: () => {
      ended = true;
      return piscina.destroy();
    },
    close: () => {
      ended = true;
      return piscina.close();
    },
  };
}
