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
