/**
 * npm run bench: the API's reads with a token, side by side with the floor, in one table:
 *   REST       — GET /user, /repos/{o}/{r}, /orgs/{org}, /orgs/{org}/teams, a file's contents, one commit,
 *                the branch list (9 branches), the tag list, and a page of 50 in a repository with 5,000
 *                branches, through the REST facade; commit statuses by ref (20), the user's SSH keys (5) and the
 *                branch protection rules (5); a page of 50 of 10,000 pull requests (pulls-seed.ts); the user's GPG keys
 *                (5); a pull request's reviews (5), commits (20) and files (20); POST /markdown of a 1 MB README and of
 *                a comment (targets markdown, markdown-comment)
 *   GraphQL    — POST /api/graphql asking for exactly the data the REST repository read asks for
 *   floor      — a bare express handler reading one row through the database driver (floor.ts)
 *
 * Graft runs in a process of its own (serve.ts, bundled like `npm start` runs it, with its node options)
 * and so does the floor, so that the CPU and memory read from /proc are theirs alone. Each target gets a sequential probe that counts the SQL statements and git
 * processes per request (over IPC), then a closed-loop load (BENCH_CONCURRENCY keep-alive connections,
 * BENCH_WARMUP_SECONDS of warm-up, then BENCH_SECONDS measured) from a worker thread. Every reply must be a
 * 200 holding the expected data; any failure exits 1. Results: one aligned table with each target's ratio
 * to the floor, the server's idle and peak RSS, the issue's goals, then one `bench-json: {...}` line.
 *
 * req/s and latency move with whatever else runs on the machine; the ratio to the floor measured in the
 * same run and "CPU ms/req" (CPU time of the serving process per request; Linux only) are the steadier
 * numbers. BENCH_ROUNDS > 1 interleaves the targets so that drift in the machine's load spreads over all.
 *
 * Environment: BENCH_SECONDS (5), BENCH_CONCURRENCY (16), BENCH_WARMUP_SECONDS (1), BENCH_ROUNDS (1),
 * BENCH_MAX_REQUESTS (2000000 per target and round, warm-up included), BENCH_QUERY_SAMPLES (50),
 * BENCH_ONLY (comma-separated target names, e.g. floor,repo; merges for the merge times; pr-large for the large pull
 * request, pr-large.ts, with BENCH_PR_FILES, BENCH_PR_COMMITS, BENCH_PR_CHANGED, BENCH_PR_RUNS; subscriptions for the fan-out of
 * repositoryEvents, subscriptions.ts, with BENCH_SUBSCRIBERS, BENCH_SUBSCRIBER_ACCOUNTS, BENCH_SUBSCRIPTION_EVENTS,
 * BENCH_SUBSCRIBER_THREADS; webhooks for webhook deliveries, webhooks.ts, with BENCH_WEBHOOK_EVENTS, BENCH_WEBHOOK_HOOKS,
 * BENCH_WEBHOOK_WRITERS, BENCH_WEBHOOK_PUSHES), BENCH_MERGES (10), BENCH_CPU_PROF=<dir> (the server writes a
 * V8 CPU profile there when it stops: open it in Chrome DevTools), DATABASE_URL=postgres://… to bench
 * against PostgreSQL (see test/testkit/server.ts).
 * Then git over HTTP against git itself and a plain `git http-backend` (clone.ts, which lists its settings),
 * BENCH_GIT=0 to skip.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createReadStream, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { print } from 'graphql';
import { startServer, type TestServer } from '../testkit/server.ts';
import { restClient, wsClient, type RestClient } from '../testkit/client.ts';
import { createAccount, createAccounts, createToken } from '../testkit/accounts.ts';
import { RepositoryByNameDocument } from '../../rest-facade/__generated__/graphql.ts';
import { peakRssMiB, processCpuMs, resetPeakRss, rssMiB } from './proc.ts';
import { send } from './http.ts';
import { percentile, runLoad, type LoadResult } from './load.ts';
import { checkReply, getSpec, graphqlSpec, postSpec, type RequestSpec } from './targets.ts';
import type { IssueSeed } from './issues-seed.ts';
import { gitBench, gitBenchOptions, gitJson, gitTable } from './clone.ts';
import { manyBranchName, pushManyBranches } from './many-branches.ts';
import { OLDEST_READABLE_OPEN, type SearchSeed } from './issue-search-seed.ts';
import { bundle } from '../../build.ts';
import { defaults } from '../../src/config/defaults.ts';
import { repositoryPath } from '../../src/domain/repo/storage.ts';
import { newSshKey } from '../testkit/ssh-keys.ts';
import { newGpgKey } from '../testkit/gpg-keys.ts';
import { largeBranchName, largeRepository, pushLargeRepository, type LargeRepoShape } from './pr-large.ts';
import { openFilesLimit, subscriptionContext, subscriptionFanOut, type SubscriptionResult, type SubscriptionShape } from './subscriptions.ts';
import { webhookBench, type WebhookResult, type WebhookShape } from './webhooks.ts';
import { benchComment, benchReadme } from './markdown.ts';

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
  only: (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  timeoutMs: 10_000,
};

/** The node options of `npm start` (package.json), so that the bench's server runs with them too. */
const START_NODE_OPTIONS: string[] = (() => {
  const start: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start;
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
})();

const BRANCHES = 9;
const TAGS = 5;
/** The bench repository's issue tracker: labels, milestones, and issues each carrying a label and a milestone. */
const LABELS = 5;
const MILESTONES = 3;
const ISSUES = 60;
const ISSUE_PAGE = 50;
/** Comments and tracked times on issue 1 of the bench repository, read by the collaboration targets. */
const DISCUSSION = 20;
/** Commit statuses on main (one context each), the account's SSH keys, the repository's branch protection rules. */
const STATUSES = 20;
const SSH_KEYS = 5;
/** The account's further e-mail addresses, the accounts it blocks and its OAuth2 applications (issue 27's lists). */
const EMAILS = 10;
const BLOCKS = 10;
const OAUTH2_APPS = 10;
/** Issues another account opens in bench-reads (its owner's notification threads), and the repository's webhooks. */
const NOTIFY_ISSUES = 30;
const HOOKS = 10;
/** Wiki pages, tag protection rules and topics of the bench's repository (issue 25's lists). */
const WIKI_PAGES = 30;
const TAG_RULES = 10;
const TOPICS = 20;
const PROTECTIONS = 5;
/** The account's GPG keys; the reviewed pull request of bench-pull: its commits (one file each) and its reviews (one line comment each). */
const GPG_KEYS = 5;
const PULL_COMMITS = 20;
const PULL_REVIEWS = 5;
/** The large pull request list (pulls-seed.ts): 10,000 pull requests, every fifth closed; a page of 50 of the open ones. */
const BIG_PULLS = 10_000;
const BIG_PULLS_CLOSED_EVERY = 5;
/** The release list of the `releases` targets (releases-seed.ts), and the asset the download is timed with. */
const BIG_RELEASES = Number(process.env.BENCH_RELEASES ?? 10_000);
const ASSET_MIB = Number(process.env.BENCH_ASSET_MIB ?? 8);
const ASSET_DOWNLOADS = Number(process.env.BENCH_ASSET_DOWNLOADS ?? 20);
const RELEASE_TARGETS = ['releases', 'releases-p100', 'release-download'];
/**
 * The large issue tracker (issues-seed.ts): BENCH_ISSUES issues (100,000), 5 comments each, 50 labels, every
 * fifth issue closed; read at page 1 and page 1,000 of the open ones, and with a label filter.
 */
const BIG_ISSUES = envNumber('BENCH_ISSUES', 100_000, { integer: true, min: 50_100 });
const BIG_COMMENTS_PER_ISSUE = 5;
const BIG_LABELS = 50;
const BIG_CLOSED_EVERY = 5;
const BIG_TARGETS = ['issues-100k', 'issues-100k-p1000', 'issues-100k-label'];
/** The issue search reads across this many repositories (issue-search-seed.ts says which the reader reaches). */
const SEARCH_REPOSITORIES = 1000;
const SEARCH_ISSUES_PER_REPOSITORY = 5;
/** Branches of the large repository (main besides), and the page of it read: page 3 of 50. */
const MANY_BRANCHES = 5000;
const MANY_PAGE = { page: 3, limit: 50 };

/** A process the bench started and talks to over IPC. */
interface Child {
  process: ChildProcess;
  pid: number;
  ready: Record<string, unknown>;
}

/** Starts a TypeScript entry under tsx, or a built JavaScript one (a URL) as it is. */
function startChild(entry: string | URL, env: Record<string, string> = {}, execArgv: string[] = []): Promise<Child> {
  const child = fork(typeof entry === 'string' ? new URL(entry, import.meta.url) : entry, [], {
    execArgv: typeof entry === 'string' ? ['--import', 'tsx', ...execArgv] : execArgv,
    env: { ...process.env, ...env, NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${entry} exited with code ${code} before it was ready`)));
    child.once('message', (message: Record<string, unknown>) => {
      if (message.type === 'ready') resolve({ process: child, pid: child.pid!, ready: message });
    });
  });
}

async function stopChild(child: Child | undefined) {
  if (!child || child.process.exitCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  if (child.process.connected) child.process.send({ type: 'stop' });
  const timer = setTimeout(() => child.process.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The server's counters: SQL statements run and git processes spawned since it started. */
function counters(server: Child): Promise<{ sql: number; git: number }> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string; sql: number; git: number }) => {
      if (message.type !== 'counters') return;
      server.process.off('message', onMessage);
      resolve(message);
    };
    server.process.on('message', onMessage);
    server.process.send({ type: 'counters' });
  });
}

interface Target {
  name: string;
  label: string;
  spec: RequestSpec;
  /** The process serving it: its CPU is what a request costs. */
  serverPid: number;
  isFloor?: boolean;
}

/** What the sequential probe of a target found. */
interface Probe {
  sql: number;
  git: number;
  /** Median latency of requests sent one at a time (no queueing behind other connections). */
  sequentialP50Ms?: number;
}

interface Round {
  load: LoadResult;
  cpuMs: number | undefined;
}

interface TargetResult {
  name: string;
  label: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  sqlPerRequest: number | undefined;
  gitPerRequest: number | undefined;
  cpuMsPerRequest: number | undefined;
  sequentialP50Ms: number | undefined;
  errorSamples: string[];
  capped: boolean;
}

/** SQL statements and git processes per request, and the median latency, over `samples` sequential requests. */
async function perRequest(server: Child, spec: RequestSpec, fail: (m: string) => void): Promise<Probe> {
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
    const before = await counters(server);
    const latencies = new Float64Array(settings.querySamples);
    for (let i = 0; i < settings.querySamples; i++) {
      const started = performance.now();
      await once();
      latencies[i] = performance.now() - started;
    }
    await sleep(50);
    const after = await counters(server);
    return {
      sql: (after.sql - before.sql) / settings.querySamples,
      git: (after.git - before.git) / settings.querySamples,
      sequentialP50Ms: percentile(latencies.sort(), 50),
    };
  } finally {
    agent.destroy();
  }
}

async function loadRound(target: Target): Promise<Round> {
  const cpuBefore = processCpuMs(target.serverPid);
  const load = await runLoad({
    spec: target.spec,
    concurrency: settings.concurrency,
    warmupMs: settings.warmupSeconds * 1000,
    durationMs: settings.seconds * 1000,
    maxRequests: settings.maxRequests,
    timeoutMs: settings.timeoutMs,
  });
  const cpuAfter = processCpuMs(target.serverPid);
  return { load, cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
}

/** Pools a target's rounds: latencies together, throughput over the summed windows. */
function summarize(target: Target, rounds: Round[], counts: Probe | undefined, probeErrors: string[]): TargetResult {
  const sorted = Float64Array.from(rounds.flatMap((r) => Array.from(r.load.latencies))).sort();
  const sum = (f: (r: Round) => number) => rounds.reduce((acc, r) => acc + f(r), 0);
  const sent = sum((r) => r.load.sent);
  const cpuKnown = rounds.every((r) => r.cpuMs !== undefined);
  return {
    name: target.name,
    label: target.label,
    rps: sum((r) => r.load.completed) / (sum((r) => r.load.windowMs) / 1000),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    requests: sum((r) => r.load.completed),
    errors: sum((r) => r.load.errors) + probeErrors.length,
    sqlPerRequest: counts?.sql,
    gitPerRequest: counts?.git,
    cpuMsPerRequest: cpuKnown && sent > 0 ? sum((r) => r.cpuMs!) / sent : undefined,
    sequentialP50Ms: counts?.sequentialP50Ms,
    errorSamples: [...probeErrors, ...rounds.flatMap((r) => r.load.errorSamples)].slice(0, 5),
    capped: rounds.some((r) => r.load.capped),
  };
}

function table(rows: TargetResult[]): string {
  const floor = rows.find((r) => r.name === 'floor');
  const header = ['target', 'req/s', '× bare', 'p50 ms', 'p99 ms', 'alone p50', 'SQL/req', 'git/req', 'CPU ms/req', 'requests', 'errors'];
  const fixed = (n: number | undefined, digits: number) => (n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(digits));
  const body = rows.map((r) => [
    r.label,
    r.rps.toFixed(0),
    floor && floor.rps > 0 ? (r.rps / floor.rps).toFixed(2) : '-',
    fixed(r.p50Ms, 2),
    fixed(r.p99Ms, 2),
    fixed(r.sequentialP50Ms, 2),
    fixed(r.sqlPerRequest, 2),
    fixed(r.gitPerRequest, 2),
    fixed(r.cpuMsPerRequest, 3),
    String(r.requests) + (r.capped ? '*' : ''),
    String(r.errors),
  ]);
  const all = [header, ...body];
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** The issue's goals, judged on this run (informational: the exit code only reflects failed requests). */
function goals(rows: TargetResult[], memory: { idle?: number; peak?: number }): string[] {
  const by = (name: string) => rows.find((r) => r.name === name);
  const floor = by('floor');
  const lines: string[] = [];
  const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS');
  if (floor) {
    const repo = by('repo');
    if (repo) {
      lines.push(`${mark(repo.rps >= 0.5 * floor.rps)} GET /repos/{o}/{r} ≥ 0.5× bare req/s (${(repo.rps / floor.rps).toFixed(2)}×)`);
      lines.push(`${mark(repo.p99Ms <= 2 * floor.p99Ms)} GET /repos/{o}/{r} p99 ≤ 2× bare p99 (${(repo.p99Ms / floor.p99Ms).toFixed(2)}×)`);
    }
    // The page of 50 of many branches is judged by its own goal (its latency), not against the floor.
    const others = rows.filter((r) => !['floor', 'repo', 'branches-5000', 'issue-create', 'issues-search', ...BIG_TARGETS].includes(r.name));
    const slow = others.filter((r) => r.rps < 0.3 * floor.rps);
    if (others.length) lines.push(`${mark(slow.length === 0)} every other read ≥ 0.3× bare${slow.length ? ` (below: ${slow.map((r) => r.name).join(', ')})` : ''}`);
  }
  for (const name of [...BIG_TARGETS, 'issues-search']) {
    const big = by(name);
    if (big?.sequentialP50Ms !== undefined) lines.push(`${mark(big.sequentialP50Ms < 10)} ${big.label}: p50 < 10 ms, one request at a time (${big.sequentialP50Ms.toFixed(1)} ms)`);
  }
  const many = by('branches-5000');
  if (many) lines.push(`${mark(many.p50Ms < 20)} a page of 50 of ${MANY_BRANCHES} branches answers in < 20 ms p50 (${many.p50Ms.toFixed(1)} ms)`);
  const repo = by('repo');
  const gql = by('graphql-repo');
  if (repo && gql) lines.push(`${mark(repo.rps >= 0.85 * gql.rps)} REST repository read within 15% of the same GraphQL read (${(repo.rps / gql.rps).toFixed(2)}×)`);
  if (memory.idle !== undefined) lines.push(`${mark(memory.idle <= 150)} server RSS idle after start ≤ 150 MiB (${memory.idle.toFixed(0)} MiB)`);
  if (memory.peak !== undefined) lines.push(`${mark(memory.peak <= 250)} server peak RSS under load ≤ 250 MiB (${memory.peak.toFixed(0)} MiB)`);
  return lines;
}

/** The body of an answer of the expected status; any other status stops the bench with what it said. */
function must(res: { status: number; body: unknown }, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, any>;
}

/**
 * Accounts, tokens, a repository with branches and tags, one with thousands of branches (only when a target
 * reads it), an organization with teams: what the targets read.
 */
async function seed(api: RestClient, server: { url: string; dataDir: string; child: Child }, withManyBranches: boolean, withBigTracker: boolean, withSearch = false, withPulls = false, withReleases = false) {
  const account = await createAccount(api);
  const token = await createToken(api, account, ['read:user', 'read:repository', 'read:organization', 'read:issue']);
  const writer = { token: await createToken(api, account, ['write:repository', 'write:organization', 'write:issue']) };
  const repo = must(await api.post('/user/repos', { name: 'bench-reads', auto_init: true, default_branch: 'main' }, writer), 201, 'creating bench-reads');
  const base = `/repos/${account.login}/bench-reads`;
  for (let i = 1; i < BRANCHES; i++) must(await api.post(`${base}/branches`, { new_branch_name: `branch-${i}`, old_branch_name: 'main' }, writer), 201, 'creating a branch');
  for (let i = 1; i <= TAGS; i++) must(await api.post(`${base}/tags`, { tag_name: `v${i}.0`, target: 'main', message: i % 2 ? `release ${i}` : '' }, writer), 201, 'creating a tag');
  const orgLogin = `bench-org-${process.pid}`;
  const org = must(await api.post('/orgs', { username: orgLogin, visibility: 'public' }, account.basic), 201, 'creating the organization');
  for (const name of ['readers', 'writers']) {
    must(await api.post(`/orgs/${orgLogin}/teams`, { name, permission: 'read', units: ['repo.code'] }, writer), 201, `creating team ${name}`);
  }
  const labels = [];
  for (let i = 1; i <= LABELS; i++) labels.push(must(await api.post(`${base}/labels`, { name: `kind/${i}`, color: '00aabb', exclusive: true }, writer), 201, 'creating a label'));
  const milestones = [];
  for (let i = 1; i <= MILESTONES; i++) milestones.push(must(await api.post(`${base}/milestones`, { title: `m${i}` }, writer), 201, 'creating a milestone'));
  for (let i = 1; i <= ISSUES; i++) {
    const issue = { title: `issue ${i}`, body: `text ${i}`, labels: [labels[i % LABELS].id], milestone: milestones[i % MILESTONES].id, assignees: [account.login] };
    must(await api.post(`${base}/issues`, issue, writer), 201, 'opening an issue');
  }
  // Issue 1's conversation: comments, tracked times and reactions, read by the collaboration targets.
  for (let i = 1; i <= DISCUSSION; i++) {
    must(await api.post(`${base}/issues/1/comments`, { body: `comment ${i} mentioning #${i + 1}` }, writer), 201, 'commenting');
    must(await api.post(`${base}/issues/1/times`, { time: 60 * i }, writer), 200, 'tracking time');
  }
  const reactions = must(await api.get('/settings/ui', { token }), 200, 'reading the allowed reactions').allowed_reactions as string[];
  for (const content of reactions) must(await api.post(`${base}/issues/1/reactions`, { content }, writer), 201, 'reacting');
  if (withManyBranches) {
    const many = must(await api.post('/user/repos', { name: 'bench-branches' }, writer), 201, 'creating bench-branches');
    const gitDir = repositoryPath({ ...defaults, server: { ...defaults.server, DATA_DIR: server.dataDir } }, many.id);
    await pushManyBranches(server.url, account, 'bench-branches', gitDir, MANY_BRANCHES);
  }
  let bigOpen = 0;
  if (withBigTracker) {
    const big = must(await api.post('/user/repos', { name: 'bench-issues' }, writer), 201, 'creating bench-issues');
    const labelIds = [];
    for (let i = 1; i <= BIG_LABELS; i++) labelIds.push(must(await api.post(`/repos/${account.login}/bench-issues/labels`, { name: `kind/${i}`, color: '00aabb' }, writer), 201, 'creating a label').id);
    const started = performance.now();
    const seed = { repoId: big.id, posterId: account.id, labelIds, issues: BIG_ISSUES, commentsPerIssue: BIG_COMMENTS_PER_ISSUE, closedEvery: BIG_CLOSED_EVERY };
    bigOpen = await seedBigTracker(server.child, seed);
    console.log(`  seeded bench-issues: ${BIG_ISSUES} issues (${bigOpen} open), ${BIG_ISSUES * BIG_COMMENTS_PER_ISSUE} comments, ${BIG_LABELS} labels in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  let searchOpen = 0;
  if (withSearch) {
    const owner = await createAccount(api);
    const orgLogin = `bench-search-${process.pid}`;
    const searchOrg = must(await api.post('/orgs', { username: orgLogin, visibility: 'public' }, owner.basic), 201, 'creating the search organization');
    const started = performance.now();
    const search: SearchSeed = { ownerIds: [owner.id, searchOrg.id], readerId: account.id, repositories: SEARCH_REPOSITORIES, issuesPerRepository: SEARCH_ISSUES_PER_REPOSITORY };
    searchOpen = await seedSearchRepositories(server.child, search);
    console.log(`  seeded the search: ${SEARCH_REPOSITORIES} repositories, ${SEARCH_REPOSITORIES * SEARCH_ISSUES_PER_REPOSITORY} issues (${searchOpen} open the reader may read) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // Commit statuses on main, the account's SSH keys and the repository's branch protection rules.
  for (let i = 1; i <= STATUSES; i++) {
    must(await api.post(`${base}/statuses/main`, { state: i % 3 ? 'success' : 'pending', context: `ci/${i}`, description: `check ${i}` }, writer), 201, 'reporting a status');
  }
  for (let i = 1; i <= SSH_KEYS; i++) {
    must(await api.post('/user/keys', { title: `key ${i}`, key: newSshKey().publicKey }, { token: await createToken(api, account, ['write:user']) }), 201, 'adding an SSH key');
  }
  const userWriter = { token: await createToken(api, account, ['write:user']) };
  must(await api.post('/user/emails', { emails: Array.from({ length: EMAILS }, (_, i) => `bench-${i}-${account.login}@example.test`) }, userWriter), 201, 'adding e-mail addresses');
  for (const blocked of await createAccounts(api, BLOCKS)) must(await api.put(`/user/blocks/${blocked.login}`, undefined, userWriter), 204, 'blocking an account');
  const siteAdmin = await createAccount(api, { admin: true });
  const adminToken = await createToken(api, siteAdmin, ['read:admin']);
  for (let i = 1; i <= OAUTH2_APPS; i++) {
    must(await api.post('/user/applications/oauth2', { name: `bench app ${i}`, redirect_uris: [`https://app-${i}.example.test/callback`] }, userWriter), 201, 'registering an OAuth2 application');
  }
  for (let i = 1; i <= PROTECTIONS; i++) {
    must(await api.post(`${base}/branch_protections`, { rule_name: i === 1 ? 'main' : `release-${i}/*`, enable_push: true, required_approvals: i }, writer), 201, 'protecting a branch');
  }
  for (let i = 1; i <= GPG_KEYS; i++) {
    const key = await newGpgKey([account.email]);
    must(await api.post('/user/gpg_keys', { armored_public_key: key.publicKey }, userWriter), 201, 'adding a GPG key');
  }
  // bench-pull: a pull request of PULL_COMMITS commits, each adding a file, with PULL_REVIEWS reviews of one line comment each.
  must(await api.post('/user/repos', { name: 'bench-pull', auto_init: true, default_branch: 'main' }, writer), 201, 'creating bench-pull');
  const pullBase = `/repos/${account.login}/bench-pull`;
  for (let i = 1; i <= PULL_COMMITS; i++) {
    const file = { content: Buffer.from(`line one of ${i}\nline two\n`).toString('base64'), message: `change ${i}`, ...(i === 1 ? { new_branch: 'change' } : { branch: 'change' }) };
    must(await api.post(`${pullBase}/contents/changed/file-${String(i).padStart(2, '0')}.txt`, file, writer), 201, 'committing a file');
  }
  const reviewed = must(await api.post(`${pullBase}/pulls`, { title: 'a reviewed change', head: 'change', base: 'main' }, writer), 201, 'opening the reviewed pull request');
  for (let i = 1; i <= PULL_REVIEWS; i++) {
    const review = { event: 'COMMENT', body: `review ${i}`, comments: [{ path: `changed/file-${String(i).padStart(2, '0')}.txt`, body: `about line 1 (${i})`, new_position: 1 }] };
    must(await api.post(`${pullBase}/pulls/${reviewed.number}/reviews`, review, writer), 200, 'reviewing');
  }
  if (withPulls) {
    const pulls = must(await api.post('/user/repos', { name: 'bench-pulls', auto_init: true, default_branch: 'main' }, writer), 201, 'creating bench-pulls');
    must(await api.post(`/repos/${account.login}/bench-pulls/branches`, { new_branch_name: 'feature', old_branch_name: 'main' }, writer), 201, 'creating a branch');
    const head = must(await api.get(`/repos/${account.login}/bench-pulls/branches/main`, { token }), 200, 'reading main');
    const started = performance.now();
    const seeded = await askServer(server.child, 'seed-pulls', 'seeded-pulls', {
      pulls: { repoId: pulls.id, posterId: account.id, pulls: BIG_PULLS, headBranch: 'feature', baseBranch: 'main', commit: head.commit.id, closedEvery: BIG_PULLS_CLOSED_EVERY },
    });
    console.log(`  seeded bench-pulls: ${BIG_PULLS} pull requests (${seeded.open} open) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  let asset: { url: string; file: string; size: number } | undefined;
  if (withReleases) {
    const releasesRepo = must(await api.post('/user/repos', { name: 'bench-releases', auto_init: true, default_branch: 'main' }, writer), 201, 'creating bench-releases');
    const releasesPath = `/repos/${account.login}/bench-releases`;
    const head = must(await api.get(`${releasesPath}/branches/main`, { token }), 200, 'reading main');
    const started = performance.now();
    await askServer(server.child, 'seed-releases', 'seeded-releases', { releases: { repoId: releasesRepo.id, publisherId: account.id, releases: BIG_RELEASES, commit: head.commit.id } });
    console.log(`  seeded bench-releases: ${BIG_RELEASES} releases in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // One real release (its tag made) with an asset of ASSET_MIB, uploaded as the raw body.
    const release = must(await api.post(`${releasesPath}/releases`, { tag_name: 'download' }, writer), 201, 'creating the download release');
    const bytes = Buffer.alloc(ASSET_MIB * 1024 * 1024, 0x5a);
    const res = await fetch(`${server.url}api/v1${releasesPath}/releases/${release.id}/assets?name=payload.bin`, {
      method: 'POST',
      headers: { authorization: `token ${writer.token}`, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    const made = (await res.json()) as { uuid: string; size: number; browser_download_url: string };
    if (res.status !== 201) throw new Error(`uploading the asset: ${res.status} ${JSON.stringify(made)}`);
    asset = { url: made.browser_download_url, file: path.join(server.dataDir, 'attachments', made.uuid[0], made.uuid[1], made.uuid), size: made.size };
  }
  // Notification threads of the account (another account opens issues in its repository) and webhooks (inactive).
  const other = await createAccount(api);
  for (let i = 1; i <= NOTIFY_ISSUES; i++) must(await api.post(`${base}/issues`, { title: `from another ${i}` }, other.basic), 201, 'opening an issue as another account');
  for (let i = 1; i <= HOOKS; i++) {
    must(await api.post(`${base}/hooks`, { type: 'gitea', config: { url: `http://127.0.0.1:9/hook-${i}`, content_type: 'json' }, events: ['push', 'issues'], active: false }, writer), 201, 'adding a webhook');
  }
  for (let i = 1; i <= WIKI_PAGES; i++) {
    must(await api.post(`${base}/wiki/new`, { title: `Page ${i}`, content_base64: Buffer.from(`# Page ${i}\n\nText of page ${i}.\n`).toString('base64') }, writer), 201, 'writing a wiki page');
  }
  for (let i = 1; i <= TAG_RULES; i++) must(await api.post(`${base}/tag_protections`, { name_pattern: `v${i}.*`, whitelist_usernames: [account.login] }, writer), 201, 'adding a tag rule');
  must(await api.put(`${base}/topics`, { topics: Array.from({ length: TOPICS }, (_, i) => `bench-topic-${i}`) }, writer), 204, 'setting topics');
  const notificationToken = await createToken(api, account, ['read:notification']);
  // The threads are written in the background (the event log's reader): wait for all of them.
  for (let tries = 0; ; tries++) {
    const threads = must(await api.get('/notifications?all=true&limit=50', { token: notificationToken }), 200, 'reading the notifications') as unknown[];
    if (threads.length >= NOTIFY_ISSUES) break;
    if (tries > 100) throw new Error(`expected ${NOTIFY_ISSUES} notification threads, got ${threads.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  must(await api.post('/user/repos', { name: 'bench-writes' }, writer), 201, 'creating bench-writes');
  const readme = must(await api.get(`${base}/contents/README.md`, { token }), 200, 'reading README.md');
  const commit = must(await api.get(`${base}/git/commits/main`, { token }), 200, 'reading the commit');
  return { account, token, adminToken, writer, notificationToken, repo, org, orgLogin, readme, commit, bigOpen, searchOpen, reactions: reactions.length, reviewed: reviewed.number as number, asset };
}

/**
 * The throughput of a release asset's download (GET of its browser_download_url, the whole body read) against a
 * plain read of the same stored file (a read stream of it, in this process), each ASSET_DOWNLOADS times in turn.
 */
async function assetDownloadTimes(asset: { url: string; file: string; size: number }, token: string) {
  let downloadMs = 0;
  let readMs = 0;
  for (let i = 0; i < ASSET_DOWNLOADS; i++) {
    let at = performance.now();
    const res = await fetch(asset.url, { headers: { authorization: `token ${token}` } });
    let received = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) received += chunk.length;
    downloadMs += performance.now() - at;
    if (received !== asset.size) throw new Error(`the download gave ${received} of ${asset.size} bytes`);
    at = performance.now();
    let read = 0;
    for await (const chunk of createReadStream(asset.file)) read += (chunk as Buffer).length;
    readMs += performance.now() - at;
    if (read !== asset.size) throw new Error(`the file read gave ${read} of ${asset.size} bytes`);
  }
  const mib = (asset.size * ASSET_DOWNLOADS) / (1024 * 1024);
  const downloadMiBps = mib / (downloadMs / 1000);
  const readMiBps = mib / (readMs / 1000);
  return { downloadMiBps, readMiBps, ratio: downloadMiBps / readMiBps };
}

/** Merges per style for the merge-time table (BENCH_MERGES). */
const MERGES_PER_STYLE = Number(process.env.BENCH_MERGES ?? 10);

/**
 * The time of each merge style: for each, MERGES_PER_STYLE pull requests are opened one after the other in a
 * repository of their own (a branch from the base's tip with a file of its own), and only the merge request is timed.
 */
async function mergeTimes(api: RestClient, login: string, writer: { token: string }) {
  must(await api.post('/user/repos', { name: 'bench-merges', auto_init: true, default_branch: 'main' }, writer), 201, 'creating bench-merges');
  const base = `/repos/${login}/bench-merges`;
  const results: { style: string; merges: number; p50Ms: number; maxMs: number }[] = [];
  let n = 0;
  for (const style of ['merge', 'squash', 'rebase', 'rebase-merge', 'fast-forward-only']) {
    const times: number[] = [];
    for (let i = 0; i < MERGES_PER_STYLE; i++) {
      const head = `m-${++n}`;
      must(await api.post(`${base}/contents/${head}.txt`, { content: Buffer.from(`${head}\n`).toString('base64'), new_branch: head }, writer), 201, 'adding a file');
      // Every style but fast-forward-only merges onto a base that moved since the branch was made.
      if (style !== 'fast-forward-only') must(await api.post(`${base}/contents/base-${n}.txt`, { content: 'eA==' }, writer), 201, 'moving the base');
      const pull = must(await api.post(`${base}/pulls`, { title: head, head, base: 'main' }, writer), 201, 'opening a pull request');
      const started = performance.now();
      must(await api.post(`${base}/pulls/${pull.number}/merge`, { do: style }, writer), 200, `merging (${style})`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({ style, merges: times.length, p50Ms: times[Math.floor(times.length / 2)], maxMs: times[times.length - 1] });
  }
  return results;
}

/** The large pull request's repository (pr-large.ts): BENCH_PR_FILES, BENCH_PR_COMMITS, BENCH_PR_CHANGED, BENCH_PR_RUNS. */
const LARGE_SHAPE: LargeRepoShape = {
  files: envNumber('BENCH_PR_FILES', 50_000, { integer: true, min: 1000 }),
  commits: envNumber('BENCH_PR_COMMITS', 10_000, { integer: true, min: 100 }),
  changed: envNumber('BENCH_PR_CHANGED', 200, { integer: true, min: 4 }),
  branches: envNumber('BENCH_PR_RUNS', 5, { integer: true, min: 1 }),
};

/**
 * Opens one pull request per branch of the large repository, one at a time, and times the POST and the moment its
 * mergeability_computed event arrives (pullRequestEvents, subscribed before the first); each must be mergeable.
 */
async function largePullTimes(api: RestClient, url: string, server: Child, account: { login: string; password: string }, writer: { token: string }) {
  let started = performance.now();
  const local = largeRepository(LARGE_SHAPE);
  console.log(`  ${local.made ? 'made' : 'reused'} ${path.relative(process.cwd(), local.dir)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  must(await api.post('/user/repos', { name: 'bench-large' }, writer), 201, 'creating bench-large');
  started = performance.now();
  await pushLargeRepository(url, account, 'bench-large', local.dir, LARGE_SHAPE);
  console.log(`  pushed it to bench-large in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  type Event = { action: string; number: number; pullRequest: { status: string; mergeable: boolean } | null };
  // When each pull request's mergeability_computed event arrived, and what it said.
  const arrived = new Map<number, { at: number; event: Event }>();
  const errors: string[] = [];
  const client = wsClient(url, `Basic ${Buffer.from(`${account.login}:${account.password}`).toString('base64')}`);
  const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
  client.subscribe<{ pullRequestEvents: Event }>(
    {
      query: 'subscription($o: String!, $n: String!) { pullRequestEvents(owner: $o, name: $n) { action number pullRequest { status mergeable } } }',
      variables: { o: account.login, n: 'bench-large' },
    },
    {
      next: (value) => {
        if (value.errors) errors.push(...value.errors.map((e) => e.message));
        const event = value.data?.pullRequestEvents;
        if (event?.action === 'mergeability_computed') arrived.set(event.number, { at: performance.now(), event });
      },
      error: (err) => errors.push(JSON.stringify(err)),
      complete: () => {},
    },
  );
  await connected;
  // The subscription is in place a moment after the connection is accepted.
  await sleep(200);
  const opened: number[] = [];
  const answered: number[] = [];
  const before = await counters(server);
  try {
    for (let k = 1; k <= LARGE_SHAPE.branches; k++) {
      const start = performance.now();
      const pull = must(await api.post(`/repos/${account.login}/bench-large/pulls`, { title: `change ${k}`, head: largeBranchName(k), base: 'main' }, writer), 201, 'opening a pull request');
      opened.push(performance.now() - start);
      if (pull.changed_files !== LARGE_SHAPE.changed) throw new Error(`pull request ${pull.number} changes ${pull.changed_files} files, not ${LARGE_SHAPE.changed}`);
      for (let waited = 0; !arrived.has(pull.number); waited += 2) {
        if (errors.length) throw new Error(`pullRequestEvents: ${errors.join('; ')}`);
        if (waited > 120_000) throw new Error(`no mergeability_computed event for pull request ${pull.number} after 2 minutes`);
        await sleep(2);
      }
      const { at, event } = arrived.get(pull.number)!;
      answered.push(at - start);
      if (event.pullRequest?.status !== 'mergeable' || event.pullRequest.mergeable !== true) throw new Error(`pull request ${pull.number} answered ${JSON.stringify(event.pullRequest)}`);
    }
  } finally {
    await client.dispose();
  }
  const after = await counters(server);
  const p50 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  return {
    runs: LARGE_SHAPE.branches,
    openedP50Ms: p50(opened),
    openedMaxMs: Math.max(...opened),
    answeredP50Ms: p50(answered),
    answeredMaxMs: Math.max(...answered),
    gitPerPull: (after.git - before.git) / LARGE_SHAPE.branches,
    sqlPerPull: (after.sql - before.sql) / LARGE_SHAPE.branches,
  };
}

/** The subscription fan-out's shape: BENCH_SUBSCRIBERS, BENCH_SUBSCRIBER_ACCOUNTS, BENCH_SUBSCRIPTION_EVENTS, BENCH_SUBSCRIBER_THREADS. */
const SUBSCRIPTION_SHAPE: SubscriptionShape = {
  subscribers: envNumber('BENCH_SUBSCRIBERS', 5000, { integer: true, min: 1 }),
  accounts: envNumber('BENCH_SUBSCRIBER_ACCOUNTS', 50, { integer: true, min: 1 }),
  events: envNumber('BENCH_SUBSCRIPTION_EVENTS', 20, { integer: true, min: 1 }),
  threads: envNumber('BENCH_SUBSCRIBER_THREADS', 2, { integer: true, min: 1 }),
};

/**
 * The subscription fan-out (subscriptions.ts) on bench-events, a public repository of the bench's account whose
 * commit statuses are the events; the subscribers' accounts get a token each (read:repository).
 */
async function subscriptionTimes(api: RestClient, url: string, server: Child, account: { login: string }, writer: { token: string }): Promise<SubscriptionResult> {
  // Each client holds a socket in this process (the server's end is in its own).
  const limit = openFilesLimit();
  const needed = SUBSCRIPTION_SHAPE.subscribers + 200;
  if (limit && limit.soft < needed) {
    throw new Error(`subscriptions: ${SUBSCRIPTION_SHAPE.subscribers} clients need about ${needed} open files, this process may have ${limit.soft} (hard limit ${limit.hard}): run \`ulimit -n ${Math.min(limit.hard, needed)}\` first, or lower BENCH_SUBSCRIBERS`);
  }
  must(await api.post('/user/repos', { name: 'bench-events', auto_init: true, default_branch: 'main' }, writer), 201, 'creating bench-events');
  const base = `/repos/${account.login}/bench-events`;
  const sha = must(await api.get(`${base}/branches/main`, writer), 200, 'reading main').commit.id as string;
  const auths: string[] = [];
  for (let i = 0; i < SUBSCRIPTION_SHAPE.accounts; i++) {
    const subscriber = await createAccount(api);
    auths.push(`token ${await createToken(api, subscriber, ['read:repository'])}`);
  }
  return subscriptionFanOut(SUBSCRIPTION_SHAPE, {
    url,
    owner: account.login,
    name: 'bench-events',
    auths,
    report: async (i) => {
      must(await api.post(`${base}/statuses/${sha}`, { state: 'success', context: subscriptionContext(i) }, writer), 201, 'reporting a status');
    },
    counters: () => counters(server),
    rss: () => rssMiB(server.pid),
    serverCpuMs: () => processCpuMs(server.pid),
  });
}

/** The webhook target's shape: BENCH_WEBHOOK_EVENTS, BENCH_WEBHOOK_HOOKS, BENCH_WEBHOOK_WRITERS, BENCH_WEBHOOK_PUSHES. */
const WEBHOOK_SHAPE: WebhookShape = {
  events: envNumber('BENCH_WEBHOOK_EVENTS', 500, { integer: true, min: 1 }),
  hooks: envNumber('BENCH_WEBHOOK_HOOKS', 20, { integer: true, min: 1 }),
  writers: envNumber('BENCH_WEBHOOK_WRITERS', 4, { integer: true, min: 1 }),
  pushes: envNumber('BENCH_WEBHOOK_PUSHES', 20, { integer: true, min: 1 }),
};

/** The webhook target (webhooks.ts): bench-hooks, a repository of the bench's account with one hook, and bench-hooks-fan-out with many. */
async function webhookTimes(api: RestClient, server: Child, account: { login: string }, writer: { token: string }): Promise<WebhookResult> {
  const base = `/repos/${account.login}/bench-hooks`;
  return webhookBench(WEBHOOK_SHAPE, {
    prepare: async (name, receiverUrl, hooks) => {
      must(await api.post('/user/repos', { name, auto_init: true, default_branch: 'main' }, writer), 201, `creating ${name}`);
      const hook = { type: 'gitea', active: true, events: ['push', 'issues'], config: { url: receiverUrl, content_type: 'json' } };
      for (let i = 0; i < hooks; i++) must(await api.post(`/repos/${account.login}/${name}/hooks`, hook, writer), 201, 'adding a hook');
    },
    openIssue: async (name, i) => {
      must(await api.post(`/repos/${account.login}/${name}/issues`, { title: `hooked ${i}` }, writer), 201, 'opening an issue');
    },
    commitFile: async (i) => {
      const file = { content: Buffer.from(`pushed ${i}\n`).toString('base64'), message: `push ${i}` };
      return must(await api.post(`${base}/contents/pushed-${i}.txt`, file, writer), 201, 'committing a file').commit.sha as string;
    },
    counters: () => counters(server),
  });
}

/** Sends the bench server a message and resolves with its answer of type `answer` (which fails when it carries an error). */
function askServer(server: Child, type: string, answer: string, payload: Record<string, unknown>): Promise<Record<string, any>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string; error?: string }) => {
      if (message.type !== answer) return;
      server.process.off('message', onMessage);
      if (message.error) reject(new Error(`${type}: ${message.error}`));
      else resolve(message);
    };
    server.process.on('message', onMessage);
    server.process.send({ type, ...payload });
  });
}

/** Asks the bench server to write the large issue tracker; resolves with the number of open issues. */
function seedBigTracker(server: Child, seed: IssueSeed): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string; open?: number; error?: string }) => {
      if (message.type !== 'seeded') return;
      server.process.off('message', onMessage);
      if (message.error) reject(new Error(`seeding the issue tracker: ${message.error}`));
      else resolve(message.open!);
    };
    server.process.on('message', onMessage);
    server.process.send({ type: 'seed-issues', seed });
  });
}

/** Asks the bench server to write the search's repositories; resolves with the open issues the reader may read. */
function seedSearchRepositories(server: Child, search: SearchSeed): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string; readableOpen?: number; error?: string }) => {
      if (message.type !== 'seeded-search') return;
      server.process.off('message', onMessage);
      if (message.error) reject(new Error(`seeding the search: ${message.error}`));
      else resolve(message.readableOpen!);
    };
    server.process.on('message', onMessage);
    server.process.send({ type: 'seed-search', search });
  });
}

const running: { server?: Child; floor?: Child; gitServer?: TestServer } = {};

async function cleanUp() {
  const { server, floor, gitServer } = running;
  running.server = running.floor = running.gitServer = undefined;
  await Promise.all([stopChild(floor), stopChild(server), gitServer?.stop()]);
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
    `bench: API reads with a token; ${provider}; ${settings.concurrency} connections; ` +
      `${settings.warmupSeconds}s warm-up + ${settings.seconds}s per target` +
      (settings.rounds > 1 ? ` x ${settings.rounds} interleaved rounds` : '') +
      `; node ${process.version}; ${os.cpus().length} CPUs`,
  );
  try {
    // The server runs as `npm start` runs it: bundled JavaScript (build.ts), built now from the current source.
    const built = fileURLToPath(new URL('../../dist/bench/', import.meta.url));
    await bundle(built, { serve: fileURLToPath(new URL('./serve.ts', import.meta.url)) });
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const server = (running.server = await startChild(pathToFileURL(`${built}serve.js`), { GRAFT__webhook__ALLOWED_HOST_LIST: 'loopback' }, [...START_NODE_OPTIONS, ...profile]));
    const url = String(server.ready.url);
    // Idle: after start, before any request; then a new peak measurement starts for the load.
    await sleep(2000);
    const memory: { idle?: number; peak?: number } = { idle: rssMiB(server.pid) };
    const peakResettable = resetPeakRss(server.pid);
    let sampledPeak = 0;
    const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, rssMiB(server.pid) ?? 0)), 50);

    const api = restClient(url);
    const selected = (name: string) => settings.only.length === 0 || settings.only.includes(name);
    const data = await seed(api, { url, dataDir: String(server.ready.dataDir), child: server }, selected('branches-5000'), BIG_TARGETS.some(selected), selected('issues-search'), selected('pulls-10k'), RELEASE_TARGETS.some(selected));
    const { account, token, repo, orgLogin } = data;

    const databaseUrl = String(server.ready.databaseUrl ?? '');
    const floorEnv: Record<string, string> = { BENCH_FLOOR_ROOT_URL: url };
    if (databaseUrl) {
      const parsed = new URL(databaseUrl);
      const schema = parsed.searchParams.get('schema');
      parsed.searchParams.delete('schema');
      floorEnv.BENCH_FLOOR_PG = parsed.toString();
      if (schema) floorEnv.BENCH_FLOOR_PG_SCHEMA = schema;
    } else {
      floorEnv.BENCH_FLOOR_SQLITE = `${server.ready.dataDir}/graft.db`;
    }
    const floor = (running.floor = await startChild('./floor.ts', floorEnv));
    const floorUrl = String(floor.ready.url);

    const api1 = (path: string) => `${url}api/v1${path}`;
    const repoPath = `/repos/${account.login}/bench-reads`;
    const targets: Target[] = [
      { name: 'floor', label: `bare express + ${provider === 'sqlite' ? 'better-sqlite3' : 'pg'}, one row`, spec: getSpec(`${floorUrl}api/v1/user`, token, [{ path: ['id'], equals: account.id }]), serverPid: floor.pid, isFloor: true },
      { name: 'user', label: 'REST GET /user', spec: getSpec(api1('/user'), token, [{ path: ['id'], equals: account.id }]), serverPid: server.pid },
      { name: 'repo', label: 'REST GET /repos/{o}/{r}', spec: getSpec(api1(repoPath), token, [{ path: ['id'], equals: repo.id }, { path: ['permissions', 'admin'], equals: true }]), serverPid: server.pid },
      {
        name: 'graphql-repo',
        label: 'GraphQL repository (same fields)',
        spec: graphqlSpec(`${url}api/graphql`, token, print(RepositoryByNameDocument), { owner: account.login, name: 'bench-reads' }, [
          { path: ['data', 'repository', 'databaseId'], equals: repo.id },
        ]),
        serverPid: server.pid,
      },
      { name: 'org', label: 'REST GET /orgs/{org}', spec: getSpec(api1(`/orgs/${orgLogin}`), token, [{ path: ['id'], equals: data.org.id }]), serverPid: server.pid },
      { name: 'teams', label: 'REST GET /orgs/{org}/teams (3)', spec: getSpec(api1(`/orgs/${orgLogin}/teams`), token, [{ path: ['length'], equals: 3 }]), serverPid: server.pid },
      { name: 'contents', label: 'REST GET contents/README.md', spec: getSpec(api1(`${repoPath}/contents/README.md`), token, [{ path: ['sha'], equals: data.readme.sha }]), serverPid: server.pid },
      { name: 'commit', label: 'REST GET git/commits/main', spec: getSpec(api1(`${repoPath}/git/commits/main`), token, [{ path: ['sha'], equals: data.commit.sha }]), serverPid: server.pid },
      { name: 'branches', label: `REST GET branches (${BRANCHES})`, spec: getSpec(api1(`${repoPath}/branches`), token, [{ path: ['length'], equals: BRANCHES }]), serverPid: server.pid },
      { name: 'tags', label: `REST GET tags (${TAGS})`, spec: getSpec(api1(`${repoPath}/tags`), token, [{ path: ['length'], equals: TAGS }]), serverPid: server.pid },
      { name: 'labels', label: `REST GET labels (${LABELS})`, spec: getSpec(api1(`${repoPath}/labels`), token, [{ path: ['length'], equals: LABELS }]), serverPid: server.pid },
      { name: 'milestones', label: `REST GET milestones (${MILESTONES})`, spec: getSpec(api1(`${repoPath}/milestones`), token, [{ path: ['length'], equals: MILESTONES }]), serverPid: server.pid },
      {
        name: 'pulls-10k',
        label: `REST GET pulls, 50 of ${BIG_PULLS}`,
        spec: getSpec(api1(`/repos/${account.login}/bench-pulls/pulls?limit=50`), token, [
          { path: ['length'], equals: 50 },
          // Newest first: the newest open one (every fifth is closed).
          { path: [0, 'number'], equals: BIG_PULLS % BIG_PULLS_CLOSED_EVERY === 0 ? BIG_PULLS - 1 : BIG_PULLS },
        ]),
        serverPid: server.pid,
      },
      {
        name: 'releases',
        label: `REST GET releases, 50 of ${BIG_RELEASES}`,
        spec: getSpec(api1(`/repos/${account.login}/bench-releases/releases?limit=50`), token, [{ path: ['length'], equals: 50 }, { path: [0, 'tag_name'], equals: 'download' }]),
        serverPid: server.pid,
      },
      {
        name: 'releases-p100',
        label: `REST GET releases, page 100 of ${BIG_RELEASES}`,
        spec: getSpec(api1(`/repos/${account.login}/bench-releases/releases?limit=50&page=100`), token, [{ path: ['length'], equals: 50 }]),
        serverPid: server.pid,
      },
      {
        name: 'statuses',
        label: `REST GET commits/main/statuses (${STATUSES})`,
        spec: getSpec(api1(`${repoPath}/commits/main/statuses`), token, [{ path: ['length'], equals: STATUSES }]),
        serverPid: server.pid,
      },
      { name: 'settings', label: 'REST GET /user/settings', spec: getSpec(api1('/user/settings'), token, [{ path: ['hide_email'], equals: false }]), serverPid: server.pid },
      { name: 'current-token', label: 'REST GET /token', spec: getSpec(api1('/token'), token, [{ path: ['user', 'id'], equals: account.id }]), serverPid: server.pid },
      { name: 'emails', label: `REST GET /user/emails (${EMAILS + 1})`, spec: getSpec(api1('/user/emails'), token, [{ path: ['length'], equals: EMAILS + 1 }]), serverPid: server.pid },
      { name: 'blocks', label: `REST GET /user/blocks (${BLOCKS})`, spec: getSpec(api1('/user/blocks'), token, [{ path: ['length'], equals: BLOCKS }]), serverPid: server.pid },
      { name: 'oauth2-apps', label: `REST GET /user/applications/oauth2 (${OAUTH2_APPS})`, spec: getSpec(api1('/user/applications/oauth2'), token, [{ path: ['length'], equals: OAUTH2_APPS }]), serverPid: server.pid },
      { name: 'admin-emails', label: "REST GET /admin/emails (a page of 20 of everyone's)", spec: getSpec(api1('/admin/emails?limit=20'), data.adminToken, [{ path: ['length'], equals: 20 }]), serverPid: server.pid },
      { name: 'cron', label: 'REST GET /admin/cron (5 tasks)', spec: getSpec(api1('/admin/cron'), data.adminToken, [{ path: ['length'], equals: 5 }]), serverPid: server.pid },
      { name: 'ssh-keys', label: `REST GET /user/keys (${SSH_KEYS})`, spec: getSpec(api1('/user/keys'), token, [{ path: ['length'], equals: SSH_KEYS }]), serverPid: server.pid },
      {
        name: 'notifications',
        label: `REST GET /notifications?all=true (${NOTIFY_ISSUES} threads)`,
        spec: getSpec(api1('/notifications?all=true&limit=50'), data.notificationToken, [{ path: ['length'], equals: NOTIFY_ISSUES }]),
        serverPid: server.pid,
      },
      { name: 'feeds', label: "REST GET a repository's activity feed (page of 50)", spec: getSpec(api1(`${repoPath}/activities/feeds?limit=50`), token, [{ path: ['length'], equals: 50 }]), serverPid: server.pid },
      { name: 'wiki-pages', label: `REST GET a wiki's pages (${WIKI_PAGES})`, spec: getSpec(api1(`${repoPath}/wiki/pages?limit=50`), token, [{ path: ['length'], equals: WIKI_PAGES }]), serverPid: server.pid },
      { name: 'tag-protections', label: `REST GET tag protections (${TAG_RULES})`, spec: getSpec(api1(`${repoPath}/tag_protections`), token, [{ path: ['length'], equals: TAG_RULES }]), serverPid: server.pid },
      { name: 'topics', label: `REST GET /topics/search (${TOPICS})`, spec: getSpec(api1('/topics/search?q=bench-topic&limit=50'), token, [{ path: ['topics', 'length'], equals: TOPICS }]), serverPid: server.pid },
      { name: 'hooks', label: `REST GET a repository's webhooks (${HOOKS})`, spec: getSpec(api1(`${repoPath}/hooks?limit=50`), token, [{ path: ['length'], equals: HOOKS }]), serverPid: server.pid },
      { name: 'gpg-keys', label: `REST GET /user/gpg_keys (${GPG_KEYS})`, spec: getSpec(api1('/user/gpg_keys'), token, [{ path: ['length'], equals: GPG_KEYS }]), serverPid: server.pid },
      {
        name: 'pull-reviews',
        label: `REST GET a pull request's reviews (${PULL_REVIEWS})`,
        spec: getSpec(api1(`/repos/${account.login}/bench-pull/pulls/${data.reviewed}/reviews`), token, [{ path: ['length'], equals: PULL_REVIEWS }, { path: [0, 'comments_count'], equals: 1 }]),
        serverPid: server.pid,
      },
      {
        name: 'pull-commits',
        label: `REST GET a pull request's commits (${PULL_COMMITS})`,
        spec: getSpec(api1(`/repos/${account.login}/bench-pull/pulls/${data.reviewed}/commits`), token, [{ path: ['length'], equals: PULL_COMMITS }, { path: [0, 'files', 'length'], equals: 1 }]),
        serverPid: server.pid,
      },
      {
        name: 'pull-files',
        label: `REST GET a pull request's files (${PULL_COMMITS})`,
        spec: getSpec(api1(`/repos/${account.login}/bench-pull/pulls/${data.reviewed}/files`), token, [{ path: ['length'], equals: PULL_COMMITS }, { path: [0, 'filename'], equals: 'changed/file-01.txt' }]),
        serverPid: server.pid,
      },
      {
        name: 'protections',
        label: `REST GET branch_protections (${PROTECTIONS})`,
        spec: getSpec(api1(`${repoPath}/branch_protections`), token, [{ path: ['length'], equals: PROTECTIONS }]),
        serverPid: server.pid,
      },
      {
        name: 'issues',
        label: `REST GET issues, ${ISSUE_PAGE} of ${ISSUES}`,
        spec: getSpec(api1(`${repoPath}/issues?limit=${ISSUE_PAGE}`), token, [{ path: ['length'], equals: ISSUE_PAGE }, { path: [0, 'number'], equals: ISSUES }]),
        serverPid: server.pid,
      },
      {
        name: 'issues-label',
        label: `REST GET issues with a label (${ISSUES / LABELS})`,
        spec: getSpec(api1(`${repoPath}/issues?labels=kind/1`), token, [{ path: ['length'], equals: ISSUES / LABELS }]),
        serverPid: server.pid,
      },
      {
        name: 'issue-comments',
        label: `REST GET an issue's comments (${DISCUSSION})`,
        spec: getSpec(api1(`${repoPath}/issues/1/comments`), token, [{ path: ['length'], equals: DISCUSSION }]),
        serverPid: server.pid,
      },
      {
        name: 'issue-timeline',
        label: `REST GET an issue's timeline (${DISCUSSION} comments and their events)`,
        spec: getSpec(api1(`${repoPath}/issues/1/timeline?limit=${ISSUE_PAGE}`), token, [{ path: [0, 'type'], equals: 'label' }]),
        serverPid: server.pid,
      },
      {
        name: 'repo-comments',
        label: `REST GET a repository's comments (${DISCUSSION})`,
        spec: getSpec(api1(`${repoPath}/issues/comments?limit=${ISSUE_PAGE}`), token, [{ path: ['length'], equals: DISCUSSION }]),
        serverPid: server.pid,
      },
      {
        name: 'issue-reactions',
        label: `REST GET an issue's reactions (${data.reactions})`,
        spec: getSpec(api1(`${repoPath}/issues/1/reactions`), token, [{ path: ['length'], equals: data.reactions }]),
        serverPid: server.pid,
      },
      {
        name: 'repo-times',
        label: `REST GET a repository's tracked times (${DISCUSSION})`,
        spec: getSpec(api1(`${repoPath}/times?limit=${ISSUE_PAGE}`), token, [{ path: ['length'], equals: DISCUSSION }]),
        serverPid: server.pid,
      },
      ...(() => {
        const bigPath = `/repos/${account.login}/bench-issues/issues`;
        // Open issues, newest first: every BIG_CLOSED_EVERY-th number is closed.
        const openNumbers = (from: number) => Array.from({ length: BIG_ISSUES }, (_, i) => BIG_ISSUES - i).filter((n) => n % BIG_CLOSED_EVERY !== 0).slice(from);
        const newest = openNumbers(0)[0];
        const atPage1000 = BIG_ISSUES >= 50_100 ? openNumbers(999 * ISSUE_PAGE)[0] : undefined;
        return [
          {
            name: 'issues-100k',
            label: `REST GET issues, page 1 of ${data.bigOpen} open`,
            spec: getSpec(api1(`${bigPath}?limit=${ISSUE_PAGE}`), token, [{ path: ['length'], equals: ISSUE_PAGE }, { path: [0, 'number'], equals: newest }]),
            serverPid: server.pid,
          },
          {
            name: 'issues-100k-p1000',
            label: `REST GET issues, page 1000 of ${data.bigOpen} open`,
            spec: getSpec(api1(`${bigPath}?limit=${ISSUE_PAGE}&page=1000`), token, [{ path: ['length'], equals: ISSUE_PAGE }, { path: [0, 'number'], equals: atPage1000 }]),
            serverPid: server.pid,
          },
          {
            name: 'issues-100k-label',
            label: `REST GET issues with 1 of ${BIG_LABELS} labels, page 1`,
            spec: getSpec(api1(`${bigPath}?limit=${ISSUE_PAGE}&labels=kind/7`), token, [{ path: ['length'], equals: ISSUE_PAGE }]),
            serverPid: server.pid,
          },
        ];
      })(),
      {
        name: 'issue-create',
        label: 'REST POST issues (creation)',
        spec: postSpec(api1(`/repos/${account.login}/bench-writes/issues`), data.writer.token, { title: 'a new issue', body: 'opened by the bench' }, 201, [{ path: ['state'], equals: 'open' }]),
        serverPid: server.pid,
      },
      {
        name: 'issues-search',
        label: `REST GET /repos/issues/search, oldest 50, ${SEARCH_REPOSITORIES} repositories`,
        spec: getSpec(api1(`/repos/issues/search?sort=oldest&limit=${ISSUE_PAGE}`), token, [{ path: ['length'], equals: ISSUE_PAGE }, { path: [0, 'title'], equals: OLDEST_READABLE_OPEN }]),
        serverPid: server.pid,
      },
      ...(() => {
        // Rendering is CPU alone: a README of a megabyte (its time per render is the p50 alone and CPU ms/req),
        // and a comment, whose ratio to the floor compares the operation with a bare handler.
        const readme = benchReadme(1024 * 1024);
        const context = `/${account.login}/bench-reads/src/branch/main`;
        const comment = benchComment(account.login);
        return [
          {
            name: 'markdown',
            label: `REST POST /markdown, a README of ${(Buffer.byteLength(readme) / 1024 / 1024).toFixed(1)} MB (gfm)`,
            spec: { ...postSpec(api1('/markdown'), token, { Text: readme, Mode: 'gfm', Context: context }, 200, []), contains: '<h1>Bench README</h1>' },
            serverPid: server.pid,
          },
          {
            name: 'markdown-comment',
            label: `REST POST /markdown, a comment of ${Buffer.byteLength(comment)} bytes`,
            spec: { ...postSpec(api1('/markdown'), token, { Text: comment, Mode: 'comment', Context: context }, 200, []), contains: 'class="mention"' },
            serverPid: server.pid,
          },
        ];
      })(),
      {
        name: 'branches-5000',
        label: `REST GET branches, ${MANY_PAGE.limit} of ${MANY_BRANCHES}`,
        spec: getSpec(api1(`/repos/${account.login}/bench-branches/branches?page=${MANY_PAGE.page}&limit=${MANY_PAGE.limit}`), token, [
          { path: ['length'], equals: MANY_PAGE.limit },
          // Newest first: the page starts MANY_PAGE.page - 1 pages below the newest branch.
          { path: [0, 'name'], equals: manyBranchName(MANY_BRANCHES - (MANY_PAGE.page - 1) * MANY_PAGE.limit) },
        ]),
        serverPid: server.pid,
      },
    ].filter((t) => selected(t.name));

    const state = targets.map((target) => ({ target, probeErrors: [] as string[], counts: undefined as Probe | undefined, rounds: [] as Round[] }));
    for (const s of state) {
      if (!s.target.isFloor) s.counts = await perRequest(server, s.target.spec, (m) => s.probeErrors.push(m));
      else {
        // The floor's statement count is known (one); still check its replies once.
        const reply = await send(new http.Agent(), s.target.spec, settings.timeoutMs);
        const problem = checkReply(s.target.spec, reply.status, reply.text);
        if (problem) s.probeErrors.push(problem);
        s.counts = { sql: 1, git: 0 };
      }
    }
    for (let round = 1; round <= settings.rounds; round++) {
      for (const s of state) {
        const r = await loadRound(s.target);
        s.rounds.push(r);
        const rps = r.load.completed / (r.load.windowMs / 1000);
        const cpu = r.cpuMs === undefined ? '' : `, ${(r.cpuMs / r.load.sent).toFixed(3)} CPU ms/req`;
        console.log(`  ${settings.rounds > 1 ? `round ${round}, ` : ''}${s.target.label}: ${rps.toFixed(0)} req/s${cpu}, ${r.load.errors} errors`);
        await sleep(200);
      }
    }
    clearInterval(sampler);
    memory.peak = peakResettable ? peakRssMiB(server.pid) : sampledPeak;
    const results = state.map((s) => summarize(s.target, s.rounds, s.counts, s.probeErrors));

    console.log('');
    // BENCH_ONLY=merges or pr-large alone loads no read.
    if (results.length > 0) console.log(table(results));
    console.log(`server RSS: ${memory.idle?.toFixed(0) ?? '-'} MiB idle after start, ${memory.peak?.toFixed(0) ?? '-'} MiB peak under load`);
    if (results.some((r) => r.capped)) console.log(`* stopped at BENCH_MAX_REQUESTS=${settings.maxRequests}; req/s is over the shorter window`);
    console.log('');
    for (const line of goals(results, memory)) console.log(line);
    const failed = results.filter((r) => r.errors > 0);
    const failedExtras: string[] = [];
    for (const r of failed) {
      console.log(`\n${r.label}: ${r.errors} failed requests; first ones:`);
      for (const sample of r.errorSamples) console.log(`  - ${sample}`);
    }
    const round = (n: number | undefined, digits: number) => (n !== undefined && Number.isFinite(n) ? Number(n.toFixed(digits)) : null);
    const floorRps = results.find((r) => r.name === 'floor')?.rps;
    console.log(
      'bench-json: ' +
        JSON.stringify({
          endpoint: 'API reads',
          database: provider,
          node: process.version,
          cpus: os.cpus().length,
          seconds: settings.seconds,
          warmupSeconds: settings.warmupSeconds,
          rounds: settings.rounds,
          concurrency: settings.concurrency,
          rssIdleMiB: round(memory.idle, 1),
          rssPeakMiB: round(memory.peak, 1),
          results: results.map((r) => ({
            target: r.name,
            rps: round(r.rps, 1),
            ratio: floorRps ? round(r.rps / floorRps, 3) : null,
            p50Ms: round(r.p50Ms, 3),
            p99Ms: round(r.p99Ms, 3),
            requests: r.requests,
            errors: r.errors,
            sqlPerRequest: round(r.sqlPerRequest, 3),
            gitPerRequest: round(r.gitPerRequest, 3),
            cpuMsPerRequest: round(r.cpuMsPerRequest, 4),
          })),
        }),
    );
    if (selected('merges')) {
      const merges = await mergeTimes(api, account.login, data.writer);
      console.log('');
      console.log('merge times (POST …/pulls/{n}/merge, a fresh pull request each, one at a time):');
      for (const m of merges) console.log(`  ${m.style.padEnd(18)} p50 ${m.p50Ms.toFixed(1)} ms, max ${m.maxMs.toFixed(1)} ms (${m.merges} merges)`);
      console.log('bench-json: ' + JSON.stringify({ endpoint: 'merges', database: provider, results: merges }));
    }
    if (selected('release-download') && data.asset) {
      const timed = await assetDownloadTimes(data.asset, data.token);
      console.log('');
      console.log(`release asset download (${ASSET_MIB} MiB, ${ASSET_DOWNLOADS} downloads one at a time, against reading the same stored file):`);
      console.log(`  download ${timed.downloadMiBps.toFixed(0)} MiB/s, file read ${timed.readMiBps.toFixed(0)} MiB/s, ratio ${timed.ratio.toFixed(3)}`);
      console.log('bench-json: ' + JSON.stringify({ endpoint: 'release-download', database: provider, assetMiB: ASSET_MIB, downloads: ASSET_DOWNLOADS, ...timed }));
    }
    if (selected('pr-large')) {
      const large = await largePullTimes(api, url, server, account, data.writer);
      console.log('');
      console.log(
        `a pull request of ${LARGE_SHAPE.changed} files in a repository of ${LARGE_SHAPE.files} files and ${LARGE_SHAPE.commits} commits ` +
          `(POST …/pulls, then its mergeability_computed event; ${large.runs} pull requests, one at a time):`,
      );
      console.log(`  opened             p50 ${large.openedP50Ms.toFixed(1)} ms, max ${large.openedMaxMs.toFixed(1)} ms`);
      console.log(`  mergeable answered p50 ${large.answeredP50Ms.toFixed(1)} ms, max ${large.answeredMaxMs.toFixed(1)} ms (from the POST)`);
      console.log(`  per pull request: ${large.gitPerPull.toFixed(1)} git processes, ${large.sqlPerPull.toFixed(1)} SQL statements (opening, checking and the event's read)`);
      console.log(`  ${large.answeredMaxMs < 2000 ? 'ok  ' : 'MISS'} mergeability answered in < 2 s (max ${large.answeredMaxMs.toFixed(0)} ms)`);
      console.log('bench-json: ' + JSON.stringify({ endpoint: 'pr-large', database: provider, shape: LARGE_SHAPE, ...large }));
    }
    if (selected('subscriptions')) {
      const fanOut = await subscriptionTimes(api, url, server, account, data.writer);
      console.log('');
      console.log(
        `subscriptions (repositoryEvents of one public repository, ${fanOut.opened} of ${fanOut.subscribers} graphql-ws clients open, one websocket each, ` +
          `every fifth anonymous, the rest over ${fanOut.accounts} accounts' tokens, received by ${fanOut.threads} worker threads of the bench; ` +
          `${fanOut.events} commit statuses, one at a time):`,
      );
      console.log(`  from the POST to each receipt  p50 ${fanOut.p50Ms.toFixed(1)} ms, p99 ${fanOut.p99Ms.toFixed(1)} ms, max ${fanOut.maxMs.toFixed(1)} ms over ${fanOut.pairs} (event, subscriber) pairs, ${fanOut.missed} missed`);
      console.log(`  an event's last receipt        p50 ${fanOut.lastReceiptP50Ms.toFixed(1)} ms, max ${fanOut.lastReceiptMaxMs.toFixed(1)} ms (the POST alone: p50 ${fanOut.postP50Ms.toFixed(1)} ms)`);
      console.log(`  per event: ${fanOut.sqlPerEvent.toFixed(1)} SQL statements (its POST included); ${fanOut.subscribers} clients opened in ${fanOut.openSeconds.toFixed(1)} s`);
      console.log(
        `  CPU per event: server ${fanOut.serverCpuMsPerEvent?.toFixed(0) ?? '-'} ms, the bench's receiving threads and POSTs ${fanOut.clientCpuMsPerEvent.toFixed(0)} ms ` +
          `(${fanOut.events} events in ${fanOut.eventsSeconds.toFixed(1)} s, machine load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs)`,
      );
      console.log(`  server RSS: ${fanOut.rssBeforeMiB?.toFixed(0) ?? '-'} MiB before the clients, ${fanOut.rssOpenMiB?.toFixed(0) ?? '-'} MiB with them open, ${fanOut.rssAfterMiB?.toFixed(0) ?? '-'} MiB after the events`);
      for (const e of fanOut.errors) console.log(`  error: ${e}`);
      console.log(`  ${fanOut.p99Ms < 50 && fanOut.missed === 0 ? 'ok  ' : 'MISS'} every subscriber receives each event, p99 < 50 ms (${fanOut.p99Ms.toFixed(1)} ms)`);
      console.log('bench-json: ' + JSON.stringify({ endpoint: 'subscriptions', database: provider, ...fanOut }));
      if (fanOut.missed > 0 || fanOut.errors.length > 0) failedExtras.push('subscriptions');
    }
    if (selected('webhooks')) {
      const hooks = await webhookTimes(api, server, account, data.writer);
      console.log('');
      console.log(`webhooks (one gitea hook, a receiver on 127.0.0.1 answering 200 at once):`);
      console.log(
        `  ${hooks.events} issues opened (${hooks.writers} at a time, ${hooks.postsSeconds.toFixed(1)} s): ${hooks.deliveriesPerSecond.toFixed(0)} deliveries/s ` +
          `(the last received ${hooks.lastDeliverySeconds.toFixed(1)} s after the first POST; ${hooks.sqlPerIssue.toFixed(1)} SQL statements per issue, its delivery included)`,
      );
      console.log(`  ${hooks.fanOutDeliveries} deliveries of ${hooks.hooks} hooks of one repository, ${Math.round(hooks.fanOutDeliveries / hooks.hooks)} issues opened one at a time: ${hooks.fanOutPerSecond.toFixed(0)} deliveries/s`);
      console.log(`  push (contents create) to its first delivery attempt  p50 ${hooks.pushP50Ms.toFixed(1)} ms, max ${hooks.pushMaxMs.toFixed(1)} ms (${hooks.pushes} pushes, one at a time; the POST alone p50 ${hooks.pushPostP50Ms.toFixed(1)} ms)`);
      console.log('bench-json: ' + JSON.stringify({ endpoint: 'webhooks', database: provider, ...hooks }));
    }
    await stopChild(floor);
    await stopChild(server);
    running.floor = running.server = undefined;

    if (process.env.BENCH_GIT !== '0') {
      // git over HTTP: Graft, git itself and a plain git http-backend, each in a process of its own (clone.ts).
      const git = await gitBench(gitBenchOptions());
      console.log('');
      console.log(gitTable(git));
      console.log('bench-json: ' + JSON.stringify(gitJson(git)));
    }
    return failed.length > 0 || failedExtras.length > 0 ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

// A hard ceiling on the whole run, whatever happens; unref'd so it never keeps the process alive.
const ceilingMs = 15 * 60_000 + settings.rounds * 12 * ((settings.warmupSeconds + settings.seconds) * 1000 + settings.timeoutMs * 2 + 15_000) + 60_000;
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
