// test-process: own — it bounds what a burst of reads leaves in the old generation of this process's heap, which other files' garbage would blur
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import v8 from 'node:v8';
import { createAccount, createToken } from '../testkit/accounts.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { majorGCsDuring } from '../testkit/gc.ts';

const oldSpaceUsed = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;

/** `count` GETs over `connections` keep-alive connections; every reply must be a 200. */
async function burst(url: URL, headers: Record<string, string>, count: number, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let sent = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  const worker = async () => {
    while (sent < count) {
      sent++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
}

/**
 * Old-generation bytes per request a burst of `requests` GETs leaves, measured over a burst in which no major
 * GC ran (one in the middle, of the test process's own garbage, hides what was promoted: measure again).
 */
async function promotedPerRequest(url: URL, headers: Record<string, string>, requests: number): Promise<number> {
  await burst(url, headers, 500, 16);
  for (let attempt = 0; attempt < 5; attempt++) {
    let grown = 0;
    const majors = await majorGCsDuring(async () => {
      const before = oldSpaceUsed();
      await burst(url, headers, requests, 16);
      grown = oldSpaceUsed() - before;
    });
    if (majors === 0) return grown / requests;
  }
  return assert.fail('a major GC ran during every burst: requests promote their objects');
}

describe('the memory of requests', () => {
  const kit = useServer();

  // Objects that outlive two minor GCs are moved to the old generation, and only a major GC frees them: a
  // request path that keeps its objects alive that long (a prototype swapped per request, a WeakMap entry
  // pointing back at its key) makes every request cost old-generation memory and, under load, major GCs.
  it('a burst of API reads leaves less than 8 KiB per request in the old generation beyond what a bare node server leaves', async () => {
    const owner = await createAccount(kit.api);
    const token = await createToken(kit.api, owner, ['read:repository']);
    await buildRepo(kit, owner, { name: 'memory', autoInit: true });
    const headers = { authorization: `token ${token}` };
    // The smaller of two bursts: what a request path keeps alive shows in both, while the server's other work
    // in this process (timers, the event log's reader, other files' processes taking the CPU) adds to one or the other.
    const url = new URL(`api/v1/repos/${owner.login}/memory`, kit.url);
    const graft = Math.min(await promotedPerRequest(url, headers, 3000), await promotedPerRequest(url, headers, 3000));

    // The same client against a bare server in this process: what the client and node's HTTP leave.
    const reply = JSON.stringify((await kit.api.get(`/repos/${owner.login}/memory`, owner.basic)).body);
    const bare = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(reply));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = bare.address() as AddressInfo;
      const bareUrl = new URL(`http://127.0.0.1:${port}/`);
      const floor = Math.min(await promotedPerRequest(bareUrl, headers, 3000), await promotedPerRequest(bareUrl, headers, 3000));
      assert.ok(graft - floor < 8192, `a Graft read left ${Math.round(graft)} bytes per request in the old generation, a bare server's ${Math.round(floor)}`);
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  });
});
