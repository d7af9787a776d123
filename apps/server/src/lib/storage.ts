import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Uploaded files by unguessable key: on local disk, in the database or in an S3 bucket. */
export interface UploadStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export type UploadFolder = 'avatars' | 'tickets';

const KEY_PATTERN = /^(avatars|tickets)\/[A-Za-z0-9_-]{32,64}\.(webp|png)$/;

/** A fresh key with 256 random bits: nobody can guess another user's file. */
export function newUploadKey(folder: UploadFolder, extension: 'webp' | 'png'): string {
  return `${folder}/${randomBytes(32).toString('base64url')}.${extension}`;
}

/** Whether a string is a key this module could have made (no `..`, no absolute paths). */
export function isUploadKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

function checkedKey(key: string): string {
  if (!isUploadKey(key)) throw new Error(`clave de almacenamiento no válida: ${key}`);
  return key;
}

/** Files under `root` (DATA_DIR/uploads), written to a temporary name then renamed into place. */
export function createLocalStorage(root: string): UploadStorage {
  return {
    async put(key, data) {
      const path = join(root, checkedKey(key));
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, data, { mode: 0o600 });
      await rename(temporary, path);
    },
    async get(key) {
      if (!isUploadKey(key)) return null;
      try {
        return await readFile(join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isUploadKey(key)) return;
      await rm(join(root, key), { force: true });
    },
  };
}
