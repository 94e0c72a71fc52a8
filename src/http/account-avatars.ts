import { createHash } from 'node:crypto';
import express, { type Request, type Response } from 'express';

/**
 * `/avatars/{login}`: where an account's avatar_url points. Accounts have no uploaded picture yet, so this is
 * the generated default: the name's first letter on a disc whose colour comes from the name, the same for
 * every request (an ETag lets browsers keep it). It reveals nothing: anyone may ask for any name.
 */
export function createAccountAvatars() {
  const router = express.Router();
  router.get('/avatars/:login', (req: Request, res: Response) => {
    const login = String(req.params.login).toLowerCase();
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
