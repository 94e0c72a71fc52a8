import http from 'node:http';
import { assertLoopback, type RequestSpec } from './targets.ts';

export interface Reply {
  status: number;
  text: string;
}

/** One request over the given keep-alive agent; rejects on network errors and after timeoutMs. */
export function send(agent: http.Agent, spec: RequestSpec, timeoutMs: number): Promise<Reply> {
  const url = assertLoopback(spec.url);
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: spec.method, headers: spec.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no reply within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(spec.body);
  });
}
