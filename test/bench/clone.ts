/**
 * git over HTTP against git itself. A generated repository (BENCH_GIT_COMMITS commits, ~BENCH_GIT_MB MB of
 * incompressible content) is served three ways, and each operation runs on all three in one run:
 *   git       — git reading the bare repository from its path (clone --no-local, fetch/push over file://):
 *               git builds and sends the same packs a server would, without HTTP: the limit;
 *   Graft     — Graft's smart HTTP, with password basic auth on a private repository (every request of a
 *               clone, fetch or push then carries the password, as it does for real users);
 *   reference — plain `git http-backend` behind node:http with no Graft logic (git-reference.ts).
 * Operations: clone; push of BENCH_GIT_STEP (50) new commits; fetch of those commits into an earlier clone.
 * Each runs BENCH_GIT_REPEAT (5) times, the three servers back to back in a rotating order; the table shows
 * median times and, per server, the median over rounds of its time divided by git's in the same round
 * (paired, so the machine's changing load mostly cancels: the ratio is what to compare between runs).
 * Memory: Graft's process's peak RSS above its level at the start while it serves (git's own processes
 * apart), also during clones of a repository twice as large (BENCH_GIT_DOUBLE=0 skips it): it must not grow with the repository.
 *
 * Alone: `npx tsx test/bench/clone.ts`; `npm run bench` runs it after the API bench (BENCH_GIT=0 skips it).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaults } from '../../src/config/defaults.ts';
import { repositoryPath } from '../../src/domain/repo/storage.ts';
import { adminAuth, restClient } from '../testkit/client.ts';
import { gitLocal, remoteUrl, tempDir } from '../testkit/git.ts';
import { ADMIN, startServer, type TestServer } from '../testkit/server.ts';
import { startReferenceServer, type ReferenceServer } from './git-reference.ts';

function run(args: string[], options: { input?: Buffer } = {}): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.stdout.resume();
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`git ${args.join(' ')}: ${stderr}`))));
    child.stdin.end(options.input ?? '');
  });
}

/** fast-import stream: `commits` commits on main, each adding one file of `bytesPerFile` random bytes. */
function fastImport(commits: number, bytesPerFile: number, fromMark = 0): Buffer {
  const parts: Buffer[] = [];
  const when = 1_700_000_000;
  for (let i = 1; i <= commits; i++) {
    const mark = fromMark + i;
    const blob = randomBytes(bytesPerFile).toString('base64');
    const message = `commit ${mark}\n`;
    parts.push(Buffer.from(
      `blob\nmark :${mark * 2}\ndata ${Buffer.byteLength(blob)}\n${blob}\n` +
        `commit refs/heads/main\nmark :${mark * 2 + 1}\ncommitter Bench <bench@example.test> ${when + mark} +0000\n` +
        `data ${Buffer.byteLength(message)}\n${message}` +
        (i === 1 && fromMark > 0 ? 'from refs/heads/main^0\n' : '') +
        `M 100644 :${mark * 2} files/f${mark % 500}/file${mark}.txt\n\n`,
    ));
  }
  return Buffer.concat(parts);
}

/** A bare repository at `dir` with `commits` generated commits, in one pack. */
async function generate(dir: string, commits: number, bytesPerFile: number) {
  gitLocal(['init', '-q', '--bare', '-b', 'main', dir]);
  await run(['--git-dir', dir, 'fast-import', '--quiet'], { input: fastImport(commits, bytesPerFile) });
  gitLocal(['--git-dir', dir, 'repack', '-adq']);
}

/** Samples this process's RSS every 20 ms while `work` runs; returns the peak above the level at the start. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    return { result, peakMb: (peak - base) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export type Served = 'git' | 'graft' | 'reference';
const SERVED: Served[] = ['git', 'graft', 'reference'];

export interface GitBenchRow {
  operation: string;
  /** Median milliseconds per server (a server left out did not run this operation). */
  ms: Partial<Record<Served, number>>;
  /** Median over rounds of the server's time divided by git's in the same round (paired, so drift cancels). */
  ratio: Partial<Record<Served, number>>;
  /** Highest peak RSS above the start while the server process served this operation, in MB. */
  peakMb: Partial<Record<Served, number>>;
}

/** A row from each server's times per round (git's included). */
function rowOf(operation: string, ms: Partial<Record<Served, number[]>>, peaks: Partial<Record<Served, number[]>>): GitBenchRow {
  const row: GitBenchRow = { operation, ms: {}, ratio: {}, peakMb: {} };
  for (const s of SERVED) {
    const times = ms[s];
    if (!times?.length) continue;
    row.ms[s] = median(times);
    if (s !== 'git') row.ratio[s] = median(times.map((t, round) => t / ms.git![round]));
    if (peaks[s]?.length) row.peakMb[s] = Math.max(...peaks[s]!);
  }
  return row;
}

export interface GitBenchOptions {
  commits: number;
  megabytes: number;
  /** Commits per push and fetch. */
  step: number;
  repeat: number;
  /** Also clone a repository twice as large through Graft, for its memory. */
  double: boolean;
}

export function gitBenchOptions(env: NodeJS.ProcessEnv = process.env): GitBenchOptions {
  const number = (name: string, fallback: number, min: number) => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min} (got "${raw}")`);
    return value;
  };
  return {
    commits: Math.round(number('BENCH_GIT_COMMITS', 3000, 10)),
    megabytes: number('BENCH_GIT_MB', 30, 1),
    step: Math.round(number('BENCH_GIT_STEP', 50, 1)),
    repeat: Math.round(number('BENCH_GIT_REPEAT', 5, 1)),
    double: env.BENCH_GIT_DOUBLE !== '0',
  };
}

/** Runs the git bench on a Graft of its own (production password hashing cost, so auth costs what it costs). */
export async function gitBench(options: GitBenchOptions): Promise<GitBenchRow[]> {
  const work = tempDir('graft-bench-git-');
  let server: TestServer | undefined;
  let reference: ReferenceServer | undefined;
  try {
    server = await startServer({ security: { PASSWORD_HASH_COST: defaults.security.PASSWORD_HASH_COST } });
    const bytesPerFile = Math.max(64, Math.floor((options.megabytes * 1024 * 1024) / options.commits / 1.35));
    const source = path.join(work.dir, 'source.git');
    await generate(source, options.commits, bytesPerFile);

    const api = restClient(server.url);
    const servedRepo = async (name: string, from: string) => {
      const created = await api.post('/user/repos', { name, private: true }, adminAuth);
      if (created.status !== 201) throw new Error(JSON.stringify(created.body));
      const dir = repositoryPath(server!.app.config, created.body.id);
      gitLocal(['--git-dir', dir, 'fetch', '-q', from, 'refs/heads/*:refs/heads/*']);
      gitLocal(['--git-dir', dir, 'repack', '-adq']);
      return { dir, url: remoteUrl(server!.url, ADMIN.login, name, [ADMIN.login, ADMIN.password]) };
    };
    const graft = await servedRepo('bench-git', source);
    const size = gitLocal(['--git-dir', graft.dir, 'count-objects', '-vH']).stdout.match(/size-pack: (.*)/)?.[1];
    console.log(`git bench: ${options.commits} commits, pack ${size}, ${options.repeat} runs per operation and server`);

    // The reference server and raw git each get their own copy (hard links), so pushes land separately.
    const referenceRoot = path.join(work.dir, 'reference');
    gitLocal(['clone', '-q', '--bare', source, path.join(referenceRoot, 'repo.git')]);
    reference = await startReferenceServer(referenceRoot);
    const plain = path.join(work.dir, 'plain.git');
    gitLocal(['clone', '-q', '--bare', source, plain]);
    const remote: Record<Served, string> = { git: `file://${plain}`, graft: graft.url, reference: `${reference.url}repo.git` };

    const rows: GitBenchRow[] = [];
    const times = () => ({ git: [] as number[], graft: [] as number[], reference: [] as number[] });
    type Operation = { name: string; before?: (round: number) => Promise<void>; once: (served: Served, round: number) => Promise<number> };
    /** Each round runs every operation on every server (rotating their order), then rows get the medians. */
    const measure = async (operations: Operation[]) => {
      const ms = operations.map(times);
      const peaks = operations.map(times);
      for (let round = 0; round < options.repeat; round++) {
        for (const [i, op] of operations.entries()) {
          await op.before?.(round);
          for (let k = 0; k < SERVED.length; k++) {
            const served = SERVED[(round + k) % SERVED.length];
            const { result, peakMb } = await peakRss(() => op.once(served, round));
            ms[i][served].push(result);
            peaks[i][served].push(peakMb);
          }
        }
      }
      for (const [i, op] of operations.entries()) {
        rows.push(rowOf(op.name, ms[i], { graft: peaks[i].graft }));
        console.log(`  ${op.name}: ${SERVED.map((s) => `${s} ${ms[i][s].map((t) => t.toFixed(0)).join('/')} ms`).join(', ')}`);
      }
    };

    // Clone; the last round's clones stay, to fetch into later.
    const cloneDir = (served: Served, round: number) => path.join(work.dir, `clone-${served}-${round}.git`);
    await measure([{
      name: 'clone',
      once: async (served, round) => {
        if (round > 0) rmSync(cloneDir(served, round - 1), { recursive: true, force: true });
        return run(['clone', '-q', '--bare', ...(served === 'git' ? ['--no-local', source] : [remote[served]]), cloneDir(served, round)]);
      },
    }]);

    // Each round, a client makes `step` new commits and pushes them to each server; then the clone made
    // from each server fetches them from it.
    const client = path.join(work.dir, 'client.git');
    gitLocal(['clone', '-q', '--bare', source, client]);
    await measure([
      {
        name: `push of ${options.step} commits`,
        before: (round) => run(['--git-dir', client, 'fast-import', '--quiet'], { input: fastImport(options.step, bytesPerFile, options.commits + round * options.step) }).then(() => {}),
        once: (served) => run(['--git-dir', client, 'push', '-q', remote[served], 'main']),
      },
      {
        name: `fetch of ${options.step} commits`,
        once: (served) => run(['--git-dir', cloneDir(served, options.repeat - 1), 'fetch', '-q', remote[served], 'refs/heads/*:refs/heads/*']),
      },
    ]);

    if (options.double) {
      // Graft only: the same content per commit, twice the commits.
      const twice = path.join(work.dir, 'twice.git');
      await generate(twice, options.commits * 2, bytesPerFile);
      const big = await servedRepo('bench-git-twice', twice);
      const clones = { git: [] as number[], graft: [] as number[], peaks: [] as number[] };
      for (let round = 0; round < options.repeat; round++) {
        const into = path.join(work.dir, 'twice-clone.git');
        clones.git.push(await run(['clone', '-q', '--bare', '--no-local', twice, into]));
        rmSync(into, { recursive: true, force: true });
        const { result, peakMb } = await peakRss(() => run(['clone', '-q', '--bare', big.url, into]));
        rmSync(into, { recursive: true, force: true });
        clones.graft.push(result);
        clones.peaks.push(peakMb);
      }
      rows.push(rowOf(`clone, ${options.commits * 2} commits`, { git: clones.git, graft: clones.graft }, { graft: clones.peaks }));
    }
    return rows;
  } finally {
    await reference?.stop();
    await server?.stop();
    work.remove();
  }
}

export function gitTable(rows: GitBenchRow[]): string {
  const seconds = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(2));
  const ratio = (r: number | undefined) => (r === undefined ? '-' : `${r.toFixed(2)}x`);
  const mb = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(1));
  const header = ['git over HTTP', 'git s', 'Graft s', 'Graft/git', 'reference s', 'reference/git', 'Graft peak RSS +MB'];
  const body = rows.map((r) => [r.operation, seconds(r.ms.git), seconds(r.ms.graft), ratio(r.ratio.graft), seconds(r.ms.reference), ratio(r.ratio.reference), mb(r.peakMb.graft)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

export function gitJson(rows: GitBenchRow[]) {
  const round = (v: number | undefined, digits: number) => (v === undefined ? null : Number(v.toFixed(digits)));
  return {
    endpoint: 'git over HTTP',
    results: rows.map((r) => ({
      operation: r.operation,
      ...Object.fromEntries(SERVED.map((s) => [`${s}Seconds`, round(r.ms[s] === undefined ? undefined : r.ms[s]! / 1000, 3)])),
      graftRatio: round(r.ratio.graft, 3),
      referenceRatio: round(r.ratio.reference, 3),
      graftPeakMb: round(r.peakMb.graft, 1),
    })),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  gitBench(gitBenchOptions()).then(
    (rows) => {
      console.log('');
      console.log(gitTable(rows));
      console.log('bench-json: ' + JSON.stringify(gitJson(rows)));
      process.exit(0);
    },
    (err) => {
      console.error('git bench failed:', err);
      process.exit(1);
    },
  );
}
