// The reference server of the git bench (see git-reference.ts), in a process of its own: plain
// `git http-backend` as a CGI behind node:http. Usage: node git-reference-server.mjs <root>; prints its port.
import { spawn } from 'node:child_process';
import http from 'node:http';

const root = process.argv[2];
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://reference.invalid');
  const env = {
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
  let head = Buffer.alloc(0);
  child.stdout.on('data', (chunk) => {
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
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('disconnect', () => process.exit(0));
