import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export interface MultipartFile {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * A multipart/form-data body for `app.inject`: `{ payload, headers }`. `fields` go before the
 * file, as the web app sends them; `fieldsAfter` after it, as `curl -F` sends what is listed
 * after the file.
 */
export function multipartBody(
  fields: Record<string, string>,
  file?: MultipartFile,
  fieldsAfter: Record<string, string> = {},
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----ludoterm${randomBytes(8).toString('hex')}`;
  const fieldParts = (entries: Record<string, string>) =>
    Object.entries(entries).map(([name, value]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  const fileParts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
            `Content-Type: ${file.contentType}\r\n\r\n`,
        ),
        file.data,
        Buffer.from('\r\n'),
      ]
    : [];
  const chunks = [...fieldParts(fields), ...fileParts, ...fieldParts(fieldsAfter)];
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real PNG of the given size, with some detail so that it does not compress to nothing. */
export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fa5"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
}

export async function jpegImage(width = 64, height = 48): Promise<Buffer> {
  return sharp(await pngImage(width, height))
    .jpeg()
    .toBuffer();
}

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny PNG whose header claims `width × height` pixels: a decompression bomb as the decoder
 * first sees it (the pixel data is cut short, which the pixel limit must catch before).
 */
export function pngClaimingSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
