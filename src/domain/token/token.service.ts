import { hasAnyPermission, parseScopes, scopeNames } from '../../auth/scopes.ts';
import { newTokenSecret, tokenDigest } from '../../auth/token-secret.ts';
import { requireSelfOrAdmin } from '../../auth/viewer.ts';
import type { AccessToken, User } from '../../db/models.ts';
import { cachedRead } from '../../cache/cache.ts';
import { badRequest, invalid, notFound, unauthenticated } from '../../errors.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { findUserByLogin } from '../user/user.service.ts';
import type { CreateAccessTokenInput } from './token.inputs.ts';
import { viewerTopic, type ViewerEvent } from '../../events/topics.ts';

/**
 * Token management needs the account's password (basic auth), as in Gitea: a leaked token must not be
 * able to mint more tokens. Site admins may manage any account's tokens.
 */
async function tokenOwner(ctx: ServiceContext, login: string): Promise<User> {
  if (ctx.viewer.method === 'token') throw unauthenticated('managing access tokens requires basic authentication with a password');
  const owner = await findUserByLogin(ctx, login);
  if (!owner || owner.type !== 'user') throw notFound(`user "${login}" does not exist`);
  requireSelfOrAdmin(ctx.viewer, owner);
  return owner;
}

export async function createAccessToken(
  ctx: ServiceContext,
  login: string,
  input: CreateAccessTokenInput,
): Promise<{ token: AccessToken; secret: string }> {
  const owner = await tokenOwner(ctx, login);
  const name = input.name.trim();
  if (!name) throw badRequest('access token name is required');
  const grant = parseScopes(input.scopes);
  if (!hasAnyPermission(grant)) throw badRequest('access token must have a scope');
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw invalid('expiry must be in the future');
  const existing = await ctx.db.accessToken.findFirst({ where: { userId: owner.id, name } });
  if (existing) throw badRequest('access token name has been used already');
  const secret = newTokenSecret();
  const token = await ctx.db.accessToken.create({
    data: {
      userId: owner.id,
      name,
      tokenHash: tokenDigest(secret),
      tokenLastEight: secret.slice(-8),
      scopes: scopeNames(grant).join(','),
      expiresAt: input.expiresAt ?? null,
    },
  });
  await publish(ctx, owner.id, 'ACCESS_TOKEN_CREATED', token);
  return { token, secret };
}

export async function listAccessTokens(ctx: ServiceContext, login: string, window: PageWindow): Promise<Page<AccessToken>> {
  const owner = await tokenOwner(ctx, login);
  // Tokens issued to OAuth2 applications are managed through their grants (src/domain/oauth2), not listed here.
  const where = { userId: owner.id, oauth2GrantId: null };
  return pageFrom(ctx.db.accessToken.findMany({ where, orderBy: { id: 'desc' }, skip: window.offset, take: window.limit }), ctx.db.accessToken.count({ where }));
}

/** Deletes by numeric id or by name; a name shared by several tokens is ambiguous. */
export async function deleteAccessToken(ctx: ServiceContext, login: string, idOrName: string): Promise<void> {
  const owner = await tokenOwner(ctx, login);
  const byId = /^\d+$/.test(idOrName) ? await ctx.db.accessToken.findFirst({ where: { userId: owner.id, id: Number(idOrName), oauth2GrantId: null } }) : null;
  const matches = byId ? [byId] : await ctx.db.accessToken.findMany({ where: { userId: owner.id, name: idOrName, oauth2GrantId: null } });
  if (matches.length === 0) throw notFound(`access token "${idOrName}" does not exist`);
  if (matches.length > 1) throw invalid(`several access tokens are named "${idOrName}": delete by id`);
  await revoke(ctx, matches[0]);
}

/**
 * The token this request was authenticated with (`GET /token`). Any token may read and revoke
 * itself whatever its scopes, as revoking a leaked token must never need more than the token; a request made
 * with a password or a session names no token.
 */
export async function getCurrentAccessToken(ctx: ServiceContext) {
  const tokenId = currentTokenId(ctx);
  const token = await ctx.db.accessToken.findUnique({ where: { id: tokenId } });
  if (!token) throw notFound('the access token of this request does not exist any more');
  return token;
}

/** Revokes the token this request was authenticated with (`DELETE /token`): the next request with it is refused. */
export async function deleteCurrentAccessToken(ctx: ServiceContext): Promise<void> {
  await revoke(ctx, await getCurrentAccessToken(ctx));
}

function currentTokenId(ctx: ServiceContext): number {
  if (!ctx.viewer.user) throw unauthenticated();
  if (ctx.viewer.method !== 'token' || ctx.viewer.tokenId === undefined) {
    throw badRequest('this request was not authenticated with an access token');
  }
  return ctx.viewer.tokenId;
}

async function revoke(ctx: ServiceContext, token: AccessToken): Promise<void> {
  await ctx.db.accessToken.delete({ where: { id: token.id } });
  await ctx.events.publish('token.revoked', { tokenHash: token.tokenHash });
  await publish(ctx, token.userId, 'ACCESS_TOKEN_DELETED', token);
}

async function publish(ctx: ServiceContext, userId: number, kind: ViewerEvent['kind'], token: AccessToken) {
  const event: ViewerEvent = { kind, tokenId: token.id, tokenName: token.name, occurredAt: new Date().toISOString() };
  await ctx.events.publish(viewerTopic(userId), event);
}

/**
 * When this process last wrote each token's last use, per database (token ids are the database's): a cached
 * token keeps the time it was read with (that write changes nothing a cache relies on: src/db/tracking.ts), so
 * this keeps it to one write a minute.
 */
const markedAtByDatabase = new WeakMap<object, Map<number, number>>();

/**
 * The token behind a secret, with its owner; null when unknown. Marks it used (at most once a minute).
 * Through the request's cache, a token seen before costs no query (the cache is told of revocations and
 * account changes by the write itself: src/cache).
 */
export async function findTokenBySecret(ctx: Pick<ServiceContext, 'db' | 'cache'>, secret: string) {
  const digest = tokenDigest(secret);
  const token = await cachedRead(ctx, 'tokenByDigest', digest, () =>
    ctx.db.accessToken.findUnique({ where: { tokenHash: digest }, include: { user: true } }),
  );
  const now = Date.now();
  let markedAt = markedAtByDatabase.get(ctx.db);
  if (!markedAt) markedAtByDatabase.set(ctx.db, (markedAt = new Map()));
  if (token && now - Math.max(token.lastUsedAt?.getTime() ?? 0, markedAt.get(token.id) ?? 0) > 60_000) {
    if (markedAt.size >= 10_000) markedAt.clear();
    markedAt.set(token.id, now);
    ctx.db.accessToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date(now) } }).catch(() => {});
  }
  return token;
}
