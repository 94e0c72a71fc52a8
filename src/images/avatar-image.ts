import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Config } from '../config/defaults.ts';
import { badRequest, invalid } from '../errors.ts';

/**
 * The checks every uploaded avatar passes (accounts, organizations, repositories), and the re-encoding of account
 * avatars: one place, so a limit or an accepted type changes for all of them at once.
 */

/** Gitea's DEFAULT_AVATAR_SIZE: account avatars are stored as a square PNG of this side. */
export const AVATAR_SIZE = 290;

const FORMATS: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** PNG, JPEG, GIF or WebP, told by their first bytes; null for anything else. */
export function imageTypeOf(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** The bytes of a base64 `image` member: 400 when it is not base64 (as Gitea), 422 when it is empty. */
export function decodeBase64Image(base64: string): Buffer {
  const compact = base64.replace(/\s/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw badRequest('image is not valid base64');
  const data = Buffer.from(compact, 'base64');
  if (data.length === 0) throw invalid('image is empty');
  return data;
}

/**
 * Refuses with 422 what is not a whole PNG, JPEG, GIF or WebP image within picture.AVATAR_MAX_FILE_SIZE bytes and
 * picture.AVATAR_MAX_WIDTH x AVATAR_MAX_HEIGHT pixels. The dimensions are read from the header before any pixel
 * is decoded, so a small file declaring a huge image costs nothing; then the image is decoded whole, so a file
 * that is cut off or corrupt past its header is refused here rather than shown broken.
 */
export async function checkAvatarImage(config: Pick<Config, 'picture'>, data: Buffer): Promise<{ type: string; width: number; height: number }> {
  const checked = await checkHeader(config, data);
  // Decoded through a small thumbnail: every pixel is read, but none is kept.
  await decoded(() => pipelineOf(config, data).resize(16, 16, { fit: 'fill' }).raw().toBuffer());
  return checked;
}

/**
 * An account avatar as stored: the image checked as checkAvatarImage does, decoded and written anew as an
 * AVATAR_SIZE square PNG (cropped to its centre), so what is served is always a well-formed picture of known size,
 * whatever the upload held (metadata, trailing bytes and further frames are dropped).
 */
export async function renderAvatar(config: Pick<Config, 'picture'>, data: Buffer): Promise<Buffer> {
  await checkHeader(config, data);
  return decoded(() => pipelineOf(config, data).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).png().toBuffer());
}

async function checkHeader(config: Pick<Config, 'picture'>, data: Buffer): Promise<{ type: string; width: number; height: number }> {
  const { AVATAR_MAX_FILE_SIZE, AVATAR_MAX_WIDTH, AVATAR_MAX_HEIGHT } = config.picture;
  if (data.length > AVATAR_MAX_FILE_SIZE) throw invalid(`image is larger than ${AVATAR_MAX_FILE_SIZE} bytes`);
  const type = imageTypeOf(data);
  if (!type) throw invalid('image must be a PNG, JPEG, GIF or WebP file');
  const meta = await sharp(data).metadata().catch(() => null);
  if (!meta?.width || !meta.height || FORMATS[meta.format ?? ''] !== type) throw invalid('image is not a readable PNG, JPEG, GIF or WebP image');
  if (meta.width > AVATAR_MAX_WIDTH || meta.height > AVATAR_MAX_HEIGHT) {
    throw invalid(`image is ${meta.width}x${meta.height} pixels, more than ${AVATAR_MAX_WIDTH}x${AVATAR_MAX_HEIGHT}`);
  }
  return { type, width: meta.width, height: meta.height };
}

/** The result of a decoding step, a damaged image (the decoder's failure) being the caller's 422. */
async function decoded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch {
    throw invalid('image is damaged or incomplete');
  }
}

/** A decoder that fails on damaged data rather than filling in missing pixels, and never decodes more than the limits allow. */
const pipelineOf = (config: Pick<Config, 'picture'>, data: Buffer) =>
  sharp(data, { failOn: 'warning', limitInputPixels: config.picture.AVATAR_MAX_WIDTH * config.picture.AVATAR_MAX_HEIGHT });

/** A stored image ready to stream (served by src/http/stored-image.ts): its bytes, size, type and version. */
export interface StoredImage {
  stream: Readable;
  size: number;
  type: string;
  /** Changes whenever the bytes do: the ETag. */
  version: string;
}
