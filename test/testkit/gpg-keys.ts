import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as openpgp from 'openpgp';
import { gitLocal } from './git.ts';

export interface TestGpgKey {
  /** The armored public key. */
  publicKey: string;
  privateKey: openpgp.PrivateKey;
  /** The primary key's id, 16 upper-case hex digits. */
  keyId: string;
  /** The ids of its subkeys. */
  subkeyIds: string[];
}

/** A new ed25519 key (with its encryption subkey) made by openpgp, with a user id per address. */
export async function newGpgKey(emails: string[], options: { expiresInSeconds?: number } = {}): Promise<TestGpgKey> {
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: 'ecc',
    curve: 'curve25519Legacy',
    userIDs: emails.map((email, i) => ({ name: `Tester ${i}`, email })),
    keyExpirationTime: options.expiresInSeconds ?? 0,
    format: 'object',
  });
  return {
    publicKey: publicKey.armor(),
    privateKey,
    keyId: privateKey.getKeyID().toHex().toUpperCase(),
    subkeyIds: privateKey.subkeys.map((s) => s.getKeyID().toHex().toUpperCase()),
  };
}

/** A detached armored signature of `text` made with the key. */
export async function gpgSign(key: TestGpgKey, text: string): Promise<string> {
  const message = await openpgp.createMessage({ binary: Buffer.from(text, 'utf8') });
  return (await openpgp.sign({ message, signingKeys: key.privateKey, detached: true, format: 'armored' })) as string;
}

/** An SSH signature (namespace "git") of `text` made by `ssh-keygen -Y sign` with a private key's text. */
export function sshSign(privateKey: string, text: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'graft-sshsign-'));
  try {
    const file = path.join(dir, 'key');
    writeFileSync(file, privateKey, { mode: 0o600 });
    return execFileSync('ssh-keygen', ['-q', '-Y', 'sign', '-f', file, '-n', 'git'], { input: text }).toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface CommitParts {
  tree: string;
  parents: string[];
  name: string;
  email: string;
  message: string;
  /** Unix seconds of the author and committer dates. */
  time?: number;
}

/** A commit object's text without a signature: what a signature signs. */
export function commitPayload(parts: CommitParts): string {
  const when = `${parts.time ?? 1_700_000_000} +0000`;
  return [
    `tree ${parts.tree}`,
    ...parts.parents.map((p) => `parent ${p}`),
    `author ${parts.name} <${parts.email}> ${when}`,
    `committer ${parts.name} <${parts.email}> ${when}`,
    '',
    parts.message,
  ].join('\n');
}

/**
 * Writes a commit object into a bare repository (git hash-object -w), with `signature` as its gpgsig header
 * (gpgsig-sha256 in a SHA-256 repository, as git writes it there), and answers its id. Nothing else changes.
 */
export function writeCommit(gitDir: string, payload: string, signature: string | null, objectFormat: 'sha1' | 'sha256' = 'sha1'): string {
  let text = payload;
  if (signature !== null) {
    const header = objectFormat === 'sha256' ? 'gpgsig-sha256' : 'gpgsig';
    const block = signature.replace(/\n$/, '').split('\n').join('\n ');
    const end = payload.indexOf('\n\n');
    text = `${payload.slice(0, end)}\n${header} ${block}${payload.slice(end)}`;
  }
  const out = gitLocal(['--git-dir', gitDir, 'hash-object', '-t', 'commit', '-w', '--stdin'], { input: text });
  if (out.status !== 0) throw new Error(`hash-object failed: ${out.stderr}`);
  return out.stdout.trim();
}
