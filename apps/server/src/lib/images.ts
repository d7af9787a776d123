import sharp from 'sharp';
import { AppError } from '../errors.ts';

// Uploaded images are decoded by their content, never trusted by name or MIME type, and
// re-encoded, so what we store and serve is always a clean raster image we produced.

/** Raster formats the decoder may read. SVG is refused: it can carry scripts. */
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** Decompression-bomb guard: a small file can claim billions of pixels. */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface ImageProfile {
  /** Longest side of the stored image, in pixels. */
  maxSide: number;
  quality: number;
}

export const AVATAR_PROFILE: ImageProfile = { maxSide: 512, quality: 85 };
export const SCREENSHOT_PROFILE: ImageProfile = { maxSide: 1600, quality: 90 };

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
  width: number;
  height: number;
}

const ACCEPTED = 'Sube una imagen PNG, JPEG, WebP, GIF o AVIF.';

/** '5 MB', '512 KB': the limit as a person reads it. */
export function formatByteLimit(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes >= MiB) return `${Number((bytes / MiB).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function imageTooLargeError(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `La imagen supera el tamaño máximo de ${formatByteLimit(maxBytes)}.`,
  );
}

/**
 * Checks and re-encodes an uploaded image (413 too large, 415 not a raster image, 422 damaged)
 * as WebP oriented by its EXIF data, without metadata, within `profile.maxSide`.
 */
export async function processImage(
  input: Buffer,
  profile: ImageProfile,
  maxBytes: number,
): Promise<ProcessedImage> {
  if (input.length > maxBytes) throw imageTooLargeError(maxBytes);
  if (input.length === 0)
    throw new AppError('VALIDATION_FAILED', 'El archivo está vacío. Elige una imagen.');
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };

  let format: string | undefined;
  try {
    ({ format } = await sharp(input, options).metadata());
  } catch (error) {
    throw decodeError(error);
  }
  if (format === 'svg')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Las imágenes SVG no se admiten. ${ACCEPTED}`);
  if (!format || !RASTER_FORMATS.has(format)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `El archivo no es una imagen que podamos leer. ${ACCEPTED}`,
    );
  }

  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize(profile.maxSide, profile.maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: profile.quality })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: 'image/webp',
      extension: 'webp',
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw decodeError(error);
  }
}

function decodeError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `La imagen tiene demasiados píxeles: como máximo ${MAX_INPUT_PIXELS / 1_000_000} megapíxeles.`,
    );
  }
  if (/unsupported image format/i.test(message)) {
    return new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `El archivo no es una imagen que podamos leer. ${ACCEPTED}`,
    );
  }
  return new AppError(
    'INVALID_FILE',
    'La imagen está dañada o incompleta. Prueba con otro archivo.',
  );
}
