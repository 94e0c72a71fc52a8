// The process that starts git for Graft (see spawner.ts). Plain JavaScript, run by node itself without a
// loader, so it stays small: starting a process costs its parent time in proportion to the parent's memory
// (fork copies its page tables), a few milliseconds for the server, a fraction of one for this.
//
// Messages from the server: {spawn: id, program, args, env, cwd} (program: git or ssh-keygen, nothing else) with the socket that becomes git's stdin and
// stdout; {kill: id, signal}. To the server: {spawned: id} once git runs (the server writes to git only
// then, so nothing meant for git can be read here), {failed: id, message}, {exit: id, code, signal} when
// git exits, and {closed: id, stderr} when its stderr is closed too (base64, at most 1 MiB of it): a process
// git started may outlive it holding stderr, and the server must end git's input at exit for it to stop.
import { spawn } from 'node:child_process';

const MAX_STDERR = 1024 * 1024;
const children = new Map();
const PROGRAMS = new Set(['git', 'ssh-keygen']);

process.on('message', (message, socket) => {
  if (message.kill !== undefined) {
    children.get(message.kill)?.kill(message.signal);
    return;
  }
  if (message.spawn === undefined) return;
  const id = message.spawn;
  let child;
  try {
    const program = message.program ?? 'git';
    if (!PROGRAMS.has(program)) throw new Error(`${program} is not a program Graft runs`);
    child = spawn(program, message.args, { cwd: message.cwd, env: message.env, stdio: [socket, socket, 'pipe'] });
  } catch (err) {
    socket.destroy();
    process.send({ failed: id, message: err.message, code: err.code });
    return;
  }
  // git holds its own copies of the socket now; ours must go, or the server would never see the end of its output.
  socket.destroy();
  children.set(id, child);
  const stderr = [];
  let stderrBytes = 0;
  child.stderr.on('data', (chunk) => {
    if (stderrBytes < MAX_STDERR) stderr.push(chunk.subarray(0, MAX_STDERR - stderrBytes));
    stderrBytes += chunk.length;
  });
  child.on('error', (err) => process.send({ failed: id, message: err.message, code: err.code }));
  child.on('spawn', () => process.send({ spawned: id }));
  child.on('exit', (code, signal) => process.send({ exit: id, code, signal }));
  child.on('close', () => {
    children.delete(id);
    process.send({ closed: id, stderr: Buffer.concat(stderr).toString('base64') });
  });
});

// The server is gone: so is every git it started.
process.on('disconnect', () => {
  for (const child of children.values()) child.kill('SIGTERM');
  process.exit(0);
});
