import type { FastifyRequest } from 'fastify';
import { imageTooLargeError } from './images.ts';

export interface ImageForm {
  /** Text fields by name (the last value wins). */
  fields: Record<string, string>;
  file: Buffer | null;
}

/** Reads text fields and at most one image within `maxBytes`; an empty file part counts as none. */
export async function readImageForm(request: FastifyRequest, maxBytes: number): Promise<ImageForm> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  const parts = request.parts({
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    try {
      const data = await part.toBuffer();
      if (data.length > 0 || part.filename) file = data;
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw imageTooLargeError(maxBytes);
      throw error;
    }
  }
  return { fields, file };
}
