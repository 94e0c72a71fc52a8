/**
 * Pure checks of SSH public keys, as Gitea makes them (models/asymkey/ssh_key_parse.go): one line
 * "<algorithm> <base64> [comment]", never a private key, and the algorithms and sizes Gitea's default
 * `[ssh.minimum_key_sizes]` allows. Reading the key itself is ssh-keygen's job (src/git/ssh-keygen.ts).
 */

/** The kinds of key rows: an account's key, a repository's deploy key. */
export const USER_KEY = 'user';
export const DEPLOY_KEY = 'deploy';

/** The kinds of deploy keys (DeployKey.keyType), as REST's key_type names them: an SSH key, a token for git over HTTP. */
export const DEPLOY_SSH = 'ssh';
export const DEPLOY_TOKEN = 'token';

/** Gitea's default `[ssh.minimum_key_sizes]`: the least bits of each algorithm; -1 refuses the algorithm. */
export const MINIMUM_KEY_SIZES: Readonly<Record<string, number>> = {
  ed25519: 256,
  'ed25519-sk': 256,
  ecdsa: 256,
  'ecdsa-sk': 256,
  rsa: 3071,
  dsa: -1,
};

/** Longest title Gitea's form binding takes (CreateKeyOption: MaxSize(50)). */
export const MAX_KEY_TITLE = 50;

/** The key's line with its parts separated by single spaces, or a reason it is no key line. */
export function normalizeKeyLine(text: string): { line: string } | { reason: string } {
  const trimmed = text.trim();
  if (!trimmed) return { reason: 'the key is empty' };
  if (trimmed.includes('PRIVATE KEY')) return { reason: 'this is a private key: add the public one (.pub)' };
  if (/[\r\n]/.test(trimmed)) return { reason: 'give one key on one line' };
  const parts = trimmed.split(/\s+/);
  if (parts.length < 2 || !/^[a-z0-9@.-]+$/.test(parts[0]) || !/^[A-Za-z0-9+/]+=*$/.test(parts[1])) {
    return { reason: 'a key is "<algorithm> <base64> [comment]"' };
  }
  return { line: parts.join(' ') };
}

/** Why Gitea's default minimum sizes refuse a key of this algorithm and size; null when they allow it. */
export function keySizeRefusal(type: string, bits: number): string | null {
  const least = MINIMUM_KEY_SIZES[type];
  if (least === undefined || least < 0) return `keys of type ${type} are not allowed`;
  if (bits < least) return `a ${type} key needs at least ${least} bits, this one has ${bits}`;
  return null;
}
