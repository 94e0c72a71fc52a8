import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LruMap } from '../cache/lru.ts';
import { runGit } from './command.ts';

/** What ssh-keygen reads in an SSH public key: its algorithm (lower case, as Gitea names it), size and fingerprint. */
export interface SshKeyFacts {
  /** ed25519, ecdsa, rsa, dsa, ed25519-sk, ecdsa-sk. */
  type: string;
  bits: number;
  /** SHA256:… as `ssh-keygen -l` prints it. */
  fingerprint: string;
}

/**
 * Reads one SSH public key (the line `<algorithm> <base64> [comment]`) with `ssh-keygen -l -E sha256`, given on
 * its standard input, so nothing is written to disk and no cryptography is ours. Answers null for what
 * ssh-keygen does not read as a public key (a private key, bad base64, an unknown algorithm).
 */
export async function readSshPublicKey(line: string): Promise<SshKeyFacts | null> {
  const { stdout, exitCode } = await runGit(['-l', '-E', 'sha256', '-f', '-'], {
    program: 'ssh-keygen',
    input: `${line}\n`,
    okExitCodes: [1, 255],
    timeoutMs: 30_000,
    what: 'ssh-keygen -l',
  });
  if (exitCode !== 0) return null;
  const lines = stdout.toString('utf8').trim().split('\n');
  if (lines.length !== 1) return null;
  const match = /^(\d+) (SHA256:[A-Za-z0-9+/]+=*) .*\(([A-Z0-9-]+)\)$/.exec(lines[0]) ?? /^(\d+) (SHA256:[A-Za-z0-9+/]+=*) \(([A-Z0-9-]+)\)$/.exec(lines[0]);
  if (!match) return null;
  return { bits: Number(match[1]), fingerprint: match[2], type: match[3].toLowerCase() };
}

/** Answers of verifySshSignature, by the digest of what was asked: the same question never starts ssh-keygen twice. */
const sshVerifications = new LruMap<string, string | null>(10_000);
let verifyRuns = 0;
/** How many times `ssh-keygen -Y verify` was started in this process (tests prove the memo with it). */
export const sshVerifyRuns = () => verifyRuns;

/**
 * Checks an SSH signature (`-----BEGIN SSH SIGNATURE-----`, namespace "git") over `payload` against public keys
 * with `ssh-keygen -Y verify`: the SHA256 fingerprint of the key that made it, or null when none did. The keys
 * go to a temporary allowed-signers file under `principal`, the signature to a file beside it, the payload on
 * standard input. One process per question: answers are remembered by the digest of payload, signature and keys.
 */
export async function verifySshSignature(payload: string, signature: string, principal: string, keys: string[]): Promise<string | null> {
  if (keys.length === 0) return null;
  const digest = createHash('sha256').update(`${payload}\0${signature}\0${principal}\0${[...keys].sort().join('\n')}`).digest('hex');
  const known = sshVerifications.get(digest);
  if (known !== undefined) return known;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graft-sshsig-'));
  try {
    const signers = path.join(dir, 'allowed_signers');
    const sig = path.join(dir, 'signature');
    // A principal holds no space or quote (it is an address); the keys were read by ssh-keygen when they were added.
    const name = principal.replace(/[\s"]/g, '');
    await writeFile(signers, keys.map((k) => `"${name}" namespaces="git" ${k}\n`).join(''));
    await writeFile(sig, signature.endsWith('\n') ? signature : `${signature}\n`);
    verifyRuns++;
    const { stdout, exitCode } = await runGit(['-Y', 'verify', '-f', signers, '-I', name, '-n', 'git', '-s', sig], {
      program: 'ssh-keygen',
      input: payload,
      okExitCodes: [1, 255],
      timeoutMs: 30_000,
      what: 'ssh-keygen -Y verify',
    });
    const match = exitCode === 0 ? /key (SHA256:[A-Za-z0-9+/]+=*)/.exec(stdout.toString('utf8')) : null;
    const answer = match ? match[1] : null;
    sshVerifications.set(digest, answer);
    return answer;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The public key line of an OpenSSH private key file (`ssh-keygen -y -f <file>`), or null with ssh-keygen's
 * complaint when it cannot read it (not a key, a passphrase, a file others may read).
 */
export async function sshPublicKeyOfFile(file: string): Promise<{ line: string } | { error: string }> {
  const { stdout, stderr, exitCode } = await runGit(['-y', '-P', '', '-f', file], {
    program: 'ssh-keygen',
    okExitCodes: [1, 255],
    timeoutMs: 30_000,
    what: 'ssh-keygen -y',
  });
  const line = stdout.toString('utf8').trim();
  if (exitCode !== 0 || !line) return { error: stderr.trim().split('\n').pop() || `ssh-keygen exited with ${exitCode}` };
  return { line };
}

/**
 * An SSH signature (namespace "git", as `git commit -S` with gpg.format=ssh makes) of `payload` with the private
 * key in `file`: `ssh-keygen -Y sign`, the payload on standard input, the armored signature on standard output.
 */
export async function sshSignWithFile(file: string, payload: string): Promise<string> {
  const { stdout } = await runGit(['-q', '-Y', 'sign', '-P', '', '-f', file, '-n', 'git'], {
    program: 'ssh-keygen',
    input: payload,
    timeoutMs: 30_000,
    what: 'ssh-keygen -Y sign',
  });
  return stdout.toString('utf8');
}
