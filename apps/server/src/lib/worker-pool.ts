import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';

// A worker is `src/workers/<name>.worker.ts` (bundled: `dist/workers/<name>.worker.js`) whose
// default export is `async (task) => result`. Both cross by structured clone, so they must be
// plain data: an Error loses its own properties, so workers answer failures as data.

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
  /** Threads at most (default 1). */
  maxThreads?: number;
  /** Threads started with the pool and kept however idle (default 0: started on demand). */
  minThreads?: number;
  /** Tasks waiting for a thread at most; beyond it `run` rejects with `WorkerPoolFullError`. */
  maxQueue?: number;
  /** A thread idle this long exits (default 60 s); the next task starts a new one. */
  idleTimeoutMs?: number;
  /** V8 heap limit of each thread, in MB (default: Node's). */
  maxOldGenerationSizeMb?: number;
  /** Tasks handed to each thread at once (default 1). */
  concurrentTasksPerWorker?: number;
}

export interface RunOptions {
  /** ArrayBuffers and MessagePorts moved (not copied) to the worker; unusable here afterwards. */
  transferList?: Array<ArrayBuffer | MessagePort>;
  /** Cancels a queued or running task (a running thread is terminated). */
  signal?: AbortSignal;
}

export interface WorkerPool<Task, Result> {
  /** Runs a task on a free thread (queued when all are busy) and answers its result. */
  run(task: Task, options?: RunOptions): Promise<Result>;
  readonly queueSize: number;
  /** Ends every thread; running tasks are rejected. Call it when the app closes. */
  destroy(): Promise<void>;
  /** Lets the queued and running tasks finish, then ends every thread. */
  close(): Promise<void>;
}

export class WorkerPoolClosedError extends Error {
  constructor(name: string) {
    super(`El worker ${name} está cerrado.`);
    this.name = 'WorkerPoolClosedError';
  }
}

export class WorkerPoolFullError extends Error {
  constructor(name: string) {
    super(`La cola del worker ${name} está llena.`);
    this.name = 'WorkerPoolFullError';
  }
}

/** A pool of threads running worker `name` (see `resolveWorkerEntry`). */
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
    ...(options.concurrentTasksPerWorker
      ? { concurrentTasksPerWorker: options.concurrentTasksPerWorker }
      : {}),
    resourceLimits: {
      ...(options.maxOldGenerationSizeMb
        ? { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb }
        : {}),
    },
  });
  // piscina would start a thread that keeps the process alive for a task sent after closing.
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
