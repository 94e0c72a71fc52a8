import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { gitHomeDir, spawnGit } from './command.ts';
import { answerLsRefs, noteReceivePackAdvertisement, parseLsRefs, pktLine, receivePackAdvertisement } from './advertise.ts';
import { ObjectMemo } from './memo.ts';
import { PushCommandReader, PushReportReader, type RefCommand } from './pkt-line.ts';
import { listRefs } from './repo.ts';
import { protectionHookSetup, type PushDecisions } from './protection-hook.ts';

export type GitService = 'git-upload-pack' | 'git-receive-pack';

export interface SmartHttpRequest {
  gitDir: string;
  service: GitService;
  /** GET info/refs (the ref advertisement) rather than the POST that runs the service. */
  advertise: boolean;
  req: IncomingMessage;
  res: ServerResponse;
  /** The authenticated account's login, if any: git names it as the committer of what a push records. */
  remoteUser?: string;
  timeoutMs?: number;
  /**
   * For a push: runs with the ref updates git made (a ref's value before and after) as soon as they are
   * known, and always before the response ends, so a client that sees its push end sees its effects too.
   * They are known once git's report is complete (git has updated the refs; it still runs its automatic
   * maintenance before it exits, and this runs meanwhile), or, for a client that asked for no report,
   * once git exited.
   */
  afterUpdate?: (updated: RefCommand[]) => Promise<void>;
  /** For a push: what the repository's branch and tag protection rules allow the pusher (checked by a pre-receive hook). */
  pushRules?: PushDecisions;
  /** For a push: whether the repository's own git hooks run (src/git/custom-hooks.ts; security.DISABLE_GIT_HOOKS off). */
  customHooks?: boolean;
}

/**
 * Configuration every served repository gets, whatever its own config says (command-line scope wins over
 * the repository's file), so repositories created before a default changed are covered too.
 */
const SERVE_CONFIG: [string, string][] = [
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

/** Request encodings git clients use; anything else is refused with 415. */
export function acceptsEncoding(encoding: string | undefined) {
  return !encoding || encoding === 'identity' || encoding === 'gzip' || encoding === 'x-gzip';
}

/** Protocol v2 was asked for (Git-Protocol: version=2); v2 advertisements carry no service line. */
const wantsV2 = (gitProtocol: string | undefined) => !!gitProtocol && gitProtocol.split(':').includes('version=2');

/**
 * git takes the highest protocol version Git-Protocol names; receive-pack starts its advertisement with a
 * version line for version 1 only (it answers version 2 with version 0). Anything unexpected: git answers.
 */
const mayBeV1 = (gitProtocol: string | undefined) => {
  const versions = (gitProtocol ?? '').split(':').filter(Boolean).map((entry) => /^version=(\d)$/.exec(entry)?.[1]);
  return versions.some((v) => v === undefined) || (versions.includes('1') && !versions.includes('2'));
};

/** What a v0/v1 advertisement starts with: the service, then a flush. */
const SERVICE_LINE: Record<GitService, Buffer> = {
  'git-upload-pack': Buffer.from(`${pktLine('# service=git-upload-pack\n')}0000`),
  'git-receive-pack': Buffer.from(`${pktLine('# service=git-receive-pack\n')}0000`),
};

/** An ls-refs request is far smaller than this; a larger body goes to git. */
const MAX_LS_REFS = 64 * 1024;

/**
 * Reads a protocol v2 request body until it is known not to be an ls-refs command (its first packet says
 * another), or to its end (at most MAX_LS_REFS bytes). The body is left paused for whoever reads on.
 */
function readLsRefs(body: Readable): Promise<{ chunks: Buffer[]; ended: boolean }> {
  const command = Buffer.from(pktLine('command=ls-refs\n'));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (ended: boolean) => {
      body.off('data', onData).off('end', onEnd).off('error', onEnd).off('close', onEnd);
      if (!ended) body.pause();
      resolve({ chunks, ended });
    };
    const onEnd = () => finish(true);
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      const start = chunks.length === 1 ? chunk : Buffer.concat(chunks);
      const differs = start.subarray(0, command.length).compare(command.subarray(0, Math.min(command.length, start.length))) !== 0;
      if (differs || size > MAX_LS_REFS) finish(false);
    };
    body.on('data', onData).on('end', onEnd).on('error', onEnd).on('close', onEnd);
  });
}

/**
 * Protocol v2 capability advertisements (GET info/refs?service=git-upload-pack with version=2) name no
 * refs: git derives them from its version, the repository's configuration and our fixed environment
 * only. So they are kept, keyed by the identity of the configuration files (inode, size, mtime: git
 * rewrites a config file by renaming a new one over it) and the Git-Protocol header: a fetch or clone
 * then costs one git process less, and any configuration change is seen on the next request.
 */
const v2Advertisements = new ObjectMemo<Buffer>(1_000);
const MAX_ADVERTISEMENT = 64 * 1024;

/** Two stat calls, made directly: each would otherwise be a round trip through libuv's thread pool. */
function advertisementKey(gitDir: string, gitProtocol: string): string {
  const identity = (file: string) => {
    try {
      const s = statSync(file, { bigint: true });
      return `${s.ino}:${s.size}:${s.mtimeNs}`;
    } catch {
      return 'none';
    }
  };
  const files = [identity(path.join(gitDir, 'config')), identity(path.join(gitHomeDir(), '.gitconfig'))];
  return [gitDir, ...files, gitProtocol].join('\0');
}

/**
 * Serves git's smart HTTP protocol (v0/v1 and v2) by running `git upload-pack` / `git receive-pack`
 * with --stateless-rpc directly (what `git http-backend` would do, minus a process per request and its
 * CGI round trip). Bodies stream both ways with backpressure and gzip requests are inflated on the way
 * in, so memory stays flat whatever the pack size. Resolves with git's exit code once the response ended.
 */
export async function serveSmartHttp(request: SmartHttpRequest): Promise<number> {
  const { req, res, service, advertise } = request;
  const gitProtocol = req.headers['git-protocol'] ? String(req.headers['git-protocol']) : undefined;
  const headers: Record<string, string> = {
    'Content-Type': `application/x-${service}-${advertise ? 'advertisement' : 'result'}`,
    Expires: 'Fri, 01 Jan 1980 00:00:00 GMT',
    Pragma: 'no-cache',
    'Cache-Control': 'no-cache, max-age=0, must-revalidate',
  };
  const answer = (body: Buffer | string) => {
    res.writeHead(200, headers).end(body);
    return 0;
  };
  const memoKey = advertise && service === 'git-upload-pack' && wantsV2(gitProtocol) ? advertisementKey(request.gitDir, gitProtocol!) : undefined;
  const known = memoKey && v2Advertisements.get(memoKey);
  if (known) return answer(known);
  // receive-pack's advertisement lists the refs: read from the repository's files, with the capabilities
  // git printed last time for the same configuration.
  const receiveKey = advertise && service === 'git-receive-pack' && !mayBeV1(gitProtocol) ? advertisementKey(request.gitDir, 'receive-pack') : undefined;
  if (receiveKey) {
    const refs = await receivePackAdvertisement(request.gitDir, gitHomeDir(), receiveKey);
    if (refs) return answer(Buffer.concat([SERVICE_LINE[service], refs]));
  }
  let advertisement: Buffer[] | null = memoKey || receiveKey ? [] : null;
  let advertised = 0;

  // A protocol v2 request is read up to its first line (whole, if it is a small ls-refs): an ls-refs is
  // answered from the repository's files too, anything else goes to git with what was read.
  let body: Readable | undefined;
  let prefix: { chunks: Buffer[]; ended: boolean } = { chunks: [], ended: false };
  if (!advertise) {
    const encoding = req.headers['content-encoding'];
    body = encoding === 'gzip' || encoding === 'x-gzip' ? req.pipe(createGunzip()) : req;
    if (service === 'git-upload-pack' && wantsV2(gitProtocol)) {
      prefix = await readLsRefs(body);
      const lsRefs = prefix.ended ? parseLsRefs(Buffer.concat(prefix.chunks)) : null;
      const refs = lsRefs && (await answerLsRefs(request.gitDir, gitHomeDir(), lsRefs));
      if (refs) return answer(refs);
    }
  }
  const user = request.remoteUser ?? 'anonymous';
  const hook = protectionHookSetup(request.pushRules ?? { branches: [], tags: [] }, request.customHooks);
  const env: Record<string, string> = {
    ...configEnv([...SERVE_CONFIG, ...hook.config]),
    ...hook.env,
    GIT_COMMITTER_NAME: user,
    GIT_COMMITTER_EMAIL: `${user}@http.${req.socket.remoteAddress ?? '(none)'}`,
  };
  if (gitProtocol) env.GIT_PROTOCOL = gitProtocol;

  const args = [service.slice('git-'.length), '--stateless-rpc', ...(advertise ? ['--advertise-refs'] : []), request.gitDir];
  const child = spawnGit(args, { env, timeoutMs: request.timeoutMs ?? 60 * 60 * 1000 });
  child.stdin.on('error', () => {});
  child.on('error', () => {});
  // A client that goes away mid-transfer stops git; receive-pack then updates no ref. One gone before git
  // started (while the request was authenticated or read) stops it at once: no close event would come, and
  // git would wait for the rest of a body that never arrives.
  const stopUnlessAnswered = () => {
    if (!res.writableFinished) child.kill('SIGTERM');
  };
  if (res.destroyed || req.socket.destroyed) stopUnlessAnswered();
  else res.on('close', stopUnlessAnswered);

  // A push is watched as it goes by: its commands on the way in, git's report on the way out.
  let commands: PushCommandReader | undefined;
  let report: PushReportReader | undefined;
  if (!body) child.stdin.end();
  else {
    body.on('error', () => child.kill('SIGTERM'));
    if (service === 'git-receive-pack') {
      const reader = (commands = new PushCommandReader());
      const watch = (chunk: Buffer) => {
        reader.feed(chunk);
        if (reader.done) body.off('data', watch);
      };
      body.on('data', watch);
    }
    for (const chunk of prefix.chunks) child.stdin.write(chunk);
    if (prefix.ended) child.stdin.end();
    else body.pipe(child.stdin);
  }

  const start = () => {
    if (res.headersSent) return;
    res.writeHead(200, headers);
    if (advertise && !wantsV2(gitProtocol)) res.write(SERVICE_LINE[service]);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    if (!res.headersSent) {
      start();
      // git answers a push only once it has read the commands, so their capabilities are known here.
      const caps = commands?.done ? commands.capabilities : new Set<string>();
      if (caps.has('report-status') || caps.has('report-status-v2')) report = new PushReportReader(caps.has('side-band-64k') || caps.has('side-band'));
    }
    report?.feed(chunk);
    if (report?.complete) void recordUpdates();
    if (advertisement) {
      advertised += chunk.length;
      if (advertised <= MAX_ADVERTISEMENT) advertisement.push(chunk);
      else advertisement = null;
    }
    if (!res.write(chunk)) {
      child.stdout.pause();
      res.once('drain', () => child.stdout.resume());
    }
  });

  let recorded: Promise<void> | undefined;
  const recordUpdates = () =>
    (recorded ??= (async () => {
      if (!request.afterUpdate) return;
      await request.afterUpdate(commands ? await updatedRefs(request.gitDir, commands, report) : []);
    })().catch((err) => console.error('git http: after-transfer work failed', err)));

  const stderr: Buffer[] = [];
  child.stderr.on('data', (c: Buffer) => stderr.push(c));
  return new Promise((resolve) => {
    child.on('close', async (code) => {
      const exitCode = code ?? -1;
      if (memoKey && advertisement && exitCode === 0) v2Advertisements.set(memoKey, Buffer.concat(advertisement));
      if (receiveKey && advertisement && exitCode === 0) noteReceivePackAdvertisement(receiveKey, Buffer.concat(advertisement));
      await recordUpdates();
      if (exitCode !== 0 && !res.headersSent) {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/plain');
        res.end(`git failed: ${Buffer.concat(stderr).toString('utf8').trim()}\n`);
      } else {
        start();
        res.end();
      }
      resolve(exitCode);
    });
  });
}

/**
 * The commands git carried out: those its report accepted, or, from a client that asked for no report,
 * those whose ref now holds the new value (one git call).
 */
async function updatedRefs(gitDir: string, commands: PushCommandReader, report: PushReportReader | undefined): Promise<RefCommand[]> {
  if (!commands.done || commands.commands.length === 0) return [];
  if (report) return report.unpackOk ? commands.commands.filter((c) => report.accepted.has(c.ref)) : [];
  const now = new Map((await listRefs(gitDir)).map((r) => [r.name, r.oid]));
  return commands.commands.filter((c) => (now.get(c.ref) ?? '0'.repeat(c.after.length)) === c.after && c.before !== c.after);
}
