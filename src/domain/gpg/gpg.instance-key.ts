import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/defaults.ts';
import { ConfigError } from '../../config/load.ts';
import { readSshPublicKey, sshPublicKeyOfFile, sshSignWithFile } from '../../git/ssh-keygen.ts';
import type { CommitSigner } from '../../git/write.ts';
import { readSigningKey } from './gpg.openpgp.ts';

/**
 * The instance's signing key (Gitea's [repository.signing]): read once per configuration, at start, from the
 * private key file SIGNING_KEY names; it signs the commits Graft makes when the rules of the occasion hold
 * (Gitea's SignInitialCommit, SignCRUDAction, SignMerge), and its public part is served as /signing-key.gpg or
 * /signing-key.pub.
 */
export interface InstanceKey {
  format: 'openpgp' | 'ssh';
  /** The armored OpenPGP public key, or the SSH public key line, each ending with a line end. */
  publicKey: string;
  /** OpenPGP: the primary key's id; SSH: the key's SHA256 fingerprint. */
  keyId: string;
  /** OpenPGP: the ids of the primary key and its subkeys (those a signature may name as its issuer). */
  keyIds: string[];
  /** SIGNING_NAME and SIGNING_EMAIL: who the signatures stand for. */
  name: string;
  email: string;
  sign: CommitSigner;
}

const NO_KEY = new Set(['', 'none', 'default']);

/** The keys read, by configuration (one per server; tests run several servers in one process). */
const loaded = new WeakMap<Config, Promise<InstanceKey | null>>();

/**
 * The instance's signing key, or null when SIGNING_KEY is none; read on the first call (the server's start) and
 * kept. A file that is no key stops the start with a ConfigError.
 */
export function instanceKey(config: Config): Promise<InstanceKey | null> {
  let key = loaded.get(config);
  if (!key) {
    key = loadInstanceKey(config);
    loaded.set(config, key);
  }
  return key;
}

async function loadInstanceKey(config: Config): Promise<InstanceKey | null> {
  const settings = config.repository;
  const given = settings.SIGNING_KEY.trim();
  if (NO_KEY.has(given.toLowerCase())) return null;
  const file = path.resolve(given);
  const where = `repository.SIGNING_KEY (${given})`;
  const who = { name: settings.SIGNING_NAME, email: settings.SIGNING_EMAIL };
  if (settings.SIGNING_FORMAT === 'ssh') {
    const read = await sshPublicKeyOfFile(file);
    if ('error' in read) throw new ConfigError(`${where}: ssh-keygen cannot read it as an SSH private key without a passphrase: ${read.error}`);
    const facts = await readSshPublicKey(read.line);
    if (!facts) throw new ConfigError(`${where}: ssh-keygen cannot read its public key`);
    return { format: 'ssh', publicKey: `${read.line}\n`, keyId: facts.fingerprint, keyIds: [], ...who, sign: (payload) => sshSignWithFile(file, payload) };
  }
  let armored: string;
  try {
    armored = await readFile(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`${where}: the file cannot be read: ${(err as Error).message}`);
  }
  try {
    const key = await readSigningKey(armored);
    return { format: 'openpgp', publicKey: key.publicKey, keyId: key.keyId, keyIds: key.keyIds, ...who, sign: (payload) => key.sign(payload) };
  } catch (err) {
    throw new ConfigError(`${where}: ${(err as Error).message}`);
  }
}

/** The instance's public signing key in a format (openpgp or ssh): null when there is none, or it is of the other format. */
export async function publicSigningKey(config: Config, format: 'openpgp' | 'ssh'): Promise<string | null> {
  const key = await instanceKey(config);
  return key && key.format === format ? key.publicKey : null;
}

/** Why there is no public signing key in a format, in Gitea's words: none at all, or one of the other format. */
export async function noSigningKey(config: Config, format: 'openpgp' | 'ssh'): Promise<string> {
  const key = await instanceKey(config);
  return key && key.format !== format ? `signing key format is ${key.format}` : 'no signing key';
}
