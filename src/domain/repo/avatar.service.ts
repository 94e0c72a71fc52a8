import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { badRequest, invalid } from '../../errors.ts';
import { transactionWithEvents } from '../../events/outbox.ts';
import type { ServiceContext } from '../../services.ts';
import { storageFor } from '../../storage/stores.ts';
import { getRepository } from './repo.service.ts';

/**
 * A repository's avatar: an image kept in the repo-avatars store under a key made of the repository id and a
 * hash of the bytes (as Gitea names them), so a new image gets a new URL and caches never serve the old one.
 */

/** Gitea's default AVATAR_MAX_FILE_SIZE. */
export const MAX_AVATAR_BYTES = 1024 * 1024;

const store = (ctx: Pick<ServiceContext, 'config'>) => storageFor(ctx.config, 'repo-avatars');

const KEY = /^\d+-[0-9a-f]{32}$/;

/** PNG, JPEG, GIF or WebP, told by their first bytes; null for anything else. */
export function imageTypeOf(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

function decodeImage(base64: string): Buffer {
  const compact = base64.replace(/\s/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw badRequest('image is not valid base64');
  const data = Buffer.from(compact, 'base64');
  if (data.length === 0) throw invalid('image is empty');
  if (data.length > MAX_AVATAR_BYTES) throw invalid(`image is larger than ${MAX_AVATAR_BYTES} bytes`);
  if (!imageTypeOf(data)) throw invalid('image must be a PNG, JPEG, GIF or WebP file');
  return data;
}

/** Sets a repository's avatar (repository admins), publishing repo.updated; the image it replaces is removed after the row changes. */
export async function setAvatar(ctx: ServiceContext, ownerLogin: string, name: string, base64: string): Promise<void> {
  const { repo } = await getRepository(ctx, ownerLogin, name, 'admin');
  const data = decodeImage(base64);
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

/** The bytes and type of an avatar by its key (avatars are public, as in Gitea); null when there is none. */
export async function openAvatar(ctx: Pick<ServiceContext, 'config'>, key: string): Promise<{ data: Buffer; type: string } | null> {
  if (!KEY.test(key)) return null;
  const stream = await store(ctx).get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const data = Buffer.concat(chunks);
  return { data, type: imageTypeOf(data) ?? 'application/octet-stream' };
}
