import type { GitChild } from './spawner.ts';
import { spawnGit } from './command.ts';
import { GitError } from './errors.ts';
import { cachedObject, forgetObjects, keepObject } from './object-cache.ts';

export type GitObjectType = 'commit' | 'tree' | 'blob' | 'tag';

export interface GitObject {
  oid: string;
  type: GitObjectType;
  data: Buffer;
}

/** What `info` tells about an object: everything but its bytes. */
export interface GitObjectInfo {
  oid: string;
  type: GitObjectType;
  size: number;
}

export interface ReadObjectOptions {
  /** Refuse (with ObjectTooLargeError) objects larger than this many bytes, without reading them. */
  maxBytes?: number;
}

/** readObject with `maxBytes`: the object exists but is larger than the limit; its bytes were not read. */
export class ObjectTooLargeError extends GitError {
  constructor(
    readonly info: GitObjectInfo,
    readonly maxBytes: number,
  ) {
    super('INVALID_ARGUMENT', `object ${info.oid} is ${info.size} bytes, more than the limit of ${maxBytes}`);
    this.name = 'ObjectTooLargeError';
  }
}

/** `<oid> <type> <size>`; anything else (`<rev> missing`, `<rev> ambiguous`) means no object. */
const FOUND = /^([0-9a-f]{40}|[0-9a-f]{64}) (commit|tree|blob|tag) (\d+)$/;

type Request =
  | { kind: 'info'; resolve: (o: GitObjectInfo | null) => void; reject: (e: Error) => void }
  | { kind: 'contents'; resolve: (o: GitObject | null) => void; reject: (e: Error) => void };

/**
 * One long-running `git cat-file --batch-command` per repository: reads cost a pipe round trip instead of
 * a process spawn, and `info` answers type and size without sending the object. Requests on one reader
 * are answered in order (git answers commands in order). An object's bytes are copied once, into a
 * buffer of its size allocated when its header arrives, whatever the number of chunks they come in.
 */
class BatchReader {
  private child: GitChild;
  private queue: Request[] = [];
  /** Bytes of a header line not complete yet (no newline seen in them). */
  private headerParts: Buffer[] = [];
  /** The object whose bytes are arriving. */
  private body: { request: Request & { kind: 'contents' }; info: GitObjectInfo; data: Buffer; filled: number } | null = null;
  /** The newline that follows an object's bytes is still to come. */
  private skipNewline = false;
  private dead = false;
  /** Commands asked for in this tick, sent to git together in one write and answered in one (a page's reads cost one each). */
  private unsent = '';
  lastUsed = Date.now();

  constructor(
    readonly gitDir: string,
    private readonly onIdle: (reader: BatchReader) => void,
  ) {
    // --buffer: git answers a write's commands when its closing `flush` arrives, in one write of its own,
    // instead of one write (and one wake-up of this process) per object. core.warnAmbiguousRefs=false: git
    // resolves names by the same rules, first match first, but no longer looks for every other match (six
    // ref lookups for refs/heads/x, and for a full object id) only to warn on stderr, which nobody reads.
    this.child = spawnGit(['-c', 'core.warnAmbiguousRefs=false', 'cat-file', '--batch-command', '--buffer'], { gitDir });
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    const fail = (err: Error) => {
      this.dead = true;
      this.body = null;
      for (const pending of this.queue.splice(0)) pending.reject(err);
    };
    this.child.on('error', fail);
    this.child.on('close', () => fail(new GitError('FAILED', 'cat-file reader exited')));
    this.child.stdin.on('error', () => {});
  }

  get alive() {
    return !this.dead;
  }

  /** Reads in flight or queued. */
  get pending() {
    return this.queue.length;
  }

  info(rev: string): Promise<GitObjectInfo | null> {
    return this.send('info', rev) as Promise<GitObjectInfo | null>;
  }

  contents(rev: string): Promise<GitObject | null> {
    return this.send('contents', rev) as Promise<GitObject | null>;
  }

  private send(kind: Request['kind'], rev: string): Promise<GitObjectInfo | GitObject | null> {
    if (this.dead) return Promise.reject(new GitError('FAILED', 'cat-file reader is closed'));
    if (/[\n\r\0]/.test(rev)) return Promise.reject(new GitError('INVALID_ARGUMENT', 'revision may not contain a line break or NUL'));
    this.lastUsed = Date.now();
    return new Promise((resolve, reject) => {
      this.queue.push({ kind, resolve, reject } as Request);
      commandsSent++;
      // Always `<command> <rev>`: an empty rev then answers " missing" instead of ending git.
      if (!this.unsent) queueMicrotask(() => this.flush());
      this.unsent += `${kind} ${rev}\n`;
    });
  }

  private flush() {
    const commands = this.unsent;
    this.unsent = '';
    if (!this.dead && commands) this.child.stdin.write(`${commands}flush\n`);
  }

  private receive(chunk: Buffer) {
    let at = 0;
    while (at < chunk.length) {
      if (this.body) {
        const body = this.body;
        const n = Math.min(body.data.length - body.filled, chunk.length - at);
        chunk.copy(body.data, body.filled, at, at + n);
        body.filled += n;
        at += n;
        if (body.filled === body.data.length) this.finishBody();
        continue;
      }
      if (this.skipNewline) {
        this.skipNewline = false;
        if (chunk[at] === 0x0a) at++;
        continue;
      }
      const newline = chunk.indexOf(0x0a, at);
      if (newline < 0) {
        this.headerParts.push(chunk.subarray(at));
        return;
      }
      const line = this.headerParts.length ? Buffer.concat([...this.headerParts, chunk.subarray(at, newline)]) : chunk.subarray(at, newline);
      this.headerParts = [];
      at = newline + 1;
      this.header(line.toString('latin1'));
    }
  }

  private header(line: string) {
    const request = this.queue[0];
    if (!request) return; // output nobody asked for: ignore
    const match = FOUND.exec(line);
    if (!match) {
      this.queue.shift();
      request.resolve(null);
      this.afterAnswer();
      return;
    }
    const info: GitObjectInfo = { oid: match[1], type: match[2] as GitObjectType, size: Number(match[3]) };
    if (request.kind === 'info') {
      this.queue.shift();
      request.resolve(info);
      this.afterAnswer();
      return;
    }
    this.body = { request, info, data: Buffer.allocUnsafe(info.size), filled: 0 };
    if (info.size === 0) this.finishBody();
  }

  private finishBody() {
    const { request, info, data } = this.body!;
    this.body = null;
    this.skipNewline = true;
    this.queue.shift();
    request.resolve({ oid: info.oid, type: info.type, data });
    this.afterAnswer();
  }

  private afterAnswer() {
    this.lastUsed = Date.now();
    if (this.queue.length === 0) this.onIdle(this);
  }

  close() {
    this.dead = true;
    this.child.stdin.end();
    this.child.kill();
  }
}

/** Readers kept open; exceeded only while every reader has reads pending, and shrunk back when they go idle. */
const MAX_READERS = 32;
const IDLE_MS = 30_000;
const readers = new Map<string, BatchReader>();

setInterval(() => {
  const now = Date.now();
  for (const [dir, reader] of readers) if (reader.pending === 0 && now - reader.lastUsed > IDLE_MS) closeReader(dir, reader);
}, 10_000).unref();

function closeReader(dir: string, reader: BatchReader) {
  reader.close();
  if (readers.get(dir) === reader) readers.delete(dir);
}

/** Closes idle (or dead) readers, least recently used first, until `limit` remain or none is idle. */
function shrinkTo(limit: number) {
  if (readers.size <= limit) return;
  const idle = [...readers.entries()].filter(([, r]) => r.pending === 0).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
  for (const [dir, reader] of idle) {
    if (readers.size <= limit) break;
    closeReader(dir, reader);
  }
}

function onIdle() {
  // Deferred: the reader that just answered may be asked again by the code its answer resumes.
  if (readers.size > MAX_READERS) setImmediate(() => shrinkTo(MAX_READERS));
}

function readerFor(gitDir: string): BatchReader {
  let reader = readers.get(gitDir);
  if (!reader || !reader.alive) {
    if (reader) readers.delete(gitDir);
    // Never evict a reader with reads pending: their callers would get errors for nothing.
    shrinkTo(MAX_READERS - 1);
    reader = new BatchReader(gitDir, onIdle);
    readers.set(gitDir, reader);
  }
  return reader;
}

let commandsSent = 0;

/** Commands sent to git's readers so far (for tests and metrics). */
export function catFileCommandCount(): number {
  return commandsSent;
}

/** Number of open readers (for tests and metrics). */
export function openReaderCount(): number {
  return readers.size;
}

/**
 * Reads one object by revision expression (oid, ref, `rev:path`); null when it does not exist. With
 * `maxBytes`, asks its size first and throws ObjectTooLargeError, without reading it, when it is larger.
 */
export async function readObject(gitDir: string, rev: string, options: ReadObjectOptions = {}): Promise<GitObject | null> {
  const cached = cachedObject(gitDir, rev);
  if (cached) {
    if (options.maxBytes !== undefined && cached.data.length > options.maxBytes) throw new ObjectTooLargeError(infoOf(cached), options.maxBytes);
    return cached;
  }
  if (options.maxBytes === undefined) return kept(gitDir, await readerFor(gitDir).contents(rev));
  const info = await readerFor(gitDir).info(rev);
  if (!info) return null;
  if (info.size > options.maxBytes) throw new ObjectTooLargeError(info, options.maxBytes);
  // By id, so the object read is the one measured even if a ref in `rev` moved meanwhile.
  return readObject(gitDir, info.oid);
}

const infoOf = (object: GitObject): GitObjectInfo => ({ oid: object.oid, type: object.type, size: object.data.length });

function kept(gitDir: string, object: GitObject | null) {
  if (object) keepObject(gitDir, object);
  return object;
}

/** An object's id, type and size without its bytes; null when it does not exist. */
export async function readObjectInfo(gitDir: string, rev: string): Promise<GitObjectInfo | null> {
  const cached = cachedObject(gitDir, rev);
  return cached ? infoOf(cached) : readerFor(gitDir).info(rev);
}

/** Closes the readers of a repository (before it is deleted or moved). */
export function closeReaders(gitDir: string) {
  forgetObjects(gitDir);
  const reader = readers.get(gitDir);
  if (reader) closeReader(gitDir, reader);
}

export function closeAllReaders() {
  for (const [dir, reader] of readers) closeReader(dir, reader);
}
