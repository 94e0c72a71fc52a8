import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config/defaults.ts';
import type { EventBus } from '../events/bus.ts';
import type { Db } from '../db/client.ts';
import { isDomainError } from '../errors.ts';
import { getRepository } from '../domain/repo/repo.service.ts';
import { getVisibleUser } from '../domain/user/user.service.ts';
import { cacheOf, viewerOf } from './authenticate.ts';
import { fromProjectRoot } from '../paths.ts';

/** Where npm install (src/web/build.ts) puts the built interface. */
export const WEB_BUILD_DIR = fromProjectRoot('dist/web');
const ASSETS_PREFIX = '/-/assets/';

/**
 * Scripts only from this server's files: no inline script, no eval. Styles may be inline (highlighted code
 * carries its colours in style attributes). Images may come from anywhere a Markdown text points to.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** First path segments that are pages of the site, not account names (they are reserved: user.rules.ts). */
const SITE_PAGES = new Set(['', 'explore', 'user', 'notifications', '-', 'org', 'repo', 'admin', 'login']);

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
}
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

/**
 * The web interface, served by Graft itself: hashed assets for a year (`immutable`; compressed once, on
 * first request), and the HTML shell for every page URL, never cached, with the Content-Security-Policy. A
 * page of an account or repository the viewer may not see has the status 404 (the shell then shows the
 * not-found page), so crawlers and tools see what a person sees.
 */
export function createWebInterface(deps: { db: Db; config: Config; events: EventBus }, authenticate: RequestHandler, buildDir = WEB_BUILD_DIR): RequestHandler {
  const assets = new Map<string, Promise<Asset | null>>();
  let shell: string | undefined;
  const loadShell = () => (shell ??= existsSync(path.join(buildDir, 'index.html')) ? readFileSync(path.join(buildDir, 'index.html'), 'utf8') : undefined);

  const asset = (name: string) => {
    let found = assets.get(name);
    if (!found) {
      const file = path.join(buildDir, ASSETS_PREFIX, name);
      // The build wrote each asset's compressed forms beside it (src/web/build.ts); what lacks them is compressed now.
      const compressed = (suffix: string, compress: () => Promise<Buffer>) => readFile(`${file}${suffix}`).catch(compress);
      found = readFile(file).then(
        async (body) => ({
          type: TYPES[path.extname(name)] ?? 'application/octet-stream',
          body,
          gzip: await compressed('.gz', () => promisify(gzip)(body)),
          br: await compressed('.br', () => promisify(brotliCompress)(body)),
        }),
        () => null,
      );
      assets.set(name, found);
    }
    return found;
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith(ASSETS_PREFIX)) {
      const name = req.path.slice(ASSETS_PREFIX.length);
      if (!/^[\w.-]+$/.test(name) || /\.(br|gz)$/.test(name)) return next();
      return void asset(name).then((found) => (found ? sendAsset(req, res, found) : next()), next);
    }
    if (!(req.headers.accept ?? '').includes('text/html')) return next();
    const html = loadShell();
    if (!html) return next();
    authenticate(req, res, (err?: unknown) => {
      if (err) return next(err);
      pageStatus(deps, req, res).then((status) => {
        res.status(status);
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Referrer-Policy', 'same-origin');
        res.end(req.method === 'HEAD' ? undefined : html);
      }, next);
    });
  };
}

function sendAsset(req: Request, res: Response, asset: Asset) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepts) ? ['br', asset.br] : /\bgzip\b/.test(accepts) ? ['gzip', asset.gzip] : [null, asset.body];
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** 404 for the page of an account or repository that does not exist or is hidden from the viewer. */
async function pageStatus(deps: { db: Db; config: Config; events: EventBus }, req: Request, res: Response): Promise<number> {
  const [owner = '', repo] = req.path.split('/').filter(Boolean).map((s) => safeDecode(s));
  if (SITE_PAGES.has(owner.toLowerCase())) return 200;
  const ctx = { ...deps, viewer: viewerOf(res), cache: cacheOf(res) };
  try {
    if (repo === undefined) await getVisibleUser(ctx, owner);
    else await getRepository(ctx, owner, repo.replace(/\.git$/, ''));
    return 200;
  } catch (err) {
    if (isDomainError(err) && (err.kind === 'NOT_FOUND' || err.kind === 'FORBIDDEN')) return 404;
    throw err;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
