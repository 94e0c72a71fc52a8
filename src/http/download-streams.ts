import type { Request, Response } from 'express';

/**
 * A download the facade cannot produce itself (it only runs GraphQL): the document resolves access and the
 * object id, the app streams the bytes from git without holding them in memory.
 */
export interface StreamReply {
  kind: 'archive' | 'blob';
  repositoryId: number;
  /** The blob (kind blob) or the commit (kind archive). */
  oid: string;
  /** Archives: tar.gz, zip or bundle. */
  format?: 'tar.gz' | 'zip' | 'bundle';
  /** The name the client should save it as (Content-Disposition). */
  filename?: string;
  /** Blobs: the size in bytes (Content-Length) and the file's path (for the content type). */
  size?: number;
  path?: string;
  /** Archives: the directory the files sit in, and the paths to include (empty: all). */
  prefix?: string;
  paths?: string[];
  /** Validators for conditional requests (ETag is answered with 304). */
  etag?: string;
  lastModified?: string;
}

/** Implemented by the app (src/http/downloads.ts): streams a StreamReply to the response. */
export interface DownloadStreams {
  send(stream: StreamReply, req: Request, res: Response): Promise<void>;
}
