import { createHash } from 'node:crypto';
import { isSiteAdmin, requireUser } from '../../auth/viewer.ts';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { GpgKey, User } from '../../db/models.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { getVisibleUser } from '../user/user.service.ts';
import type { AddGpgKeyInput, VerifyGpgKeyInput } from './gpg.inputs.ts';
import { readArmoredKeys, verifyDetached, type ParsedKey } from './gpg.openpgp.ts';

/**
 * GPG keys of accounts, as Gitea keeps them (models/asymkey/gpg_key*.go): a key is read by openpgp, and its
 * addresses are matched against the account's verified addresses; a key none of whose addresses is one is
 * refused, unless the caller proves it holds the key by signing the account's verification token, which adds
 * it as verified. A key is one row for the primary key and one per subkey. Gitea sends no webhook event for
 * keys, and neither does Graft.
 */

/**
 * The addresses of an account that count as verified: Graft keeps one address per account, its primary one,
 * which Gitea treats as activated while the account is active.
 */
export function verifiedEmailsOf(user: Pick<User, 'lowerEmail' | 'isActive' | 'type'>): string[] {
  return user.isActive && user.type === 'user' && user.lowerEmail ? [user.lowerEmail] : [];
}

/** The addresses a key row keeps (those that were the owner's verified addresses when it was added). */
export function emailsOf(key: Pick<GpgKey, 'emails'>): string[] {
  try {
    const list = JSON.parse(key.emails) as unknown;
    return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

/** A primary key with its subkeys: what a signature is checked against. */
export interface GpgKeyGroup {
  primary: GpgKey;
  subkeys: GpgKey[];
}

/** Key rows grouped: each primary key with the subkeys of the same owner. */
export function groupKeys(rows: GpgKey[]): GpgKeyGroup[] {
  const primaries = rows.filter((r) => r.primaryKeyId === '');
  return primaries.map((primary) => ({ primary, subkeys: rows.filter((r) => r.primaryKeyId === primary.keyId && r.ownerId === primary.ownerId) }));
}

// ---------------------------------------------------------------------------------------------
// The verification token

/**
 * The text an account signs to prove it holds a key: a digest of the current minute (shifted by `minutes`) and
 * facts of the account, so it changes every minute and differs between accounts. A signature is accepted for
 * the token of the next minute (what `gpgKeyVerificationToken` hands out) and of the current one, as Gitea does.
 */
export function verificationToken(user: Pick<User, 'id' | 'login' | 'email' | 'createdAt'>, minutes: number, now = Date.now()): string {
  const minute = Math.floor(now / 60_000) + minutes;
  return createHash('sha256').update(`${minute}:${user.createdAt.toISOString()}:${user.login}:${user.email}:${user.id}`).digest('hex');
}

/** The token to sign now, for the signed-in caller. */
export function currentVerificationToken(ctx: ServiceContext): string {
  return verificationToken(requireUser(ctx.viewer), 1);
}

/** The token texts a signature may have been made over: both tokens, with the line ends signing tools add. */
function tokenTexts(user: User): string[] {
  return [1, 0].flatMap((minutes) => {
    const token = verificationToken(user, minutes);
    return [token, `${token}\n`, `${token}\r\n`, `${token}\n\n`];
  });
}

/** Which key of an armored block signed one of the caller's current tokens: its key id, or null. */
async function tokenSigner(user: User, armoredKeys: string, armoredSignature: string): Promise<string | null> {
  for (const text of tokenTexts(user)) {
    const signer = await verifyDetached(armoredKeys, armoredSignature, text);
    if (signer) return signer;
  }
  return null;
}

const badTokenSignature = (token: string) =>
  invalid(`the signature is not one of this key over the current verification token, or the token is out of date; sign this token: ${token}`);

// ---------------------------------------------------------------------------------------------
// Reading

/** A page of an account's keys (primary keys; subkeys come with them), oldest first. */
export function listGpgKeys(ctx: ServiceContext, owner: Pick<User, 'id'>, window: PageWindow): Promise<Page<GpgKey>> {
  const where = { ownerId: owner.id, primaryKeyId: '' };
  return pageFrom(ctx.db.gpgKey.findMany({ where, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }), ctx.db.gpgKey.count({ where }));
}

/** An account's keys, for whoever may see the account (404 otherwise). */
export async function listGpgKeysOfLogin(ctx: ServiceContext, login: string, window: PageWindow): Promise<Page<GpgKey>> {
  return listGpgKeys(ctx, await getVisibleUser(ctx, login), window);
}

/** One of the caller's keys by id; null when the caller has none with it (another account's key too, as in Gitea). */
export async function getGpgKey(ctx: ServiceContext, id: number): Promise<GpgKey | null> {
  const viewer = requireUser(ctx.viewer);
  return ctx.db.gpgKey.findFirst({ where: { id, ownerId: viewer.id } });
}

/** The subkeys of primary keys, by the primary's key id and owner: one query however many keys. */
export async function subkeysOf(ctx: Pick<ServiceContext, 'db'>, keys: readonly Pick<GpgKey, 'ownerId' | 'keyId'>[]): Promise<GpgKey[][]> {
  if (keys.length === 0) return [];
  const rows = await ctx.db.gpgKey.findMany({ where: { primaryKeyId: { in: [...new Set(keys.map((k) => k.keyId))] } }, orderBy: { id: 'asc' } });
  return keys.map((k) => rows.filter((r) => r.primaryKeyId === k.keyId && r.ownerId === k.ownerId));
}

// ---------------------------------------------------------------------------------------------
// Adding

async function parseArmored(text: string): Promise<ParsedKey[]> {
  let keys: ParsedKey[];
  try {
    keys = await readArmoredKeys(text);
  } catch (err) {
    throw invalid(`the GPG key cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (keys.length === 0) throw invalid('the GPG key cannot be read: it holds no public key');
  return coalesce(keys);
}

/** The same key given twice in a block is one key, with the subkeys and addresses of both. */
function coalesce(keys: ParsedKey[]): ParsedKey[] {
  const byId = new Map<string, ParsedKey>();
  for (const key of keys) {
    const first = byId.get(key.keyId);
    if (!first) {
      byId.set(key.keyId, { ...key, subkeys: [...key.subkeys], emails: [...key.emails] });
      continue;
    }
    for (const sub of key.subkeys) if (!first.subkeys.some((s) => s.keyId === sub.keyId)) first.subkeys.push(sub);
    for (const email of key.emails) if (!first.emails.includes(email)) first.emails.push(email);
  }
  return [...byId.values()];
}

/**
 * Adds the keys of an armored block to the caller's account, in one transaction, and answers the first. 422 for
 * what openpgp cannot read, a key id in use, or (with `armoredSignature`) a signature that is not one of the
 * block's keys over the current token; 404 when none of a key's addresses is one of the account's verified
 * addresses and no signature proves the key, as Gitea answers (its message carries the token to sign).
 */
export async function addGpgKey(ctx: ServiceContext, input: AddGpgKeyInput): Promise<GpgKey> {
  const user = requireUser(ctx.viewer);
  let keys = await parseArmored(input.armoredPublicKey);
  let verified = false;
  if (input.armoredSignature) {
    const signer = await tokenSigner(user, input.armoredPublicKey, input.armoredSignature);
    const signerKey = signer && keys.find((k) => k.keyId === signer || k.subkeys.some((s) => s.keyId === signer));
    if (!signerKey) throw badTokenSignature(verificationToken(user, 1));
    keys = [signerKey];
    verified = true;
  }
  const accountEmails = verifiedEmailsOf(user);
  const rows = keys.map((key) => {
    const emails = key.emails.filter((e) => accountEmails.includes(e));
    if (!verified && emails.length === 0) {
      throw notFound(
        `none of the addresses of GPG key ${key.keyId} (${key.emails.join(', ') || 'none'}) is a verified address of this account; ` +
          `it can still be added with a signature of this token made with it: ${verificationToken(user, 1)}`,
      );
    }
    return { key, emails };
  });
  return ctx.db.$transaction(async (tx: Tx) => insertKeys(tx, user, rows, verified)).catch((err: unknown) => {
    // The same key added at the same moment by another request.
    if (isUniqueViolation(err)) throw invalid('a GPG key with this id exists already');
    throw err;
  });
}

async function insertKeys(tx: Tx, user: User, rows: { key: ParsedKey; emails: string[] }[], verified: boolean): Promise<GpgKey> {
  const added: GpgKey[] = [];
  for (const { key, emails } of rows) {
    if (await tx.gpgKey.findFirst({ where: { keyId: key.keyId } })) throw invalid(`a GPG key with the id ${key.keyId} exists already`);
    const expiresAt = key.expiresAt;
    added.push(
      await tx.gpgKey.create({
        data: {
          ownerId: user.id,
          keyId: key.keyId,
          packet: key.packet,
          armored: key.armored,
          emails: JSON.stringify(emails),
          verified,
          canSign: key.canSign,
          canEncryptComms: key.canEncrypt,
          canEncryptStorage: key.canEncrypt,
          canCertify: key.canSign,
          keyCreatedAt: key.createdAt,
          expiresAt,
        },
      }),
    );
    for (const sub of key.subkeys) {
      await tx.gpgKey.create({
        data: {
          ownerId: user.id,
          keyId: sub.keyId,
          primaryKeyId: key.keyId,
          packet: sub.packet,
          verified,
          canSign: sub.canSign,
          canEncryptComms: sub.canEncrypt,
          canEncryptStorage: sub.canEncrypt,
          canCertify: sub.canSign,
          keyCreatedAt: sub.createdAt,
          expiresAt: sub.expiresAt,
        },
      });
    }
  }
  return added[0];
}

// ---------------------------------------------------------------------------------------------
// Verifying and deleting

/** Gitea's key ids lose their leading zeros in requests; rows keep all 16 digits. */
function normalizeKeyId(keyId: string): string {
  const trimmed = keyId.trim().replace(/^0+/, '').toUpperCase();
  return trimmed && /^[0-9A-F]{1,16}$/.test(trimmed) ? trimmed.padStart(16, '0') : '';
}

/**
 * Marks one of the caller's keys verified when the signature is the key's (or one of its subkeys') over the
 * current token: 404 for a key id the caller has no key with, 422 for any other signature. Answers the key.
 */
export async function verifyGpgKey(ctx: ServiceContext, input: VerifyGpgKeyInput): Promise<GpgKey> {
  const user = requireUser(ctx.viewer);
  const keyId = normalizeKeyId(input.keyId);
  if (!keyId) throw notFound(`GPG key "${input.keyId}" does not exist`);
  const row = await ctx.db.gpgKey.findFirst({ where: { ownerId: user.id, keyId } });
  if (!row) throw notFound(`GPG key ${keyId} does not exist`);
  const primary = row.primaryKeyId ? await ctx.db.gpgKey.findFirst({ where: { ownerId: user.id, keyId: row.primaryKeyId, primaryKeyId: '' } }) : row;
  if (!primary) throw notFound(`GPG key ${keyId} does not exist`);
  const subkeyIds = (await ctx.db.gpgKey.findMany({ where: { ownerId: user.id, primaryKeyId: primary.keyId }, select: { keyId: true } })).map((s) => s.keyId);
  const signer = await tokenSigner(user, primary.armored, input.armoredSignature);
  if (!signer || (signer !== primary.keyId && !subkeyIds.includes(signer))) throw badTokenSignature(verificationToken(user, 1));
  await ctx.db.gpgKey.updateMany({ where: { ownerId: user.id, OR: [{ id: primary.id }, { primaryKeyId: primary.keyId }] }, data: { verified: true } });
  return { ...primary, verified: true };
}

/**
 * Deletes a key with its subkeys. A key that does not exist is 404; another account's key 403 (site admins may
 * delete any).
 */
export async function deleteGpgKey(ctx: ServiceContext, id: number): Promise<void> {
  const user = requireUser(ctx.viewer);
  const row = await ctx.db.gpgKey.findUnique({ where: { id } });
  if (!row) throw notFound(`GPG key ${id} does not exist`);
  if (row.ownerId !== user.id && !isSiteAdmin(ctx.viewer)) throw forbidden('this GPG key is another account\'s');
  const primaryKeyId = row.primaryKeyId || row.keyId;
  await ctx.db.gpgKey.deleteMany({ where: { ownerId: row.ownerId, OR: [{ keyId: primaryKeyId, primaryKeyId: '' }, { primaryKeyId }] } });
}
