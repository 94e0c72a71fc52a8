import { isSiteAdmin, requireSelfOrAdmin, requireUser } from '../../auth/viewer.ts';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { DeployKey, Prisma, PublicKey, User } from '../../db/models.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import { readSshPublicKey } from '../../git/ssh-keygen.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPermission, satisfies } from '../access/access.service.ts';
import { getRepository, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { findUserByLogin, getVisibleUser } from '../user/user.service.ts';
import type { AddDeployKeyInput, AddDeployTokenInput, AddPublicKeyInput, DeployKeyFilter } from './key.inputs.ts';
import { newTokenSecret, tokenDigest } from '../../auth/token-secret.ts';
import { keySizeRefusal, MAX_KEY_TITLE, normalizeKeyLine, DEPLOY_KEY, DEPLOY_TOKEN, USER_KEY } from './key.rules.ts';

/**
 * SSH public keys, as Gitea keeps them (models/asymkey): an account's keys, and the deploy keys of repositories.
 * One PublicKey row per key (its fingerprint is unique): a key is an account's or serves as deploy key, never
 * both, and a deploy key shared by several repositories is one key with a DeployKey row per repository. No SSH
 * transport is served; the rows are kept for what reads keys (signatures, push whitelists of deploy keys):
 * `findKeysByFingerprint` and `listAccountKeys`. Gitea sends no webhook event for keys, so none is published.
 */

export { DEPLOY_KEY, USER_KEY };

/** A deploy key with its public key (the content) and the repository it belongs to. */
export interface DeployKeyView {
  deployKey: DeployKey & { key: PublicKey | null };
  /** A deploy token's secret, in the answer that created it only. */
  token?: string;
  repo: RepositoryWithOwner;
}

// ---------------------------------------------------------------------------------------------
// Reading a key

/** What ssh-keygen read of a key given in a request, or a 422 in Gitea's manner ("Invalid key content"). */
async function parseKey(text: string) {
  const normalized = normalizeKeyLine(text);
  if ('reason' in normalized) throw invalid(`invalid key content: ${normalized.reason}`);
  const facts = await readSshPublicKey(normalized.line);
  if (!facts) throw invalid('invalid key content: ssh-keygen cannot read it as an SSH public key');
  const refusal = keySizeRefusal(facts.type, facts.bits);
  if (refusal) throw invalid(`invalid key content: ${refusal}`);
  return { content: normalized.line, ...facts };
}

function checkTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw invalid('title is required');
  if (trimmed.length > MAX_KEY_TITLE) throw invalid(`title is longer than ${MAX_KEY_TITLE} characters`);
  return trimmed;
}

const KEY_IN_USE = 'this key is already in use (by an account, or as a deploy key)';

// ---------------------------------------------------------------------------------------------
// For later readers of keys (signatures, push whitelists)

/** The keys with this fingerprint (SHA256:…): none or one, an account's or a deploy key's. */
export function findKeysByFingerprint(ctx: Pick<ServiceContext, 'db'>, fingerprint: string): Promise<PublicKey[]> {
  return ctx.db.publicKey.findMany({ where: { fingerprint } });
}

/** Every SSH key of an account, oldest first. */
export function listAccountKeys(ctx: Pick<ServiceContext, 'db'>, userId: number): Promise<PublicKey[]> {
  return ctx.db.publicKey.findMany({ where: { ownerId: userId, type: USER_KEY }, orderBy: { id: 'asc' } });
}

// ---------------------------------------------------------------------------------------------
// Accounts' keys

/** Whether the viewer sees a key's private information (its kind, owner, read-only flag): its owner and site admins. */
export const viewerManagesKey = (ctx: ServiceContext, key: PublicKey): boolean =>
  isSiteAdmin(ctx.viewer) || (key.ownerId !== null && key.ownerId === ctx.viewer.user?.id);

/** A page of keys, oldest first, with the count of all that match. */
const pageOfKeys = (ctx: ServiceContext, where: Prisma.PublicKeyWhereInput, window: PageWindow): Promise<Page<PublicKey>> =>
  pageFrom(ctx.db.publicKey.findMany({ where, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }), ctx.db.publicKey.count({ where }));

/** An account's keys, oldest first; with a fingerprint, only the key that has it. */
export async function listUserKeys(ctx: ServiceContext, user: User, window: PageWindow, fingerprint?: string | null): Promise<Page<PublicKey>> {
  return pageOfKeys(ctx, { ownerId: user.id, type: USER_KEY, ...(fingerprint ? { fingerprint } : {}) }, window);
}

/** An account's keys for whoever may see the account (404 otherwise). */
export async function listKeysOfLogin(ctx: ServiceContext, login: string, window: PageWindow, fingerprint?: string | null) {
  return listUserKeys(ctx, await getVisibleUser(ctx, login), window, fingerprint);
}

/**
 * The keys with a fingerprint, whoever holds them (accounts' keys and deploy keys), as Gitea answers
 * `GET /user/keys?fingerprint=`: a signed-in caller's lookup across the site.
 */
export async function searchKeysByFingerprint(ctx: ServiceContext, fingerprint: string, window: PageWindow): Promise<Page<PublicKey>> {
  requireUser(ctx.viewer);
  return pageOfKeys(ctx, { fingerprint }, window);
}

/** A key by id for a signed-in caller, as Gitea's `GET /user/keys/{id}` finds it (any key); null when there is none. */
export async function getPublicKey(ctx: ServiceContext, id: number): Promise<PublicKey | null> {
  requireUser(ctx.viewer);
  return ctx.db.publicKey.findUnique({ where: { id } });
}

/** The account a key change acts for: the caller, or (`login` given) an account the caller is or administers. */
async function keyAccount(ctx: ServiceContext, login: string | null | undefined): Promise<User> {
  const viewer = requireUser(ctx.viewer);
  if (login === null || login === undefined) return viewer;
  const user = await findUserByLogin(ctx, login);
  if (!user || user.type !== 'user') throw notFound(`user "${login}" does not exist`);
  requireSelfOrAdmin(ctx.viewer, user);
  return user;
}

/** Adds an SSH key to an account: 422 for what is no acceptable public key, a title the account uses, a key in use. */
export async function addPublicKey(ctx: ServiceContext, login: string | null | undefined, input: AddPublicKeyInput): Promise<PublicKey> {
  const account = await keyAccount(ctx, login);
  const name = checkTitle(input.title);
  const parsed = await parseKey(input.key);
  if (await ctx.db.publicKey.findUnique({ where: { fingerprint: parsed.fingerprint } })) throw invalid(KEY_IN_USE);
  if (await ctx.db.publicKey.findFirst({ where: { ownerId: account.id, name } })) throw invalid(`the title "${name}" is used by another key of this account`);
  try {
    return await ctx.db.publicKey.create({
      data: { ownerId: account.id, name, type: USER_KEY, content: parsed.content, fingerprint: parsed.fingerprint, algorithm: parsed.type, bits: parsed.bits },
    });
  } catch (err) {
    // Added at the same moment by another request.
    if (isUniqueViolation(err)) throw invalid(KEY_IN_USE);
    throw err;
  }
}

/**
 * Deletes an account's key, as Gitea's DeletePublicKey: the account named (the caller, or on the admin route the
 * account in the path) must own it or be a site admin (403); a key that does not exist, or is a deploy key, is 404.
 */
export async function deletePublicKey(ctx: ServiceContext, login: string | null | undefined, id: number): Promise<void> {
  const account = await keyAccount(ctx, login);
  const key = await ctx.db.publicKey.findUnique({ where: { id } });
  if (!key || key.type !== USER_KEY) throw notFound(`public key ${id} does not exist`);
  if (key.ownerId !== account.id && !account.isAdmin) throw forbidden('you do not have access to this key');
  await ctx.db.publicKey.deleteMany({ where: { id } });
}

// ---------------------------------------------------------------------------------------------
// Deploy keys: managed by the repository's admins, as Gitea's API requires (reqAdmin)

const DEPLOY_KEY_INCLUDE = { key: true } as const satisfies Prisma.DeployKeyInclude;

async function adminRepository(ctx: ServiceContext, owner: string, name: string): Promise<RepositoryWithOwner> {
  requireUser(ctx.viewer);
  return (await getRepository(ctx, owner, name, 'admin')).repo;
}

/** A repository already found (GraphQL's Repository): its deploy keys are for its admins only (403). */
async function requireAdmin(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<void> {
  requireUser(ctx.viewer);
  if (!satisfies(await repositoryPermission(ctx, repo), 'admin')) throw forbidden('deploy keys are for the repository\'s admins');
}

/** The deploy keys of a repository, oldest first, filtered by public key id or fingerprint. */
export async function listDeployKeys(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow, filter: DeployKeyFilter = {}): Promise<Page<DeployKeyView>> {
  await requireAdmin(ctx, repo);
  const where: Prisma.DeployKeyWhereInput = {
    repoId: repo.id,
    ...(filter.keyId ? { keyId: filter.keyId } : {}),
    ...(filter.fingerprint ? { fingerprint: filter.fingerprint } : {}),
  };
  const page = await pageFrom(
    ctx.db.deployKey.findMany({ where, include: DEPLOY_KEY_INCLUDE, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }),
    ctx.db.deployKey.count({ where }),
  );
  return { ...page, items: page.items.map((deployKey) => ({ deployKey, repo })) };
}

/** One deploy key of the repository; null when it has none with this id. */
export async function getDeployKey(ctx: ServiceContext, repo: RepositoryWithOwner, id: number): Promise<DeployKeyView | null> {
  await requireAdmin(ctx, repo);
  const deployKey = await ctx.db.deployKey.findFirst({ where: { id, repoId: repo.id }, include: DEPLOY_KEY_INCLUDE });
  return deployKey && { deployKey, repo };
}

/**
 * Adds a deploy key to a repository (Gitea's AddDeployKey), in one transaction: the key's row is made on its first
 * use and shared by the repositories that add it later. 422 for an account's key, a key the repository has, or a
 * title it uses.
 */
export async function addDeployKey(ctx: ServiceContext, owner: string, name: string, input: AddDeployKeyInput): Promise<DeployKeyView> {
  const repo = await adminRepository(ctx, owner, name);
  const title = checkTitle(input.title);
  const parsed = await parseKey(input.key);
  const readOnly = input.readOnly ?? false;
  try {
    const deployKey = await ctx.db.$transaction(async (tx: Tx) => {
      let key = await tx.publicKey.findUnique({ where: { fingerprint: parsed.fingerprint } });
      if (key && key.type !== DEPLOY_KEY) throw invalid('this key is an account\'s key: it cannot be a deploy key');
      key ??= await tx.publicKey.create({
        data: { ownerId: null, name: title, type: DEPLOY_KEY, content: parsed.content, fingerprint: parsed.fingerprint, algorithm: parsed.type, bits: parsed.bits, readOnly },
      });
      if (await tx.deployKey.findFirst({ where: { keyId: key.id, repoId: repo.id } })) throw invalid('this key is a deploy key of this repository already');
      if (await tx.deployKey.findFirst({ where: { repoId: repo.id, name: title } })) throw invalid(`the title "${title}" is used by another deploy key of this repository`);
      return tx.deployKey.create({ data: { keyId: key.id, repoId: repo.id, name: title, fingerprint: key.fingerprint, readOnly }, include: DEPLOY_KEY_INCLUDE });
    });
    return { deployKey, repo };
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid(KEY_IN_USE);
    throw err;
  }
}

/**
 * Adds a deploy token to a repository: a secret that authenticates git over HTTP for this repository alone, reading
 * or (unless read-only) writing its code. Only its digest is kept; the secret is in this answer and never again.
 * 422 for a title another deploy key of the repository uses.
 */
export async function addDeployToken(ctx: ServiceContext, owner: string, name: string, input: AddDeployTokenInput): Promise<DeployKeyView> {
  const repo = await adminRepository(ctx, owner, name);
  const title = checkTitle(input.title);
  const token = newTokenSecret();
  try {
    const deployKey = await ctx.db.$transaction(async (tx: Tx) => {
      if (await tx.deployKey.findFirst({ where: { repoId: repo.id, name: title } })) throw invalid(`the title "${title}" is used by another deploy key of this repository`);
      return tx.deployKey.create({
        data: { keyId: null, repoId: repo.id, name: title, fingerprint: '', readOnly: input.readOnly ?? false, keyType: DEPLOY_TOKEN, tokenHash: tokenDigest(token) },
        include: DEPLOY_KEY_INCLUDE,
      });
    });
    return { deployKey, repo, token };
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid(`the title "${title}" is used by another deploy key of this repository`);
    throw err;
  }
}

/** The deploy token whose secret this is, with its repository's id; null when none is. */
export async function findDeployToken(ctx: Pick<ServiceContext, 'db'>, secret: string): Promise<DeployKey | null> {
  return ctx.db.deployKey.findUnique({ where: { tokenHash: tokenDigest(secret) } });
}

/**
 * Removes a deploy key from a repository; its key goes too when no other repository holds it. A key the
 * repository does not have is 404.
 */
export async function deleteDeployKey(ctx: ServiceContext, owner: string, name: string, id: number): Promise<void> {
  const repo = await adminRepository(ctx, owner, name);
  await ctx.db.$transaction(async (tx: Tx) => {
    const deployKey = await tx.deployKey.findFirst({ where: { id, repoId: repo.id } });
    if (!deployKey) throw notFound(`deploy key ${id} does not exist`);
    await tx.deployKey.delete({ where: { id } });
    const keyId = deployKey.keyId;
    if (keyId !== null && (await tx.deployKey.count({ where: { keyId } })) === 0) await tx.publicKey.deleteMany({ where: { id: keyId, type: DEPLOY_KEY } });
  });
}
