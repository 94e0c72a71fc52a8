/**
 * The floor, in a process of its own (started by run.ts): a bare express app with one handler doing the
 * one read GET /user needs (the token by digest, joined with its user) straight through the driver, with a
 * statement prepared once (better-sqlite3; on PostgreSQL a named pg statement), answering with the user
 * as JSON. No middleware, no ORM, no GraphQL, no validation: what is left is HTTP + express + one row.
 *
 * Started with BENCH_FLOOR_SQLITE=<file> or BENCH_FLOOR_PG=<connection string> and BENCH_FLOOR_PG_SCHEMA;
 * sends { type: 'ready', url } over IPC and exits when the bench disconnects.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { tokenDigest } from '../../src/auth/token-secret.ts';

type Row = Record<string, unknown>;

const USER_BY_TOKEN =
  'SELECT u."id", u."login", u."lowerLogin", u."loginName", u."loginSource", u."fullName", u."email", u."language", u."isAdmin", ' +
  'u."lastLoginAt", u."createdAt", u."restricted", u."isActive", u."prohibitLogin", u."location", u."website", u."description", u."visibility" ' +
  'FROM "AccessToken" t JOIN "User" u ON u."id" = t."userId" WHERE t."tokenHash" = $1';

async function openLookup(): Promise<(digest: string) => Promise<Row | undefined>> {
  const sqliteFile = process.env.BENCH_FLOOR_SQLITE;
  if (sqliteFile) {
    const { default: Sqlite } = await import('better-sqlite3');
    const db = new Sqlite(sqliteFile, { readonly: true, fileMustExist: true });
    const statement = db.prepare(USER_BY_TOKEN.replace('$1', '?'));
    return async (digest) => statement.get(digest) as Row | undefined;
  }
  const pgUrl = process.env.BENCH_FLOOR_PG;
  if (!pgUrl) throw new Error('floor: set BENCH_FLOOR_SQLITE or BENCH_FLOOR_PG');
  const { default: pg } = await import('pg');
  const schema = process.env.BENCH_FLOOR_PG_SCHEMA;
  const pool = new pg.Pool({ connectionString: pgUrl, max: 10, ...(schema ? { options: `-c search_path="${schema}"` } : {}) });
  return async (digest) => (await pool.query({ name: 'user-by-token', text: USER_BY_TOKEN, values: [digest] })).rows[0];
}

const iso = (value: unknown) => (value == null ? null : new Date(value as string | number).toISOString());

const lookup = await openLookup();
const rootUrl = process.env.BENCH_FLOOR_ROOT_URL ?? 'http://127.0.0.1/';
const web = express();
web.disable('x-powered-by');
web.get('/api/v1/user', async (req, res, next) => {
  try {
    const match = /^token\s+([0-9a-f]{40})$/i.exec(req.headers.authorization?.trim() ?? '');
    if (!match) return void res.status(401).json({ message: 'token required' });
    const user = await lookup(tokenDigest(match[1]));
    if (!user) return void res.status(401).json({ message: 'the access token is not valid' });
    // The same shape as the REST facade's User, minus the fields it answers with constants.
    res.json({
      id: user.id,
      login: user.login,
      login_name: user.loginName,
      source_id: user.loginSource,
      full_name: user.fullName,
      email: user.email,
      avatar_url: `${rootUrl}avatars/${encodeURIComponent(String(user.lowerLogin))}`,
      html_url: `${rootUrl}${encodeURIComponent(String(user.login))}`,
      language: user.language,
      is_admin: !!user.isAdmin,
      last_login: iso(user.lastLoginAt) ?? '0001-01-01T00:00:00Z',
      created: iso(user.createdAt),
      restricted: !!user.restricted,
      active: !!user.isActive,
      prohibit_login: !!user.prohibitLogin,
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
process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}/` });
process.on('disconnect', () => process.exit(0));
process.on('message', (message: { type?: string }) => message.type === 'stop' && process.exit(0));
