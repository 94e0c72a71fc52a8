/**
 * npm run bench: GET /api/v1/user with a token, three ways, in one run:
 *   rest    — Graft's REST facade (auth middleware → route → in-process GraphQL execute → REST shape)
 *   graphql — the same data through POST /api/graphql (graphql-yoga)
 *   floor   — a bare express handler doing the same database read on the same Prisma client
 *
 * Each target gets a closed-loop load (BENCH_CONCURRENCY keep-alive connections, BENCH_WARMUP_SECONDS of
 * warm-up, then BENCH_SECONDS measured) from a worker thread, and a sequential probe that counts the SQL
 * statements per request. Every reply must be a 200 with the right account; any failure exits 1.
 * Results: an aligned table, then one `bench-json: {...}` line for later comparison.
 *
 * req/s and latency move with whatever else runs on the machine; "CPU ms/req" (CPU time of the thread
 * serving the targets, per request; Linux only) is the steadier number to compare between runs.
 * BENCH_ROUNDS > 1 interleaves the targets (rest, graphql, floor, rest, …) so that drift in the machine's
 * load spreads over all of them; each round is a full warm-up + BENCH_SECONDS per target.
 *
 * Environment: BENCH_SECONDS (5), BENCH_CONCURRENCY (16), BENCH_WARMUP_SECONDS (1), BENCH_ROUNDS (1),
 * BENCH_MAX_REQUESTS (2000000 per target and round, warm-up included), BENCH_QUERY_SAMPLES (50),
 * DATABASE_URL=postgres://… to bench against PostgreSQL (see test/testkit/server.ts).
 * Then git over HTTP against git itself and a plain `git http-backend` (clone.ts, which lists its settings),
 * BENCH_GIT=0 to skip.
 */
import http from 'node:http';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer, type TestServer } from '../testkit/server.ts';
import { restClient } from '../testkit/client.ts';
import { createAccount, createToken } from '../testkit/accounts.ts';
import { mainThreadCpuMs } from './cpu.ts';
import { startFloor, type FloorServer } from './floor.ts';
import { send } from './http.ts';
import { percentile, runLoad, type LoadResult } from './load.ts';
import { checkReply, gitReadSpec, requestSpec, type RequestSpec, type TargetKind } from './targets.ts';
import { gitBench, gitBenchOptions, gitJson, gitTable } from './clone.ts';

function envNumber(name: string, fallback: number, { integer = false, min = 0 } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${integer ? 'an integer' : 'a number'} >= ${min} (got "${raw}")`);
  }
  return value;
}

const settings = {
  seconds: envNumber('BENCH_SECONDS', 5, { min: 0.1 }),
  concurrency: envNumber('BENCH_CONCURRENCY', 16, { integer: true, min: 1 }),
  warmupSeconds: envNumber('BENCH_WARMUP_SECONDS', 1, { min: 0 }),
  rounds: envNumber('BENCH_ROUNDS', 1, { integer: true, min: 1 }),
  maxRequests: envNumber('BENCH_MAX_REQUESTS', 2_000_000, { integer: true, min: 1 }),
  querySamples: envNumber('BENCH_QUERY_SAMPLES', 50, { integer: true, min: 1 }),
  timeoutMs: 10_000,
};

const TARGETS: { kind: TargetKind; label: string }[] = [
  { kind: 'rest', label: 'REST GET /api/v1/user' },
  { kind: 'graphql', label: 'GraphQL viewer' },
  { kind: 'floor', label: 'bare express + Prisma' },
];

interface TargetResult {
  target: TargetKind;
  label: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  sqlPerRequest: number;
  /** Main-thread CPU ms per request sent (warm-up included); undefined off Linux. */
  cpuMsPerRequest: number | undefined;
  errorSamples: string[];
  capped: boolean;
}

/** Statements the Prisma client ran per request, over `samples` sequential requests. */
async function sqlPerRequest(server: TestServer, spec: RequestSpec, samples: number, fail: (m: string) => void): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = async () => {
    try {
      const reply = await send(agent, spec, settings.timeoutMs);
      const problem = checkReply(spec, reply.status, reply.text);
      if (problem) fail(problem);
    } catch (err) {
      fail(`request failed: ${(err as Error).message}`);
    }
  };
  try {
    // Warm caches, and let fire-and-forget writes (the token's lastUsedAt, at most once a minute) settle.
    for (let i = 0; i < 3; i++) await once();
    await sleep(100);
    const before = server.app.database.queryCount();
    for (let i = 0; i < samples; i++) await once();
    await sleep(50);
    return (server.app.database.queryCount() - before) / samples;
  } finally {
    agent.destroy();
  }
}

/** One load run of a target, with the CPU the serving thread spent on it. */
interface Round {
  load: LoadResult;
  cpuMs: number | undefined;
}

async function loadRound(spec: RequestSpec): Promise<Round> {
  const cpuBefore = mainThreadCpuMs();
  const load = await runLoad({
    spec,
    concurrency: settings.concurrency,
    warmupMs: settings.warmupSeconds * 1000,
    durationMs: settings.seconds * 1000,
    maxRequests: settings.maxRequests,
    timeoutMs: settings.timeoutMs,
  });
  const cpuAfter = mainThreadCpuMs();
  return { load, cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
}

/** Pools a target's rounds: latencies together, throughput over the summed windows. */
function summarize(kind: TargetKind, label: string, rounds: Round[], sql: number, probeErrors: string[]): TargetResult {
  const sorted = Float64Array.from(rounds.flatMap((r) => Array.from(r.load.latencies))).sort();
  const sum = (f: (r: Round) => number) => rounds.reduce((acc, r) => acc + f(r), 0);
  const completed = sum((r) => r.load.completed);
  const sent = sum((r) => r.load.sent);
  const cpuKnown = rounds.every((r) => r.cpuMs !== undefined);
  return {
    target: kind,
    label,
    rps: completed / (sum((r) => r.load.windowMs) / 1000),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    requests: completed,
    errors: sum((r) => r.load.errors) + probeErrors.length,
    sqlPerRequest: sql,
    cpuMsPerRequest: cpuKnown && sent > 0 ? sum((r) => r.cpuMs!) / sent : undefined,
    errorSamples: [...probeErrors, ...rounds.flatMap((r) => r.load.errorSamples)].slice(0, 5),
    capped: rounds.some((r) => r.load.capped),
  };
}

function table(rows: TargetResult[]): string {
  const floor = rows.find((r) => r.target === 'floor');
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors', 'SQL/req', 'CPU ms/req', 'req/s vs floor'];
  const body = rows.map((r) => [
    r.label,
    r.rps.toFixed(0),
    r.p50Ms.toFixed(2),
    r.p99Ms.toFixed(2),
    String(r.requests) + (r.capped ? '*' : ''),
    String(r.errors),
    r.sqlPerRequest.toFixed(2),
    r.cpuMsPerRequest === undefined ? '-' : r.cpuMsPerRequest.toFixed(3),
    floor && floor.rps > 0 ? `${((r.rps / floor.rps) * 100).toFixed(0)}%` : '-',
  ]);
  const all = [header, ...body];
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** What is running, so that an interrupt can still stop it (and remove the temporary database). */
const running: { server?: TestServer; floor?: FloorServer } = {};

async function cleanUp() {
  const { server, floor } = running;
  running.server = running.floor = undefined;
  await floor?.stop();
  await server?.stop();
}

// Ctrl-C may arrive twice (from the terminal and relayed by tsx): clean up once, ignore the repeats.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`bench: ${signal}, stopping`);
    void cleanUp().finally(() => process.exit(1));
  });
}

async function main(): Promise<number> {
  const provider = /^postgres/.test(process.env.DATABASE_URL ?? '') ? 'postgresql' : 'sqlite';
  console.log(
    `bench: GET /api/v1/user with a token; ${provider}; ${settings.concurrency} connections; ` +
      `${settings.warmupSeconds}s warm-up + ${settings.seconds}s per target` +
        (settings.rounds > 1 ? ` x ${settings.rounds} interleaved rounds` : '') +
        `; node ${process.version}; ${os.cpus().length} CPUs`,
  );

  try {
    const server = (running.server = await startServer());
    const api = restClient(server.url);
    const account = await createAccount(api);
    const token = await createToken(api, account, ['read:user', 'read:repository']);
    const writeToken = await createToken(api, account, ['write:repository']);
    const floor = (running.floor = await startFloor(server.app.database.db, server.url));
    const expected = { id: account.id, login: account.login, email: account.email };
    const baseOf = (kind: TargetKind) => (kind === 'floor' ? floor.url : server.url);

    const targets = TARGETS.map(({ kind, label }) => ({
      kind,
      label,
      spec: requestSpec(kind, baseOf(kind), token, expected),
      probeErrors: [] as string[],
      sql: 0,
      rounds: [] as Round[],
    }));
    for (const t of targets) t.sql = await sqlPerRequest(server, t.spec, settings.querySamples, (m) => t.probeErrors.push(m));
    for (let round = 1; round <= settings.rounds; round++) {
      for (const t of targets) {
        const r = await loadRound(t.spec);
        t.rounds.push(r);
        const rps = r.load.completed / (r.load.windowMs / 1000);
        const cpu = r.cpuMs === undefined ? '' : `, ${(r.cpuMs / r.load.sent).toFixed(3)} CPU ms/req`;
        const tag = settings.rounds > 1 ? `round ${round}, ` : '';
        console.log(`  ${tag}${t.label}: ${rps.toFixed(0)} req/s${cpu}, ${r.load.errors} errors`);
        await sleep(200);
      }
    }
    const results = targets.map((t) => summarize(t.kind, t.label, t.rounds, t.sql, t.probeErrors));

    console.log('');
    console.log(table(results));
    if (results.some((r) => r.capped)) console.log(`* stopped at BENCH_MAX_REQUESTS=${settings.maxRequests}; req/s is over the shorter window`);
    const failed = results.filter((r) => r.errors > 0);
    for (const r of failed) {
      console.log(`\n${r.label}: ${r.errors} failed requests; first ones:`);
      for (const sample of r.errorSamples) console.log(`  - ${sample}`);
    }
    const round = (n: number, digits: number) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);
    console.log(
      'bench-json: ' +
        JSON.stringify({
          endpoint: 'GET /api/v1/user',
          database: provider,
          node: process.version,
          cpus: os.cpus().length,
          seconds: settings.seconds,
          warmupSeconds: settings.warmupSeconds,
          rounds: settings.rounds,
          concurrency: settings.concurrency,
          results: results.map((r) => ({
            target: r.target,
            rps: round(r.rps, 1),
            p50Ms: round(r.p50Ms, 3),
            p99Ms: round(r.p99Ms, 3),
            requests: r.requests,
            errors: r.errors,
            sqlPerRequest: round(r.sqlPerRequest, 3),
            cpuMsPerRequest: r.cpuMsPerRequest === undefined ? null : round(r.cpuMsPerRequest, 4),
          })),
        }),
    );
    if (process.env.BENCH_GIT !== '0') {
      // Repository reads: a file's contents and one commit, through the REST facade.
      const repo = await api.post('/user/repos', { name: 'bench-reads', auto_init: true }, { token: writeToken });
      if (repo.status !== 201) throw new Error(`creating bench-reads: ${JSON.stringify(repo.body)}`);
      const readme = await api.get(`/repos/${account.login}/bench-reads/contents/README.md`, { token });
      const commit = await api.get(`/repos/${account.login}/bench-reads/git/commits/main`, { token });
      const reads = [
        { kind: 'contents' as const, label: 'GET /repos/{o}/{r}/contents/README.md', spec: gitReadSpec('contents', `${server.url}api/v1/repos/${account.login}/bench-reads/contents/README.md`, token, readme.body.sha) },
        { kind: 'commit' as const, label: 'GET /repos/{o}/{r}/git/commits/main', spec: gitReadSpec('commit', `${server.url}api/v1/repos/${account.login}/bench-reads/git/commits/main`, token, commit.body.sha) },
      ];
      const readResults = [];
      for (const read of reads) {
        const sql = await sqlPerRequest(server, read.spec, settings.querySamples, () => {});
        readResults.push(summarize(read.kind, read.label, [await loadRound(read.spec)], sql, []));
      }
      console.log('');
      console.log(table(readResults));
      if (readResults.some((r) => r.errors > 0)) failed.push(...readResults.filter((r) => r.errors > 0));
      console.log('bench-json: ' + JSON.stringify({ endpoint: 'repository reads', results: readResults.map((r) => ({ target: r.label, rps: Number(r.rps.toFixed(1)), p50Ms: Number(r.p50Ms.toFixed(3)), p99Ms: Number(r.p99Ms.toFixed(3)), errors: r.errors, sqlPerRequest: r.sqlPerRequest })) }));

      const git = await gitBench(gitBenchOptions());
      console.log('');
      console.log(gitTable(git));
      console.log('bench-json: ' + JSON.stringify(gitJson(git)));
    }
    return failed.length > 0 ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

// A hard ceiling on the whole run, whatever happens; unref'd so it never keeps the process alive.
const ceilingMs = 10 * 60_000 + settings.rounds * TARGETS.length * ((settings.warmupSeconds + settings.seconds) * 1000 + settings.timeoutMs * 2 + 15_000) + 60_000;
setTimeout(() => {
  console.error(`bench: still running after ${ceilingMs} ms; giving up`);
  process.exit(1);
}, ceilingMs).unref();

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('bench failed:', err);
    process.exit(1);
  },
);
