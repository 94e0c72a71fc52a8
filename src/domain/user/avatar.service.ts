import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { requireUser } from '../../auth/viewer.ts';
import type { User } from '../../db/models.ts';
import { decodeBase64Image, renderAvatar, type StoredImage } from '../../images/avatar-image.ts';
import type { ServiceContext } from '../../services.ts';
import { storageFor } from '../../storage/stores.ts';

/**
 * Uploaded avatars of accounts, people and organizations alike (who may change one is the caller's rule). The
 * image is re-encoded (src/images) and kept in the avatars store under `<account id>-<md5 of the stored PNG>`,
 * the key in User.avatar; that hash is the image's version in avatar_url and its ETag, so a new image has a new
 * URL and no cache serves the old one. Without one, /avatars/{login} serves the generated picture.
 */

const store = (ctx: Pick<ServiceContext, 'config'>) => storageFor(ctx.config, 'avatars');

/** The version part of an avatar key: the hash of the stored image. */
const versionOf = (key: string) => key.slice(key.indexOf('-') + 1);

/** Where an account's avatar is served: with the uploaded image's version when there is one. */
export function accountAvatarUrl(rootUrl: string, account: Pick<User, 'lowerLogin' | 'avatar'>): string {
  const url = `${rootUrl}avatars/${encodeURIComponent(account.lowerLogin)}`;
  return account.avatar ? `${url}?v=${versionOf(account.avatar)}` : url;
}

/** Sets an account's avatar from a base64 image; the image it replaces is removed once the row points at the new one. */
export async function setAccountAvatar(ctx: ServiceContext, account: User, base64: string): Promise<User> {
  const image = await renderAvatar(ctx.config, decodeBase64Image(base64));
  const key = `${account.id}-${createHash('md5').update(image).digest('hex')}`;
  await store(ctx).put(key, Readable.from([image]));
  const updated = await ctx.db.user.update({ where: { id: account.id }, data: { avatar: key } });
  await ctx.events.publish('user.updated', { userId: account.id });
  if (account.avatar && account.avatar !== key) await store(ctx).delete(account.avatar);
  return updated;
}

/** Removes an account's uploaded avatar (none is not an error, and changes nothing). */
export async function deleteAccountAvatar(ctx: ServiceContext, account: User): Promise<User> {
  if (!account.avatar) return account;
  const updated = await ctx.db.user.update({ where: { id: account.id }, data: { avatar: null } });
  await ctx.events.publish('user.updated', { userId: account.id });
  await store(ctx).delete(account.avatar);
  return updated;
}

/** Removes the stored image of an account that is being deleted. */
export async function forgetAccountAvatar(ctx: Pick<ServiceContext, 'config'>, account: Pick<User, 'avatar'>): Promise<void> {
  if (account.avatar) await store(ctx).delete(account.avatar);
}

/** The signed-in account sets its own avatar. */
export async function setViewerAvatar(ctx: ServiceContext, base64: string): Promise<User> {
  return setAccountAvatar(ctx, await currentViewer(ctx), base64);
}

/** The signed-in account removes its own avatar. */
export async function deleteViewerAvatar(ctx: ServiceContext): Promise<User> {
  return deleteAccountAvatar(ctx, await currentViewer(ctx));
}

/** The viewer's row as it is now (the avatar it replaces must be the stored one, not the one the request began with). */
async function currentViewer(ctx: ServiceContext): Promise<User> {
  const viewer = requireUser(ctx.viewer);
  return (await ctx.db.user.findUnique({ where: { id: viewer.id } })) ?? viewer;
}

/**
 * An account's uploaded avatar, as a stream from the store, or null when it has none to show: public accounts
 * show it to anyone; others only at the URL of their current version (which only those who may see the account
 * are given), so that asking for a hidden account's picture tells nothing about it.
 */
export async function openAccountAvatar(ctx: Pick<ServiceContext, 'config'>, account: User | null, version?: string): Promise<StoredImage | null> {
  if (!account?.avatar) return null;
  const current = versionOf(account.avatar);
  if (account.visibility !== 'public' && version !== current) return null;
  const stat = await store(ctx).stat(account.avatar);
  const stream = stat && (await store(ctx).get(account.avatar));
  if (!stat || !stream) return null;
  // Always PNG: uploads are re-encoded.
  return { stream, size: stat.size, type: 'image/png', version: current };
}
