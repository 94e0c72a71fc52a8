import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { spawnGit } from './command.ts';

export interface SmartHttpRequest {
  gitDir: string;
  /** info/refs, git-upload-pack or git-receive-pack */
  endpoint: string;
  req: IncomingMessage;
  res: ServerResponse;
  /** The authenticated account's login, if any (git records it; receive-pack needs one). */
  remoteUser?: string;
  timeoutMs?: number;
  /** Runs after git exits and before the response ends, so a client that sees success sees its effects too. */
  beforeEnd?: (exitCode: number) => Promise<void>;
}

/**
 * Configuration every served repository gets, whatever its own config says (command-line scope wins over
 * the repository's file), so repositories created before a default changed are covered too.
 */
const SERVE_CONFIG: [string, string][] = [
  // Access was decided before git runs; let http-backend serve receive-pack for the caller.
  ['http.receivepack', 'true'],
  // A push may not delete the default branch (HEAD), as the REST API refuses it too.
  ['receive.denyDeleteCurrent', 'refuse'],
];

function configEnv(entries: [string, string][]): Record<string, string> {
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(entries.length) };
  entries.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

/**
 * Serves git's smart HTTP protocol (v0/v1 and v2) with `git http-backend`: request and response bodies are
 * streamed in both directions, gzip request bodies are inflated by git itself, so memory stays flat
 * whatever the pack size. Resolves with git's exit code once the response has ended.
 */
export function serveSmartHttp(request: SmartHttpRequest): Promise<number> {
  const { req, res } = request;
  const url = new URL(req.url ?? '/', 'http://graft.invalid');
  const projectRoot = path.dirname(request.gitDir);
  const env: Record<string, string> = {
    GIT_PROJECT_ROOT: projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: `/${path.basename(request.gitDir)}/${request.endpoint}`,
    REQUEST_METHOD: req.method ?? 'GET',
    QUERY_STRING: url.search.replace(/^\?/, ''),
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    REMOTE_ADDR: req.socket.remoteAddress ?? '',
    REMOTE_USER: request.remoteUser ?? 'anonymous',
    ...configEnv(SERVE_CONFIG),
  };
  if (req.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = String(req.headers['content-encoding']);
  if (req.headers['content-length']) env.CONTENT_LENGTH = String(req.headers['content-length']);
  if (req.headers['git-protocol']) env.GIT_PROTOCOL = String(req.headers['git-protocol']);

  const child = spawnGit(['http-backend'], { env, timeoutMs: request.timeoutMs ?? 60 * 60 * 1000 });
  req.pipe(child.stdin);
  child.stdin.on('error', () => {});
  // A client that goes away mid-transfer stops git; receive-pack then updates no ref.
  res.on('close', () => {
    if (!res.writableFinished) child.kill('SIGTERM');
  });

  let head = Buffer.alloc(0);
  let headersDone = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersDone) {
      if (!res.write(chunk)) {
        child.stdout.pause();
        res.once('drain', () => child.stdout.resume());
      }
      return;
    }
    head = Buffer.concat([head, chunk]);
    const crlf = head.indexOf('\r\n\r\n');
    const lf = head.indexOf('\n\n');
    const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf + 4 : lf >= 0 ? lf + 2 : -1;
    if (end < 0) return;
    headersDone = true;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]) || 200;
      else res.setHeader(name, value);
    }
    res.statusCode = status;
    const rest = head.subarray(end);
    if (rest.length) res.write(rest);
  });

  const stderr: Buffer[] = [];
  child.stderr.on('data', (c: Buffer) => stderr.push(c));
  return new Promise((resolve) => {
    child.on('close', async (code) => {
      try {
        await request.beforeEnd?.(code ?? -1);
      } catch (err) {
        console.error('git http: after-transfer work failed', err);
      } finally {
        if (!headersDone && !res.headersSent) {
          res.statusCode = 500;
          res.setHeader('Content-Type', 'text/plain');
          res.end(`git failed: ${Buffer.concat(stderr).toString('utf8').trim()}\n`);
        } else res.end();
        resolve(code ?? -1);
      }
    });
    child.on('error', () => {});
  });
}
