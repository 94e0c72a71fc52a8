import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Config } from '../config/defaults.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { CODE_READ, satisfies } from '../domain/access/access.service.ts';
import { archiveTarget, getContents, resolveRef } from '../domain/contents/contents.service.ts';
import { getRepository } from '../domain/repo/repo.service.ts';
import { repositoryPath } from '../domain/repo/storage.ts';
import { isDomainError, notFound } from '../errors.ts';
import { cacheOf, viewerOf } from './authenticate.ts';
import type { DownloadStreams } from './download-streams.ts';
import { STATUS_OF, sendError } from './errors.ts';

type Deps = { db: Db; config: Config; events: EventBus };

/**
 * The web interface's download links, at Gitea's URLs: `/{owner}/{repo}/raw/{branch|tag|commit}/{ref}/{path}` (a
 * file's bytes) and `/{owner}/{repo}/archive/{ref}.{zip|tar.gz}`. The viewer is the session's (or the API
 * credentials'); a repository, or its code, the viewer may not read is 404, as if it did not exist. The bytes
 * stream from git as the REST facade's downloads do (downloads.ts).
 */
export function createCodeDownloads(deps: Deps, authenticate: RequestHandler, streams: DownloadStreams) {
  const router = express.Router();

  router.get(/^\/([^/]+)\/([^/]+)\/raw\/(branch|tag|commit)\/(.+)$/, authenticate, (req, res, next) =>
    handle(res, next, async () => {
      const [owner, name, kind, rest] = params(req, 4);
      const repo = await readableRepository(deps, res, owner, name);
      const { ref, path } = await splitRef(deps.config, repo.id, kind as 'branch' | 'tag' | 'commit', rest);
      const { entry } = await getContents(deps, repo, { ref, path });
      if (entry.type !== 'file' && entry.type !== 'symlink') throw notFound(`"${path}" is not a file`);
      await streams.send({ kind: 'blob', repositoryId: repo.id, oid: entry.oid, size: entry.size, path: entry.path, etag: `"${entry.oid}"` }, req, res);
    }),
  );

  router.get(/^\/([^/]+)\/([^/]+)\/archive\/(.+\.(?:zip|tar\.gz))$/, authenticate, (req, res, next) =>
    handle(res, next, async () => {
      const [owner, name, archive] = params(req, 3);
      const repo = await readableRepository(deps, res, owner, name);
      const target = await archiveTarget(deps, repo, archive, []);
      await streams.send(
        { kind: 'archive', repositoryId: repo.id, oid: target.commitOid, format: target.format as 'zip' | 'tar.gz', filename: target.fileName, prefix: target.prefix, paths: target.paths },
        req,
        res,
      );
    }),
  );
  return router;
}

function params(req: Request, count: number): string[] {
  return Array.from({ length: count }, (_, i) => decodeURIComponent(String((req.params as Record<string, string>)[i])));
}

async function handle(res: Response, next: (err?: unknown) => void, run: () => Promise<void>) {
  try {
    await run();
  } catch (err) {
    if (isDomainError(err)) return sendError(res, err.kind === 'FORBIDDEN' ? 404 : STATUS_OF[err.kind], err.message);
    next(err);
  }
}

/** The repository when the viewer may read its code; 404 otherwise (a private repository is not revealed). */
async function readableRepository(deps: Deps, res: Response, owner: string, name: string) {
  const ctx = { ...deps, viewer: viewerOf(res), cache: cacheOf(res) };
  const { repo, permission } = await getRepository(ctx, owner, name.replace(/\.git$/, ''));
  if (!satisfies(permission, CODE_READ)) throw notFound(`repository ${owner}/${name} does not exist`);
  return repo;
}

/** `{ref}/{path}` of the kind the URL names: the shortest leading part that is such a branch or tag, or a commit id. */
async function splitRef(config: Config, repoId: number, kind: 'branch' | 'tag' | 'commit', rest: string): Promise<{ ref: string; path: string }> {
  const parts = rest.split('/');
  const gitDir = repositoryPath(config, repoId);
  if (kind === 'commit') return { ref: parts[0], path: parts.slice(1).join('/') };
  for (let i = 1; i < parts.length; i++) {
    const ref = `refs/${kind === 'branch' ? 'heads' : 'tags'}/${parts.slice(0, i).join('/')}`;
    if (await resolveRef(gitDir, ref)) return { ref, path: parts.slice(i).join('/') };
  }
  throw notFound(`no ${kind} in "${rest}"`);
}
