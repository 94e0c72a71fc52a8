import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a test receiver got. */
export interface Received {
  at: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A loopback HTTP server standing for a webhook's receiver: it keeps every request, answers with `status(n)`
 * for the n-th request (200 by default; `/redirect?to=<url>` redirects there), and waits for a number of requests.
 */
export async function startReceiver(status: (n: number, req: Received) => number = () => 200) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got: Received = { at: Date.now(), method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      // /redirect?to=<url> answers a redirect there.
      const to = new URL(got.path, 'http://receiver').searchParams.get('to');
      if (got.path.startsWith('/redirect') && to) {
        res.writeHead(307, { location: to });
        res.end();
      } else {
        res.statusCode = status(received.length, got);
        res.end('ok');
      }
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    port,
    /** Resolves once `n` requests (matching `which`) arrived; fails after `ms`. */
    async waitFor(n: number, which: (r: Received) => boolean = () => true, ms = 15000): Promise<Received[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const matching = received.filter(which);
        if (matching.length >= n) return matching;
        if (Date.now() > deadline) throw new Error(`expected ${n} deliveries, got ${matching.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
