import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { tokenDigest } from '../../src/auth/token-secret.ts';
import type { Db } from '../../src/db/client.ts';

export interface FloorServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The floor: a bare express app with one handler doing the one database read GET /user needs (the
 * token by digest, with its user) on Graft's own Prisma client, and answering with the user as JSON.
 * No middleware, no GraphQL, no validation: what is left is HTTP + express + Prisma.
 */
export async function startFloor(db: Db, rootUrl: string): Promise<FloorServer> {
  const web = express();
  web.disable('x-powered-by');
  web.get('/api/v1/user', async (req, res, next) => {
    try {
      const match = /^token\s+([0-9a-f]{40})$/i.exec(req.headers.authorization?.trim() ?? '');
      if (!match) return void res.status(401).json({ message: 'token required' });
      const token = await db.accessToken.findUnique({ where: { tokenHash: tokenDigest(match[1]) }, include: { user: true } });
      if (!token) return void res.status(401).json({ message: 'the access token is not valid' });
      const user = token.user;
      // The same shape as the REST facade's User, minus fields it answers with constants.
      res.json({
        id: user.id,
        login: user.login,
        login_name: user.loginName,
        source_id: user.loginSource,
        full_name: user.fullName,
        email: user.email,
        avatar_url: `${rootUrl}avatars/${encodeURIComponent(user.lowerLogin)}`,
        html_url: `${rootUrl}${encodeURIComponent(user.login)}`,
        language: user.language,
        is_admin: user.isAdmin,
        last_login: user.lastLoginAt?.toISOString() ?? '0001-01-01T00:00:00Z',
        created: user.createdAt.toISOString(),
        restricted: user.restricted,
        active: user.isActive,
        prohibit_login: user.prohibitLogin,
        location: user.location,
        website: user.website,
        description: user.description,
        visibility: user.visibility,
        username: user.login,
      });
    } catch (err) {
      next(err);
    }
  });

  const server = http.createServer(web);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
