import { spawn, type ChildProcess } from 'node:child_process';
import { fromProjectRoot } from '../paths.ts';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';

/** The helper ships as a file beside this module; found from the project root, so a bundled server (dist/) finds it too. */
const SPAWNER_HELPER = fromProjectRoot('src', 'git', 'spawner-helper.mjs');

/**
 * A running git, as much of node's ChildProcess as Graft uses: stdin, stdout and stderr streams, 'exit',
 * 'close' and 'error' events, kill(), exitCode, spawnargs.
 */
export interface GitChild extends EventEmitter {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  readonly exitCode: number | null;
  readonly spawnargs: string[];
  kill(signal?: NodeJS.Signals): boolean;
}

/** The programs the helper may start: git, and ssh-keygen to read SSH public keys (src/git/ssh-keygen.ts). */
export type SpawnProgram = 'git' | 'ssh-keygen';

export interface SpawnRequest {
  /** git when not given. */
  program?: SpawnProgram;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

type HelperMessage =
  | { spawned: number }
  | { failed: number; message: string; code?: string }
  | { exit: number; code: number | null; signal: NodeJS.Signals | null }
  | { closed: number; stderr: string };

/**
 * Starts git through a small helper process instead of forking the server: fork copies the parent's page
 * tables, so each git process cost the server several milliseconds of CPU on its own thread (in proportion
 * to its memory), more than the rest of a git HTTP request. git's stdin and stdout are one end of a local
 * socket whose other end the server holds, so data never passes through the helper; stderr and the exit
 * status come back as messages. Should the helper die, the gits it ran end too, and the next spawn starts
 * another.
 */
export class Spawner {
  private helper: ChildProcess | null = null;
  private server: net.Server | null = null;
  private address = '';
  private nextId = 1;
  private readonly children = new Map<number, SpawnedGit>();
  /** Spawns whose socket the server has yet to accept, by the id the socket starts with. */
  private readonly connecting = new Map<number, (theirs: net.Socket) => void>();

  spawn(request: SpawnRequest): GitChild {
    const id = this.nextId++;
    this.start();
    // Ours stays here as git's stdin and stdout; the end the server accepts for it goes to git.
    const ours = net.connect(this.address);
    const tag = Buffer.alloc(4);
    tag.writeUInt32BE(id);
    ours.write(tag);
    const child = new SpawnedGit(request.args, ours, (signal) => this.helper?.send({ kill: id, signal }));
    this.children.set(id, child);
    this.holdOpen();
    // Failing to reach our own socket is failing to start; later socket errors (git killed, output
    // abandoned) are not: the exit status tells what happened.
    const unreachable = (err: Error) => this.finish(id, { failed: id, message: err.message });
    ours.once('error', unreachable);
    ours.once('connect', () => ours.off('error', unreachable));
    this.connecting.set(id, (theirs) => {
      const helper = this.helper;
      if (!helper) return this.finish(id, { failed: id, message: 'the git helper process is gone' });
      // Sending the socket closes this process's copy of it.
      helper.send({ spawn: id, program: request.program ?? 'git', args: request.args, env: request.env, cwd: request.cwd }, theirs, (err) => {
        if (err) this.finish(id, { failed: id, message: err.message });
      });
    });
    if (request.timeoutMs) {
      const timer = setTimeout(() => child.kill('SIGTERM'), request.timeoutMs);
      child.once('exit', () => clearTimeout(timer));
    }
    if (request.signal) {
      const signal = request.signal;
      const onAbort = () => {
        child.kill('SIGTERM');
        child.emit('error', Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' }));
      };
      if (signal.aborted) queueMicrotask(onAbort);
      else {
        signal.addEventListener('abort', onAbort, { once: true });
        child.once('exit', () => signal.removeEventListener('abort', onAbort));
      }
    }
    return child;
  }

  /** Listens (synchronously: a local socket is bound at once) and starts the helper, when not yet done. */
  private start() {
    if (!this.server) {
      // A Linux abstract socket leaves nothing on disk; elsewhere a socket file in the temporary directory.
      const name = `graft-git-${process.pid}-${randomBytes(6).toString('hex')}`;
      this.address = process.platform === 'linux' ? `\0${name}` : path.join(os.tmpdir(), `${name}.sock`);
      this.server = net.createServer({ pauseOnConnect: true }, (socket) => this.accept(socket)).listen(this.address);
      this.server.unref();
    }
    if (!this.helper) {
      const helper = spawn(process.execPath, [SPAWNER_HELPER], {
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      });
      helper.on('message', (message: HelperMessage) => this.onMessage(message));
      helper.on('error', () => {});
      helper.on('exit', () => {
        if (this.helper === helper) this.helper = null;
        for (const [id, child] of [...this.children]) {
          child.exited(null, 'SIGKILL');
          this.finish(id, { closed: id, stderr: Buffer.from('the git helper process exited').toString('base64') });
        }
      });
      helper.unref();
      (helper.channel as unknown as { unref(): void } | undefined)?.unref();
      this.helper = helper;
    }
  }

  /** Reads the 4-byte id an accepted socket starts with, and hands the socket on to that spawn. */
  private accept(socket: net.Socket) {
    socket.on('error', () => socket.destroy());
    const readTag = () => {
      const tag = socket.read(4) as Buffer | null;
      if (!tag) return void socket.once('readable', readTag);
      const id = tag.readUInt32BE();
      const paired = this.connecting.get(id);
      this.connecting.delete(id);
      if (paired) paired(socket);
      else socket.destroy();
    };
    readTag();
  }

  /** The helper's process id, once started (for tests and diagnostics). */
  get helperPid(): number | undefined {
    return this.helper?.pid;
  }

  /** The helper's channel keeps this process alive while a git it runs is awaited, and only then. */
  private holdOpen() {
    const channel = this.helper?.channel as unknown as { ref(): void; unref(): void } | undefined;
    if (this.children.size > 0) channel?.ref();
    else channel?.unref();
  }

  private onMessage(message: HelperMessage) {
    if ('spawned' in message) this.children.get(message.spawned)?.started();
    else if ('failed' in message) this.finish(message.failed, message);
    else if ('exit' in message) this.children.get(message.exit)?.exited(message.code, message.signal);
    else if ('closed' in message) this.finish(message.closed, message);
  }

  private finish(id: number, message: { failed: number; message: string; code?: string } | { closed: number; stderr: string }) {
    const child = this.children.get(id);
    if (!child) return;
    this.children.delete(id);
    this.connecting.delete(id);
    this.holdOpen();
    if ('failed' in message) child.failed(Object.assign(new Error(`spawn git: ${message.message}`), { code: message.code }));
    else child.closed(Buffer.from(message.stderr, 'base64'));
  }
}

/** The server's side of one git. What is written to stdin waits until git runs (see the helper). */
class SpawnedGit extends EventEmitter implements GitChild {
  readonly stdin = new PassThrough();
  readonly stderr = new PassThrough();
  readonly spawnargs: string[];
  exitCode: number | null = null;
  private running = false;
  private exit: [number | null, NodeJS.Signals | null] | null = null;
  private outputEnded = false;
  private closeEmitted = false;
  private pendingKill: NodeJS.Signals | null = null;

  constructor(
    args: string[],
    readonly stdout: net.Socket,
    private readonly sendKill: (signal: NodeJS.Signals) => void,
  ) {
    super();
    this.spawnargs = ['git', ...args];
    stdout.on('error', () => {});
    stdout.on('end', () => {
      this.outputEnded = true;
      this.maybeClose();
    });
    stdout.on('close', () => {
      this.outputEnded = true;
      this.maybeClose();
    });
  }

  started() {
    this.running = true;
    if (this.pendingKill) this.kill(this.pendingKill);
    this.stdin.pipe(this.stdout);
    this.emit('spawn');
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    if (this.exit) return false;
    if (!this.running) this.pendingKill = signal;
    else this.sendKill(signal);
    return true;
  }

  failed(err: Error) {
    if (this.exit) return;
    this.exit = [-2, null];
    this.stderrDone = true;
    this.stdout.destroy();
    this.stderr.end();
    this.emit('error', err);
    this.maybeClose();
  }

  exited(code: number | null, signal: NodeJS.Signals | null) {
    if (this.exit) return;
    this.exit = [code, signal];
    this.exitCode = code;
    // As node does for a child's stdin: once git is gone, nothing more is written to it, and a process
    // it left behind reading the same input (unpack-objects under receive-pack) sees the end of it.
    this.stdin.unpipe();
    this.stdout.end();
    this.emit('exit', code, signal);
  }

  /** git's stderr is closed: all of it is known. */
  closed(stderr: Buffer) {
    this.stderrDone = true;
    this.stderr.end(stderr);
    this.maybeClose();
  }

  private stderrDone = false;

  private maybeClose() {
    if (this.closeEmitted || !this.exit || !this.stderrDone || !this.outputEnded) return;
    this.closeEmitted = true;
    this.emit('close', ...this.exit);
  }
}

let shared: Spawner | null = null;
/** The process-wide spawner (started on first use). */
export function spawner(): Spawner {
  shared ??= new Spawner();
  return shared;
}
