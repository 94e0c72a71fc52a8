import express, { type Request, type Response } from 'express';
import type { Readable } from 'node:stream';
import { authenticate, type AuthDeps } from '../auth/authenticate.ts';
import type { Caches } from '../cache/cache.ts';
import { openAttachment } from '../domain/attachment/attachment.service.ts';
import { openAsset, openAssetByUuid } from '../domain/release/release.service.ts';
import { isDomainError } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { credentialsOf } from './authenticate.ts';
import { contentDisposition, sniffContentType } from './downloads.ts';
import { STATUS_OF, sendError } from './errors.ts';

/** The first chunk of a stream (null at once when it is empty); the stream is left paused after it. */
function firstChunk(stream: Readable): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const done = () => {
      stream.off('data', onData).off('end', onEnd).off('error', reject);
    };
    const onData = (chunk: Buffer) => {
      stream.pause();
      done();
      resolve(chunk);
    };
    const onEnd = () => {
      done();
      resolve(null);
    };
    stream.on('data', onData).on('end', onEnd).on('error', reject);
  });
}

/**
 * `/attachments/{uuid}`: an attachment's file, where its browser_download_url points (Gitea's ServeAttachment).
 * Credentials are the API's (basic, token); who may not read the issues of its repository gets 404. The bytes
 * stream from the attachment store; each GET counts as a download (HEAD does not). Images, PDF and plain text
 * are shown inline, anything else is saved under its name; the type is told from the content, never trusted
 * from the name, and browsers are told not to guess another. A release asset is served here as under its
 * release's download link (`/{owner}/{repo}/releases/download/{tag}/{name}`, below).
 */
export function createAttachmentDownloads(deps: AuthDeps & { events: EventBus; caches?: Caches }) {
  const router = express.Router();
  router.get('/attachments/:uuid', async (req: Request, res: Response) => {
    const cache = deps.caches ? await deps.caches.view() : undefined;
    try {
      const { viewer } = await authenticate({ ...deps, cache }, credentialsOf(req));
      const ctx = { db: deps.db, config: deps.config, events: deps.events, viewer, cache };
      // A release asset is served as from its release's download link (validators, ranges).
      const asset = await openAssetByUuid(ctx, String(req.params.uuid));
      if (asset?.kind === 'redirect') return res.redirect(302, asset.location);
      if (asset) return await sendAsset(req, res, asset);
      const { attachment, stream } = await openAttachment(ctx, String(req.params.uuid), { count: req.method === 'GET' });
      res.on('close', () => stream.destroy());
      const first = await firstChunk(stream);
      const type = sniffContentType(first ?? Buffer.alloc(0));
      const inline = /^(text\/plain|image\/(png|jpeg|gif|webp)|application\/pdf)/.test(type);
      res.status(200);
      res.setHeader('Content-Type', type);
      res.setHeader('Content-Length', attachment.size);
      res.setHeader('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', attachment.name));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'private, max-age=300');
      res.setHeader('Last-Modified', attachment.createdAt.toUTCString());
      if (first === null || req.method === 'HEAD') {
        stream.destroy();
        return void res.end();
      }
      res.write(first);
      stream.pipe(res);
    } catch (err) {
      if (isDomainError(err)) return sendError(res, STATUS_OF[err.kind], err.message);
      throw err;
    }
  });
  // `/{owner}/{repo}/releases/download/{tag}/{name}`: a tag may hold slashes, the name may not.
  router.get(/^\/([^/]+)\/([^/]+)\/releases\/download\/(.+)\/([^/]+)$/, async (req: Request, res: Response) => {
    const cache = deps.caches ? await deps.caches.view() : undefined;
    const [owner, repo, tag, name] = [0, 1, 2, 3].map((i) => decodeURIComponent(String((req.params as Record<string, string>)[i])));
    try {
      const { viewer } = await authenticate({ ...deps, cache }, credentialsOf(req));
      const ctx = { db: deps.db, config: deps.config, events: deps.events, viewer, cache };
      const found = await openAsset(ctx, owner, repo, tag, name);
      if (found.kind === 'redirect') return res.redirect(302, found.location);
      await sendAsset(req, res, found);
    } catch (err) {
      if (isDomainError(err)) return sendError(res, STATUS_OF[err.kind], err.message);
      throw err;
    }
  });
  return router;
}

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n` within `size`; null for none, 'invalid' for one that cannot be served. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: served whole, as a server may.
  if (!m) return null;
  const [, from, to] = m;
  if (from === '' && to === '') return 'invalid';
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * Sends a release asset's stored bytes: validators (ETag from its uuid, which names bytes that never change;
 * Last-Modified), 304 for a matching If-None-Match, one byte range (206, or 416 outside the file), HEAD without
 * a body. Each GET that sends bytes counts one download, one UPDATE.
 */
async function sendAsset(req: Request, res: Response, found: Extract<Awaited<ReturnType<typeof openAsset>>, { kind: 'file' }>) {
  const { asset } = found;
  const etag = `"${asset.uuid}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', asset.createdAt.toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', 'private, max-age=300');
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) return void res.status(304).end();
  const range = req.headers['if-range'] && req.headers['if-range'] !== etag ? null : parseRange(req.headers.range, asset.size);
  if (range === 'invalid') {
    res.setHeader('Content-Range', `bytes */${asset.size}`);
    return sendError(res, 416, 'the range asked for is outside the file');
  }
  res.setHeader('Content-Type', 'application/octet-stream');
  res.setHeader('Content-Disposition', contentDisposition('attachment', asset.name));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', range ? range.end - range.start + 1 : asset.size);
  if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${asset.size}`);
  res.status(range ? 206 : 200);
  if (req.method === 'HEAD' || asset.size === 0) return void res.end();
  const stream = await found.open(range ?? undefined);
  if (!stream) {
    res.removeHeader('Content-Length');
    res.removeHeader('Content-Range');
    return sendError(res, 404, `the file of asset ${asset.name} is missing`);
  }
  await found.count();
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}
