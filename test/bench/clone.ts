/**
 * Clone and fetch of a generated repository (BENCH_GIT_COMMITS commits, ~BENCH_GIT_MB MB of incompressible
 * content) through Graft's smart HTTP, side by side with git reading the bare repository straight from its
 * path (`--no-local`, so git builds and sends a pack just as a server would): the limit.
 * Reports wall time, and the server process's peak RSS above its idle level while serving.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TestServer } from '../testkit/server.ts';
import { restClient, adminAuth } from '../testkit/client.ts';
import { ADMIN } from '../testkit/server.ts';
import { gitLocal, remoteUrl, tempDir } from '../testkit/git.ts';
import { repositoryPath } from '../../src/domain/repo/storage.ts';

function run(args: string[], options: { cwd?: string; input?: Buffer } = {}): Promise<{ ms: number; status: number; stderr: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('git', args, { cwd: options.cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.stdout.resume();
    child.on('close', (code) => resolve({ ms: performance.now() - started, status: code ?? -1, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** fast-import stream: `commits` commits, each adding one file of `bytesPerFile` random bytes. */
function fastImport(commits: number, bytesPerFile: number, fromMark = 0, branch = 'main'): Buffer {
  const parts: Buffer[] = [];
  const when = 1_700_000_000;
  for (let i = 1; i <= commits; i++) {
    const mark = fromMark + i;
    const blob = randomBytes(bytesPerFile).toString('base64');
    const message = `commit ${mark}\n`;
    parts.push(Buffer.from(
      `blob\nmark :${mark * 2}\ndata ${Buffer.byteLength(blob)}\n${blob}\n` +
        `commit refs/heads/${branch}\nmark :${mark * 2 + 1}\ncommitter Bench <bench@example.test> ${when + mark} +0000\n` +
        `data ${Buffer.byteLength(message)}\n${message}` +
        (i === 1 && fromMark > 0 ? `from refs/heads/${branch}^0\n` : '') +
        `M 100644 :${mark * 2} files/f${mark % 500}/file${mark}.txt\n\n`,
    ));
  }
  return Buffer.concat(parts);
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

export interface CloneBenchResult {
  label: string;
  ms: number;
  serverPeakMb?: number;
}

export async function cloneBench(server: TestServer, options: { commits: number; megabytes: number }): Promise<CloneBenchResult[]> {
  const work = tempDir('graft-bench-clone-');
  try {
    const bytesPerFile = Math.max(64, Math.floor((options.megabytes * 1024 * 1024) / options.commits / 1.35));
    const source = path.join(work.dir, 'source.git');
    gitLocal(['init', '-q', '--bare', '-b', 'main', source]);
    const imported = await run(['--git-dir', source, 'fast-import', '--quiet'], { input: fastImport(options.commits, bytesPerFile) });
    if (imported.status !== 0) throw new Error(`fast-import: ${imported.stderr}`);
    gitLocal(['--git-dir', source, 'repack', '-adq']);

    const api = restClient(server.url);
    const created = await api.post('/user/repos', { name: `bench-clone-${Date.now()}` }, adminAuth);
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const served = repositoryPath(server.app.config, created.body.id);
    gitLocal(['--git-dir', served, 'fetch', '-q', source, 'refs/heads/*:refs/heads/*']);
    gitLocal(['--git-dir', served, 'repack', '-adq']);
    const url = remoteUrl(server.url, ADMIN.login, created.body.name, [ADMIN.login, ADMIN.password]);
    const size = gitLocal(['--git-dir', served, 'count-objects', '-vH']).stdout.match(/size-pack: (.*)/)?.[1];
    console.log(`clone bench: ${options.commits} commits, pack ${size}`);

    const results: CloneBenchResult[] = [];
    const direct = await run(['clone', '-q', '--bare', '--no-local', source, path.join(work.dir, 'direct.git')]);
    if (direct.status !== 0) throw new Error(direct.stderr);
    results.push({ label: 'clone: git from the bare path (limit)', ms: direct.ms });
    const viaHttp = await peakRss(() => run(['clone', '-q', '--bare', url, path.join(work.dir, 'http.git')]));
    if (viaHttp.result.status !== 0) throw new Error(viaHttp.result.stderr);
    results.push({ label: 'clone: Graft smart HTTP', ms: viaHttp.result.ms, serverPeakMb: viaHttp.peakMb });

    // Fetch: 200 more commits on the server side, then each clone fetches them.
    const more = await run(['--git-dir', source, 'fast-import', '--quiet'], { input: fastImport(200, bytesPerFile, options.commits) });
    if (more.status !== 0) throw new Error(more.stderr);
    gitLocal(['--git-dir', served, 'fetch', '-q', source, 'refs/heads/*:refs/heads/*']);
    const fetchDirect = await run(['--git-dir', path.join(work.dir, 'direct.git'), 'fetch', '-q', `file://${source}`, 'refs/heads/*:refs/heads/*']);
    if (fetchDirect.status !== 0) throw new Error(fetchDirect.stderr);
    results.push({ label: 'fetch 200 commits: git from the bare path', ms: fetchDirect.ms });
    const fetchHttp = await peakRss(() => run(['--git-dir', path.join(work.dir, 'http.git'), 'fetch', '-q', url, 'refs/heads/*:refs/heads/*']));
    if (fetchHttp.result.status !== 0) throw new Error(fetchHttp.result.stderr);
    results.push({ label: 'fetch 200 commits: Graft smart HTTP', ms: fetchHttp.result.ms, serverPeakMb: fetchHttp.peakMb });
    return results;
  } finally {
    work.remove();
  }
}

export function cloneTable(results: CloneBenchResult[]): string {
  const rows = results.map((r) => [r.label, (r.ms / 1000).toFixed(2), r.serverPeakMb === undefined ? '-' : r.serverPeakMb.toFixed(1)]);
  const header = ['git transfer', 'seconds', 'server peak RSS +MB'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
