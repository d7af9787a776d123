import { open, type FileHandle } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';

// An import starts reading its file while the upload is still arriving (ADR 0013): the route
// saves the upload to a temporary file and tells the import worker, over a MessagePort, how
// many bytes are in it so far; the worker reads only that far and waits for more. The file is
// complete only when the route says so: until then the end of what is written is not the end
// of the file, so a cut upload is never read as a short file.

/** Route → import worker. */
export type UploadMessage =
  /** This many bytes of the file are written (and may be read). */
  | { tipo: 'bytes'; escritos: number }
  /** The upload is complete: the file holds this many bytes. */
  | { tipo: 'fin'; escritos: number }
  /** The upload failed (over the limit, the client went away): the file is not whole. */
  | { tipo: 'fallo' };

/** Thrown in the import worker when the upload failed: the route answers why. */
export class UploadFailedError extends Error {
  constructor() {
    super('La subida del archivo no se completó.');
    this.name = 'UploadFailedError';
  }
}

/** The route's end: reports what is written. The route closes the port once the import is over. */
export class UploadProgress {
  #port: MessagePort;

  constructor(port: MessagePort) {
    this.#port = port;
  }

  written(bytes: number): void {
    this.#port.postMessage({ tipo: 'bytes', escritos: bytes } satisfies UploadMessage);
  }

  complete(bytes: number): void {
    this.#port.postMessage({ tipo: 'fin', escritos: bytes } satisfies UploadMessage);
  }

  fail(): void {
    this.#port.postMessage({ tipo: 'fallo' } satisfies UploadMessage);
  }

  close(): void {
    this.#port.close();
  }
}

/**
 * The import worker's end: the file as it grows. `head` and `chunks` wait for bytes that are
 * not written yet, and throw UploadFailedError if the upload fails first.
 */
export class GrowingFile {
  readonly #path: string;
  readonly #port: MessagePort;
  #written = 0;
  #complete = false;
  #failed = false;
  #wake: (() => void) | null = null;
  #file: FileHandle | null = null;

  constructor(path: string, port: MessagePort) {
    this.#path = path;
    this.#port = port;
    port.on('message', (message: UploadMessage) => {
      if (message.tipo === 'fallo') this.#failed = true;
      else {
        this.#written = message.escritos;
        this.#complete = message.tipo === 'fin';
      }
      this.#wakeUp();
    });
    // The route's end closed without `fin` (the route gave up on the request): not whole.
    port.on('close', () => {
      if (!this.#complete) this.#failed = true;
      this.#wakeUp();
    });
  }

  #wakeUp(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /** Waits until more than `offset` bytes are written (true) or the file ends there (false). */
  async #beyond(offset: number): Promise<boolean> {
    while (!this.#failed && !this.#complete && this.#written <= offset) {
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
    if (this.#failed) throw new UploadFailedError();
    return this.#written > offset;
  }

  /** The first `bytes` bytes (fewer if the whole file is shorter). */
  async head(bytes: number): Promise<Uint8Array> {
    while (!this.#failed && !this.#complete && this.#written < bytes) {
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
    if (this.#failed) throw new UploadFailedError();
    const length = Math.min(bytes, this.#written);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await (await this.#open()).read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  }

  async #open(): Promise<FileHandle> {
    return (this.#file ??= await open(this.#path, 'r'));
  }

  /** The whole file, in chunks of at most `size` bytes, as it is written. */
  async *chunks(size: number): AsyncGenerator<Uint8Array> {
    const file = await this.#open();
    let offset = 0;
    while (await this.#beyond(offset)) {
      const length = Math.min(size, this.#written - offset);
      // A new buffer each time: the values the readers slice out may keep it alive.
      const buffer = Buffer.allocUnsafe(length);
      const { bytesRead } = await file.read(buffer, 0, length, offset);
      if (bytesRead === 0) throw new Error('El archivo subido es más corto de lo anunciado.');
      offset += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  }

  /** Stops listening and closes the file (the reader is done, whatever the outcome). */
  async close(): Promise<void> {
    this.#port.close();
    await this.#file?.close();
    this.#file = null;
  }
}
