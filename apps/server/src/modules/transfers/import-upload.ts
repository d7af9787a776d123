import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { formatBytes } from '@ludoterm/formats';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ImportForm } from './import.service.ts';

/** The multipart field that carries the file (spec section 7). */
const FILE_FIELD = 'archivo';

function fileTooLarge(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `El archivo supera el máximo de ${formatBytes(maxBytes)} que admite la importación. ` +
      'Divídelo en varios archivos más pequeños o pide a un administrador que amplíe el límite.',
  );
}

/**
 * Receives the import's form, streaming the file to `tmpDir` (413 past `maxBytes`). The caller
 * removes `filePath` when done; on failure it is removed here.
 */
export async function receiveImportForm(
  request: FastifyRequest,
  tmpDir: string,
  maxBytes: number,
): Promise<ImportForm> {
  const form: ImportForm = { fields: {}, filePath: null };
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 200_000, parts: 12 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      } else if (part.fieldname !== FILE_FIELD || form.filePath !== null) {
        part.file.resume();
      } else {
        form.filePath = join(tmpDir, `${randomUUID()}.subida`);
        await pipeline(part.file, createWriteStream(form.filePath));
        if (part.file.truncated) throw fileTooLarge(maxBytes);
      }
    }
    return form;
  } catch (error) {
    if (form.filePath !== null) await rm(form.filePath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fileTooLarge(maxBytes);
    throw error;
  }
}
