import express, { type Request, type Response } from 'express';
import type { Config } from '../config/defaults.ts';
import { openAvatar } from '../domain/repo/avatar.service.ts';
import { sendError } from './errors.ts';
import { sendStoredImage } from './stored-image.ts';

/**
 * `/repo-avatars/{key}`: a repository's avatar image, where its avatar_url points. Public, as Gitea serves them:
 * the key holds a hash of the bytes, so it is not guessed, and a new image has a new key (cached for long).
 */
export function createRepoAvatars(deps: { config: Config }) {
  const router = express.Router();
  router.get('/repo-avatars/:key', async (req: Request, res: Response) => {
    const avatar = await openAvatar(deps, String(req.params.key));
    if (!avatar) return sendError(res, 404, 'no such avatar');
    await sendStoredImage(req, res, avatar, 'public, max-age=31536000, immutable');
  });
  return router;
}
