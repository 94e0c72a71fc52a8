import { createHash } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import type { Caches } from '../cache/cache.ts';
import type { Config } from '../config/defaults.ts';
import type { Db } from '../db/client.ts';
import { openAccountAvatar } from '../domain/user/avatar.service.ts';
import { findUserByLogin } from '../domain/user/user.service.ts';
import { sendStoredImage } from './stored-image.ts';

/**
 * `/avatars/{login}`: where an account's avatar_url points. An uploaded avatar is streamed from the avatars store
 * (src/domain/user/avatar.service.ts says to whom); otherwise the generated default: the name's first letter on a
 * disc whose colour comes from the name, the same for every request (an ETag lets browsers keep it), for any name
 * asked, so it reveals nothing.
 */
export function createAccountAvatars(deps: { db: Db; config: Config; caches?: Caches }) {
  const router = express.Router();
  router.get('/avatars/:login', async (req: Request, res: Response) => {
    const login = String(req.params.login).toLowerCase();
    const version = typeof req.query.v === 'string' ? req.query.v : undefined;
    const cache = deps.caches ? await deps.caches.view() : undefined;
    const account = await findUserByLogin({ db: deps.db, cache }, login);
    const uploaded = await openAccountAvatar(deps, account, version);
    // The image at its versioned URL never changes, so it is kept for a year; at the bare URL it may change at
    // any time, so caches keep it but ask again (the ETag makes that a 304).
    if (uploaded) return sendStoredImage(req, res, uploaded, version === uploaded.version ? 'public, max-age=31536000, immutable' : 'public, no-cache');
    const digest = createHash('sha256').update(login).digest();
    const etag = `"${digest.subarray(0, 8).toString('hex')}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    if (req.headers['if-none-match'] === etag) return void res.status(304).end();
    const hue = digest.readUInt16BE(0) % 360;
    const letter = escapeXml((Array.from(login)[0] ?? '?').toUpperCase());
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
      `<rect width="128" height="128" fill="hsl(${hue} 45% 45%)"/>` +
      `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="64" fill="#fff">${letter}</text></svg>`;
    res.setHeader('Content-Type', 'image/svg+xml');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.end(req.method === 'HEAD' ? undefined : svg);
  });
  return router;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
