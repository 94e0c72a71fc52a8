/**
 * The reference server of the git bench: plain `git http-backend` as a CGI behind node:http, with no Graft
 * logic at all (no authentication, no access check, no database, no post-push work). It serves every bare
 * repository under `root`. What Graft adds on top of this is Graft's cost; what this adds on top of git
 * reading the bare path is the price of HTTP itself (the CGI, curl, the extra round trips).
 *
 * Why not lighttpd: the bench must run wherever the project's own files install it, and node is always
 * there; both run the same `git http-backend`, and both stream.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReferenceServer {
  url: string;
  stop(): Promise<void>;
}

export async function startReferenceServer(root: string): Promise<ReferenceServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://reference.invalid');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: root,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      REQUEST_METHOD: req.method ?? 'GET',
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_USER: 'bench',
      REMOTE_ADDR: '127.0.0.1',
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'http.receivepack',
      GIT_CONFIG_VALUE_0: 'true',
    };
    if (req.headers['content-length']) env.CONTENT_LENGTH = req.headers['content-length'];
    if (req.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = req.headers['content-encoding'];
    if (req.headers['git-protocol']) env.GIT_PROTOCOL = String(req.headers['git-protocol']);
    const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
    req.pipe(child.stdin);
    let head: Buffer | null = Buffer.alloc(0);
    child.stdout.on('data', (chunk: Buffer) => {
      if (!head) {
        if (!res.write(chunk)) {
          child.stdout.pause();
          res.once('drain', () => child.stdout.resume());
        }
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const [name, ...value] = line.split(':');
        if (name.toLowerCase() === 'status') res.statusCode = Number.parseInt(value.join(':'), 10);
        else res.setHeader(name, value.join(':').trim());
      }
      res.write(head.subarray(end + 4));
      head = null;
    });
    child.on('close', () => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
