import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestSshKey {
  /** The public key line, "<algorithm> <base64> <comment>". */
  publicKey: string;
  /** SHA256:… as ssh-keygen prints it. */
  fingerprint: string;
  /** The private key file's text (for tests that sign). */
  privateKey: string;
}

/** A new SSH key pair made by ssh-keygen: ed25519 by default, or rsa/ecdsa of `bits`. */
export function newSshKey(type: 'ed25519' | 'rsa' | 'ecdsa' = 'ed25519', bits?: number): TestSshKey {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'graft-key-'));
  try {
    const file = path.join(dir, 'key');
    execFileSync('ssh-keygen', ['-q', '-t', type, ...(bits ? ['-b', String(bits)] : []), '-N', '', '-C', 'test@graft', '-f', file]);
    const line = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${file}.pub`]).toString('utf8');
    return {
      publicKey: readFileSync(`${file}.pub`, 'utf8').trim(),
      fingerprint: line.split(' ')[1],
      privateKey: readFileSync(file, 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
