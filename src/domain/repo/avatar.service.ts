import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { checkAvatarImage, decodeBase64Image, imageTypeOf, type StoredImage } from '../../images/avatar-image.ts';
import { transactionWithEvents } from '../../events/outbox.ts';
import type { ServiceContext } from '../../services.ts';
import { storageFor } from '../../storage/stores.ts';
import { getRepository } from './repo.service.ts';

/**
 * A repository's avatar: an image kept in the repo-avatars store under a key made of the repository id and a
 * hash of the bytes (as Gitea names them), so a new image gets a new URL and caches never serve the old one.
 */

const store = (ctx: Pick<ServiceContext, 'config'>) => storageFor(ctx.config, 'repo-avatars');

const KEY = /^\d+-[0-9a-f]{32}$/;

/** Sets a repository's avatar (repository admins), publishing repo.updated; the image it replaces is removed after the row changes. */
export async function setAvatar(ctx: ServiceContext, ownerLogin: string, name: string, base64: string): Promise<void> {
  const { repo } = await getRepository(ctx, ownerLogin, name, 'admin');
  // Checked as account avatars are (src/images), but kept as uploaded: its type and bytes are served unchanged.
  const data = decodeBase64Image(base64);
  await checkAvatarImage(ctx.config, data);
  const key = `${repo.id}-${createHash('md5').update(data).digest('hex')}`;
  await store(ctx).put(key, Readable.from([data]));
  await transactionWithEvents(ctx, async (tx, publish) => {
    await tx.repository.update({ where: { id: repo.id }, data: { avatar: key } });
    await publish('repo.updated', { repoId: repo.id });
  });
  if (repo.avatar && repo.avatar !== key) await store(ctx).delete(repo.avatar);
}

/** Removes a repository's avatar (repository admins), publishing repo.updated; none is not an error. */
export async function deleteAvatar(ctx: ServiceContext, ownerLogin: string, name: string): Promise<void> {
  const { repo } = await getRepository(ctx, ownerLogin, name, 'admin');
  if (!repo.avatar) return;
  await transactionWithEvents(ctx, async (tx, publish) => {
    await tx.repository.update({ where: { id: repo.id }, data: { avatar: null } });
    await publish('repo.updated', { repoId: repo.id });
  });
  await store(ctx).delete(repo.avatar);
}

/**
 * An avatar by its key, as a stream from the store with its size and type (avatars are public, as in Gitea); null
 * when there is none. The type is told from its first bytes, read apart, so the image itself is never buffered.
 */
export async function openAvatar(ctx: Pick<ServiceContext, 'config'>, key: string): Promise<StoredImage | null> {
  if (!KEY.test(key)) return null;
  const stat = await store(ctx).stat(key);
  const head = stat && (await store(ctx).get(key, { start: 0, end: Math.min(stat.size, 12) - 1 }));
  if (!stat || !head) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of head) chunks.push(chunk as Buffer);
  const stream = await store(ctx).get(key);
  if (!stream) return null;
  return { stream, size: stat.size, type: imageTypeOf(Buffer.concat(chunks)) ?? 'application/octet-stream', version: key }; // the key holds a hash of the bytes
}
