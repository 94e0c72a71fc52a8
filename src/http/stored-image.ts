import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { StoredImage } from '../images/avatar-image.ts';

/**
 * Streams a stored image (avatars of accounts and repositories), never buffering it: its ETag is its version, and
 * a request naming that ETag in If-None-Match gets a 304 without the bytes.
 */
export async function sendStoredImage(req: Request, res: Response, image: StoredImage, cacheControl: string): Promise<void> {
  const etag = `"${image.version}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (matches(req, etag)) {
    image.stream.destroy();
    return void res.status(304).end();
  }
  res.setHeader('Content-Type', image.type);
  res.setHeader('Content-Length', image.size);
  if (req.method === 'HEAD') {
    image.stream.destroy();
    return void res.end();
  }
  await pipeline(image.stream, res).catch(() => res.destroy());
}

/** Whether If-None-Match names this ETag (one of a list, weak or not). */
function matches(req: Request, etag: string): boolean {
  return (req.headers['if-none-match'] ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
