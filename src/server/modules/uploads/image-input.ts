import sharp from 'sharp';
import { z } from 'zod';
import { AppError, invalid } from '../../errors';

/** What sharp may decode: photographs and drawings. SVG is left out (a document that can reference other files). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Decompression bombs: a small file that decodes to a huge bitmap is refused before it is decoded. */
export const MAX_PIXELS = 50_000_000;
export const NOT_AN_IMAGE = '只接受圖片檔案（JPEG、PNG、WebP、GIF、AVIF 或 HEIC）';

/**
 * An uploaded image's header, checked before anything decodes it: not empty, at most `maxBytes`, a type sniffed
 * from the bytes (never the name) that sharp may decode, and not a decompression bomb.
 */
export async function readImageHeader(
  file: Buffer,
  limit: { maxBytes: number; tooLarge: string },
): Promise<sharp.Metadata & { width: number; height: number }> {
  if (file.length === 0) throw invalid('請選擇要上載的圖片');
  if (file.length > limit.maxBytes) throw new AppError('payload_too_large', limit.tooLarge);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw invalid(NOT_AN_IMAGE);
  }
  const { format, width, height } = meta;
  if (!format || !ACCEPTED.has(format) || !width || !height) throw invalid(NOT_AN_IMAGE);
  if (width * height > MAX_PIXELS) throw invalid('圖片尺寸過大（最多 5,000 萬像素）');
  return { ...meta, width, height };
}

/** A file sharp could read the header of but not decode: still the caller's file, not our fault. */
export const isUndecodable = (err: unknown) =>
  err instanceof Error && /Input|unsupported|corrupt|VipsJpeg|premature/i.test(err.message);

/** A multipart form's file field (buffered into the body by @fastify/multipart), binary in the OpenAPI document. */
export const fileField = (message: string) =>
  z.custom<Buffer>((v) => Buffer.isBuffer(v), { message }).meta({ type: 'string', format: 'binary' });
