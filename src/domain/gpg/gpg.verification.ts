import type { Config } from '../../config/defaults.ts';
import type { PublicKey, User } from '../../db/models.ts';
import { verifySshSignature } from '../../git/ssh-keygen.ts';
import { signatureIssuers, verifyDetached } from './gpg.openpgp.ts';
import { emailsOf, verifiedEmailsOf, type GpgKeyGroup } from './gpg.service.ts';
import { instanceKey } from './gpg.instance-key.ts';

/**
 * Commit signatures checked as Gitea checks them (services/asymkey/commit.go), with Gitea's reasons, which are
 * part of its interface: a GPG signature is first tried against the key its issuer id names (whoever owns it,
 * provided the key has an address that was verified), then against the keys of the committer's account whose
 * addresses include the committer's (or that were proved with a token, while the committer's address is a
 * verified one of the account). An SSH signature is tried against the committer's SSH keys while the committer's
 * address is a verified one of the account. Last, either kind is tried against the instance's signing key
 * (SIGNING_KEY), which signs the commits Graft makes: its signer is SIGNING_NAME and SIGNING_EMAIL, with no account.
 * Keys are loaded for all commits of a page together (loaders).
 */

export const NOT_SIGNED = 'gpg.error.not_signed_commit';
export const EXTRACT_SIGN = 'gpg.error.extract_sign';
export const NO_KEY_FOUND = 'gpg.error.no_gpg_keys_found';
export const BAD_SIGNATURE = 'gpg.error.probable_bad_signature';

/**
 * Who signed a verified commit: the account (none for the instance's key), the name it shows (the account's full
 * name or login; SIGNING_NAME), and the address the signature is attached to.
 */
export interface CommitSigner {
  user: User | null;
  name: string;
  email: string;
}

export interface Verification {
  verified: boolean;
  reason: string;
  /** The signature block ('' when unsigned). */
  signature: string;
  /** What the signature signs ('' when unsigned). */
  payload: string;
  signer: CommitSigner | null;
}

/** What a verification reads of a commit: its signature, what it signs, and its committer's address. */
export interface SignedCommit {
  signature?: string;
  payload: string;
  committer: { email: string };
}

/** Where keys and accounts come from: the request's loaders, which batch the commits of a page. */
export interface KeySources {
  userByEmail: { load(lowerEmail: string): Promise<User | null> };
  userById: { load(id: number): Promise<User | null> };
  gpgKeysByKeyId: { load(keyId: string): Promise<GpgKeyGroup[]> };
  gpgKeysByOwner: { load(ownerId: number): Promise<GpgKeyGroup[]> };
  sshKeysByOwner: { load(ownerId: number): Promise<PublicKey[]> };
}

type Ctx = { loaders: KeySources; config: Config };

const SSH_ARMOR = '-----BEGIN SSH SIGNATURE-----';

/** The verification of a commit (null: a commit that could not be read, answered as unsigned). */
export async function verifyCommit(ctx: Ctx, commit: SignedCommit | null): Promise<Verification> {
  if (!commit?.signature) return { verified: false, reason: NOT_SIGNED, signature: '', payload: '', signer: null };
  const signature = `${commit.signature}\n`;
  const answer = (found: { reason: string; signer: CommitSigner | null }): Verification => ({
    verified: found.signer !== null,
    reason: found.reason,
    signature,
    payload: commit.payload,
    signer: found.signer,
  });
  const committerEmail = commit.committer.email.toLowerCase();
  const committer = committerEmail ? await ctx.loaders.userByEmail.load(committerEmail) : null;
  if (signature.startsWith(SSH_ARMOR)) return answer(await checkSsh(ctx, signature, commit.payload, committer, committerEmail));
  return answer(await checkGpg(ctx, signature, commit.payload, committer, committerEmail));
}

const verifiedAs = (user: User, keyId: string, email: string) => ({ reason: `${user.login} / ${keyId}`, signer: { user, name: user.fullName || user.login, email } });

/** Verified by the instance's key: Gitea's reason names SIGNING_NAME, and the signer is no account. */
const verifiedByInstance = (key: { name: string; email: string }, keyId: string) => ({
  reason: `${key.name} / ${keyId}`,
  signer: { user: null, name: key.name, email: key.email },
});

async function checkGpg(ctx: Ctx, signature: string, payload: string, committer: User | null, committerEmail: string) {
  const issuers = await signatureIssuers(signature);
  if (!issuers) return { reason: EXTRACT_SIGN, signer: null };
  let reason = NO_KEY_FOUND;
  // The key the signature names, whoever holds it.
  const issuer = issuers[0];
  if (issuer) {
    const groups = await ctx.loaders.gpgKeysByKeyId.load(issuer);
    if (groups.length > 0) {
      for (const group of groups) {
        const owner = await ctx.loaders.userById.load(group.primary.ownerId);
        if (!owner) continue;
        const email = emailsOf(group.primary)[0] ?? (group.primary.verified ? verifiedEmailsOf(owner)[0] : undefined);
        if (!email) continue;
        const keyId = await verifyWith(group, signature, payload);
        if (keyId) return verifiedAs(owner, keyId, email);
      }
      reason = BAD_SIGNATURE;
    }
  }
  // The committer's keys that may stand for the committer's address.
  if (committer) {
    const activated = verifiedEmailsOf(committer).includes(committerEmail);
    for (const group of await ctx.loaders.gpgKeysByOwner.load(committer.id)) {
      const usable = (group.primary.verified && activated) || emailsOf(group.primary).includes(committerEmail);
      if (!usable) continue;
      const keyId = await verifyWith(group, signature, payload);
      if (keyId) return verifiedAs(committer, keyId, committerEmail);
    }
  }
  // The instance's key, which signs the commits Graft makes; a signature naming it that it did not make is suspect.
  const key = await instanceKey(ctx.config);
  if (key?.format === 'openpgp') {
    const keyId = await verifyDetached(key.publicKey, signature, payload);
    if (keyId) return verifiedByInstance(key, keyId);
    if (issuer && key.keyIds.includes(issuer)) reason = BAD_SIGNATURE;
  }
  return { reason, signer: null };
}

/** The id of the key of the group (primary or a signing subkey) that made the signature, or null. */
async function verifyWith(group: GpgKeyGroup, signature: string, payload: string): Promise<string | null> {
  const keyId = await verifyDetached(group.primary.armored, signature, payload);
  if (!keyId) return null;
  const key = keyId === group.primary.keyId ? group.primary : group.subkeys.find((s) => s.keyId === keyId);
  return key?.canSign ? keyId : null;
}

async function checkSsh(ctx: Ctx, signature: string, payload: string, committer: User | null, committerEmail: string) {
  if (committer && verifiedEmailsOf(committer).includes(committerEmail)) {
    const keys = await ctx.loaders.sshKeysByOwner.load(committer.id);
    const fingerprint = await verifySshSignature(payload, signature, committerEmail, keys.map((k) => k.content));
    if (fingerprint) return verifiedAs(committer, fingerprint, committerEmail);
  }
  const key = await instanceKey(ctx.config);
  if (key?.format === 'ssh') {
    const fingerprint = await verifySshSignature(payload, signature, key.email || 'graft', [key.publicKey.trim()]);
    if (fingerprint) return verifiedByInstance(key, fingerprint);
  }
  return { reason: NO_KEY_FOUND, signer: null };
}
