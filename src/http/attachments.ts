import express, { type Request, type Response } from 'express';
import type { Readable } from 'node:stream';
import { authenticate, type AuthDeps } from '../auth/authenticate.ts';
import type { Caches } from '../cache/cache.ts';
import { openAttachment } from '../domain/attachment/attachment.service.ts';
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
 * from the name, and browsers are told not to guess another.
 */
export function createAttachmentDownloads(deps: AuthDeps & { events: EventBus; caches?: Caches }) {
  const router = express.Router();
  router.get('/attachments/:uuid', async (req: Request, res: Response) => {
    const cache = deps.caches ? await deps.caches.view() : undefined;
    try {
      const { viewer } = await authenticate({ ...deps, cache }, credentialsOf(req));
      const ctx = { db: deps.db, config: deps.config, events: deps.events, viewer, cache };
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
  return router;
}
