import { createHash } from 'node:crypto';
import * as openpgp from 'openpgp';
import { LruMap } from '../../cache/lru.ts';

/**
 * What Graft reads of OpenPGP keys and signatures, all through openpgp (no cryptography of ours): the facts a
 * key row keeps, detached signatures checked against armored keys. Pure apart from a memo of parsed keys.
 */

/** One key (primary or subkey) as a row keeps it. */
export interface KeyFacts {
  /** 16 upper-case hex digits. */
  keyId: string;
  /** The key's public packet (header and body), base64, as Gitea keeps it. */
  packet: string;
  createdAt: Date;
  expiresAt: Date | null;
  canSign: boolean;
  canEncrypt: boolean;
}

export interface ParsedKey extends KeyFacts {
  /** The addresses of the key's user ids that are not revoked (lower case, trimmed), in the key's order. */
  emails: string[];
  subkeys: KeyFacts[];
  /** The key as its own armored block, kept to verify signatures later. */
  armored: string;
}

/** Algorithms that sign (and certify) and that encrypt, by openpgp's names. */
const SIGNING = new Set(['rsaEncryptSign', 'rsaSign', 'dsa', 'ecdsa', 'eddsaLegacy', 'ed25519', 'ed448']);
const ENCRYPTING = new Set(['rsaEncryptSign', 'rsaEncrypt', 'elgamal', 'ecdh', 'x25519', 'x448']);

export const keyIdHex = (id: { toHex(): string }) => id.toHex().toUpperCase();

function packetBase64(packet: openpgp.PublicKeyPacket | openpgp.PublicSubkeyPacket): string {
  const list = new openpgp.PacketList<openpgp.PublicKeyPacket | openpgp.PublicSubkeyPacket>();
  list.push(packet);
  return Buffer.from(list.write() as Uint8Array).toString('base64');
}

const finite = (t: Date | number | null): Date | null => (t instanceof Date && Number.isFinite(t.getTime()) ? t : null);

/** Reads every key of an armored block of public keys; throws openpgp's error for what is none. */
export async function readArmoredKeys(armored: string): Promise<ParsedKey[]> {
  const keys = await openpgp.readKeys({ armoredKeys: armored });
  const parsed: ParsedKey[] = [];
  for (const given of keys) {
    if (given.isPrivate()) throw new Error('this is a private key: add the public one');
    const key = given.toPublic();
    const expires = finite(await key.getExpirationTime().catch(() => null));
    const algorithm = key.getAlgorithmInfo().algorithm;
    const emails: string[] = [];
    for (const user of key.users) {
      const email = user.userID?.email?.trim().toLowerCase();
      if (!email || emails.includes(email)) continue;
      // Revoked user ids, and those without a valid self-signature, do not count.
      if (!(await user.verify().then(() => true, () => false))) continue;
      emails.push(email);
    }
    parsed.push({
      keyId: keyIdHex(key.getKeyID()),
      packet: packetBase64(key.keyPacket as openpgp.PublicKeyPacket),
      createdAt: key.getCreationTime(),
      expiresAt: expires,
      canSign: SIGNING.has(algorithm),
      canEncrypt: ENCRYPTING.has(algorithm),
      emails,
      armored: key.armor(),
      subkeys: await Promise.all(
        key.subkeys.map(async (sub) => {
          const subAlgorithm = sub.getAlgorithmInfo().algorithm;
          return {
            keyId: keyIdHex(sub.getKeyID()),
            packet: packetBase64(sub.keyPacket as openpgp.PublicSubkeyPacket),
            createdAt: sub.getCreationTime(),
            expiresAt: finite(await sub.getExpirationTime().catch(() => null)) ?? expires,
            canSign: SIGNING.has(subAlgorithm),
            canEncrypt: ENCRYPTING.has(subAlgorithm),
          };
        }),
      ),
    });
  }
  return parsed;
}

/** The key ids a detached armored signature names as its issuers (upper-case hex); null when it is no signature. */
export async function signatureIssuers(armoredSignature: string): Promise<string[] | null> {
  try {
    const signature = await openpgp.readSignature({ armoredSignature });
    return signature.getSigningKeyIDs().map(keyIdHex);
  } catch {
    return null;
  }
}

/** Parsed keys by their armored text's digest: reading a key costs far more than checking a signature with it. */
const parsedKeys = new LruMap<string, openpgp.Key[]>(500);

async function keysOf(armored: string): Promise<openpgp.Key[]> {
  const digest = createHash('sha256').update(armored).digest('hex');
  const known = parsedKeys.get(digest);
  if (known) return known;
  const keys = await openpgp.readKeys({ armoredKeys: armored });
  parsedKeys.set(digest, keys);
  return keys;
}

/**
 * Checks a detached armored signature over `data` against the keys of an armored block: the id of the key
 * (primary or subkey, upper-case hex) that made it, or null when none of them did (or the signature or key
 * cannot be read, or the key was expired or revoked when it signed).
 */
export async function verifyDetached(armoredKeys: string, armoredSignature: string, data: string): Promise<string | null> {
  try {
    const [verificationKeys, signature] = await Promise.all([keysOf(armoredKeys), openpgp.readSignature({ armoredSignature })]);
    const message = await openpgp.createMessage({ binary: Buffer.from(data, 'utf8') });
    const result = await openpgp.verify({ message, signature, verificationKeys });
    for (const sig of result.signatures) {
      try {
        if (await sig.verified) return keyIdHex(sig.keyID);
      } catch {
        // Not this key's, or a bad signature: try the next.
      }
    }
    return null;
  } catch {
    return null;
  }
}

/** A private key that signs, read from its armored text: its armored public key, its id, and a signer. */
export interface OpenPgpSigningKey {
  publicKey: string;
  /** The primary key's id, 16 upper-case hex digits. */
  keyId: string;
  /** The ids of the primary key and of its subkeys. */
  keyIds: string[];
  /** A detached armored signature of `data` made with the key (or the subkey openpgp picks to sign). */
  sign(data: string): Promise<string>;
}

/** Reads an armored private key that can sign now; throws a sentence for what is none (or needs a passphrase). */
export async function readSigningKey(armored: string): Promise<OpenPgpSigningKey> {
  let key: openpgp.PrivateKey;
  try {
    key = await openpgp.readPrivateKey({ armoredKey: armored });
  } catch (err) {
    throw new Error(`not an armored OpenPGP private key (${(err as Error).message})`);
  }
  if (!key.isDecrypted()) throw new Error('the key is protected by a passphrase: give it without one');
  try {
    await key.getSigningKey();
  } catch (err) {
    throw new Error(`the key cannot sign (${(err as Error).message})`);
  }
  return {
    publicKey: key.toPublic().armor(),
    keyId: keyIdHex(key.getKeyID()),
    keyIds: [key.getKeyID(), ...key.subkeys.map((sub) => sub.getKeyID())].map(keyIdHex),
    async sign(data) {
      const message = await openpgp.createMessage({ binary: Buffer.from(data, 'utf8') });
      return (await openpgp.sign({ message, signingKeys: key, detached: true, format: 'armored' })) as string;
    },
  };
}
