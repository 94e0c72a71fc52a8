import type { Request, Response } from 'express';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import type { DownloadStreams, StreamReply } from './download-streams.ts';
import { sendError } from './errors.ts';
import type { Config } from '../config/defaults.ts';
import { archiveStream, blobStream, bundleStream, type GitStream } from '../git/archive.ts';
import { repositoryPath } from '../domain/repo/storage.ts';
import type { ObjectFormat } from '../git/repo.ts';

/**
 * The app's side of streamed REST downloads (raw files, archives, bundles). The REST operation has already
 * run its GraphQL document, so access is decided and the object id is known; here git's output is piped
 * to the client with backpressure (memory stays flat whatever the size), the child is killed when the
 * client goes away, and a git failure after the headers cuts the connection rather than ending a
 * truncated body as if it were complete.
 */

const ARCHIVE_TYPES: Record<string, string> = {
  'tar.gz': 'application/gzip',
  zip: 'application/zip',
  bundle: 'application/octet-stream',
};

/** A Content-Disposition value with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A content type from a file's first bytes: common images and PDF by signature, UTF-8 text, else binary. */
export function sniffContentType(head: Buffer): string {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const sample = head.subarray(0, 1024);
  if (sample.includes(0)) return 'application/octet-stream';
  // Valid UTF-8, allowing a character cut at the end of the sample.
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.length === head.length ? sample : trimPartialUtf8(sample));
    return 'text/plain; charset=utf-8';
  } catch {
    return 'application/octet-stream';
  }
}

function trimPartialUtf8(buf: Buffer): Buffer {
  let end = buf.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = buf[end - i];
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    if (byte >= 0xc0) end -= i; // a lead byte whose sequence may be cut
    break;
  }
  return buf.subarray(0, end);
}

/** The first chunk a stream yields, or null when it ends without any; the stream is left paused. */
function firstChunk(stream: Readable): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('close', onEnd);
      stream.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      stream.pause();
      cleanup();
      resolve(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    // Destroyed (the client went away) before any output.
    stream.on('close', onEnd);
    stream.on('error', onError);
  });
}

/** Pipes a git child's stdout to the response; `headers` are decided from the first bytes. */
async function pipeGit(gs: GitStream, req: Request, res: Response, headers: (first: Buffer) => Record<string, string | number>) {
  const { child } = gs;
  const stderr: Buffer[] = [];
  let stderrBytes = 0;
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderrBytes < 16_384) stderr.push(chunk);
    stderrBytes += chunk.length;
  });
  // 'exit', not 'close': a helper git started (pack-objects) may hold stderr open a little longer.
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.on('error', () => {});
  // A client that goes away stops git: the child is killed and its output pipe closed, so helpers it
  // started (bundle's pack-objects) stop too, on a broken pipe.
  res.on('close', () => {
    if (res.writableFinished) return;
    if (child.exitCode === null) child.kill('SIGTERM');
    child.stdout.destroy();
  });
  try {
    const first = await firstChunk(child.stdout);
    if (first === null && (await exited) !== 0) {
      if (res.destroyed) return;
      console.error(`download failed: git ${child.spawnargs.slice(3).join(' ')}: ${Buffer.concat(stderr).toString('utf8').trim()}`);
      return sendError(res, 500, 'the download could not be produced');
    }
    res.status(200);
    for (const [name, value] of Object.entries(headers(first ?? Buffer.alloc(0)))) res.setHeader(name, value);
    if (first === null || req.method === 'HEAD') {
      // Nothing (more) to send: an empty file, or the headers of a HEAD request.
      if (child.exitCode === null) child.kill('SIGTERM');
      child.stdout.destroy();
      res.end();
      return;
    }
    res.write(first);
    child.stdout.pipe(res, { end: false });
    // Resolves at the end of git's output, or rejects when it was cut short (client gone): the exit code tells.
    await finished(child.stdout).catch(() => {});
    const code = await exited;
    if (code === 0) res.end();
    else {
      if (!res.destroyed) console.error(`download cut off: git exited with ${code}: ${Buffer.concat(stderr).toString('utf8').trim()}`);
      res.destroy();
    }
  } finally {
    await gs.cleanup();
  }
}

function etagMatches(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');
}

export function createDownloads(deps: { config: Config }): DownloadStreams {
  return {
    async send(stream: StreamReply, req: Request, res: Response) {
      const gitDir = repositoryPath(deps.config, stream.repositoryId);
      if (stream.etag) res.setHeader('ETag', stream.etag);
      if (stream.lastModified) res.setHeader('Last-Modified', new Date(stream.lastModified).toUTCString());
      if (stream.etag && etagMatches(req, stream.etag)) {
        res.status(304).end();
        return;
      }

      if (stream.kind === 'blob') {
        const name = stream.filename ?? path.posix.basename(stream.path ?? stream.oid);
        return pipeGit(blobStream(gitDir, stream.oid), req, res, (first) => {
          const type = sniffContentType(first);
          const inline = /^(text\/plain|image\/|application\/pdf)/.test(type);
          return {
            'Content-Type': type,
            'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', name),
            'X-Content-Type-Options': 'nosniff',
            'Cache-Control': 'private, max-age=300',
            ...(stream.size !== undefined ? { 'Content-Length': stream.size } : {}),
          };
        });
      }

      const format = stream.format ?? 'tar.gz';
      const headers = () => ({
        'Content-Type': ARCHIVE_TYPES[format],
        'Content-Disposition': contentDisposition('attachment', stream.filename ?? `archive.${format}`),
        'X-Content-Type-Options': 'nosniff',
      });
      if (format === 'bundle') {
        // The commit id's length tells the repository's object format.
        const objectFormat: ObjectFormat = stream.oid.length === 64 ? 'sha256' : 'sha1';
        return pipeGit(await bundleStream(gitDir, { commit: stream.oid, objectFormat }), req, res, headers);
      }
      return pipeGit(archiveStream(gitDir, { format, commit: stream.oid, prefix: stream.prefix, paths: stream.paths }), req, res, headers);
    },
  };
}
