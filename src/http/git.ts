import express, { type Request, type Response } from 'express';
import { authenticate, type AuthDeps } from '../auth/authenticate.ts';
import { grants } from '../auth/scopes.ts';
import type { Viewer } from '../auth/viewer.ts';
import { DomainError, isDomainError } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { serveSmartHttp } from '../git/http-backend.ts';
import { exists, listRefs } from '../git/repo.ts';
import { CODE_READ, CODE_WRITE } from '../domain/access/access.service.ts';
import { getRepository, recordPush, type RepositoryWithOwner } from '../domain/repo/repo.service.ts';
import { repositoryPath } from '../domain/repo/storage.ts';
import { credentialsOf } from './authenticate.ts';

const SERVICES = new Set(['git-upload-pack', 'git-receive-pack']);

function plain(res: Response, status: number, message: string) {
  if (status === 401) res.setHeader('WWW-Authenticate', 'Basic realm="Graft"');
  res.status(status).type('text/plain').send(`${message}\n`);
}

/**
 * git over HTTP: /{owner}/{repo}(.git)/info/refs, /git-upload-pack, /git-receive-pack. Access is the same
 * access model as the APIs; anonymous callers are asked for credentials (401) where reading needs them and
 * for every push.
 */
export function createGitRouter(deps: AuthDeps & { events: EventBus }) {
  const router = express.Router();
  const handle = (endpoint: 'info/refs' | 'git-upload-pack' | 'git-receive-pack') => async (req: Request, res: Response) => {
    if (deps.config.repository.HTTP_GIT_DISABLED) return plain(res, 403, 'git over HTTP is disabled on this server');
    const owner = String(req.params.owner);
    const name = String(req.params.repo).replace(/\.git$/, '');
    const service = endpoint === 'info/refs' ? String(req.query.service ?? '') : endpoint;
    if (!SERVICES.has(service)) return plain(res, 403, 'only the smart HTTP protocol is supported');
    const writing = service === 'git-receive-pack';

    let viewer: Viewer;
    try {
      viewer = (await authenticate(deps, credentialsOf(req))).viewer;
    } catch (err) {
      if (isDomainError(err)) return plain(res, err.kind === 'FORBIDDEN' ? 403 : 401, err.message);
      throw err;
    }
    if (viewer.grant && !grants(viewer.grant, 'repository', writing ? 'write' : 'read')) {
      return plain(res, 403, `token does not have the ${writing ? 'write' : 'read'}:repository scope`);
    }
    const ctx = { ...deps, viewer };
    let repo: RepositoryWithOwner;
    try {
      repo = (await getRepository(ctx, owner, name, writing ? CODE_WRITE : CODE_READ)).repo;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      // Anonymous callers get a challenge, so git asks for credentials; others learn nothing more than 404.
      if (!viewer.user) return plain(res, 401, 'authentication required');
      return plain(res, err.kind === 'FORBIDDEN' ? 403 : 404, err.message);
    }
    if (!repo.hasCode) return plain(res, 404, 'the code of this repository is switched off (has_code is false)');
    if (writing && repo.isArchived) return plain(res, 403, 'this repository is archived: it is read-only');

    const gitDir = repositoryPath(deps.config, repo.id);
    const before = writing && endpoint !== 'info/refs' ? await listRefs(gitDir) : null;
    await serveSmartHttp({ gitDir, endpoint, req, res, remoteUser: viewer.user?.login, beforeEnd: before ? () => afterPush(before) : undefined });

    async function afterPush(before: Awaited<ReturnType<typeof listRefs>>) {
      // The repository may have been deleted while the push ran: then there is nothing to record.
      if (!(await exists(gitDir))) return;
      const after = await listRefs(gitDir);
      const old = new Map(before.map((r) => [r.name, r.oid]));
      const now = new Map(after.map((r) => [r.name, r.oid]));
      const zero = '0'.repeat(repo.objectFormat === 'sha256' ? 64 : 40);
      const changes = [...new Set([...old.keys(), ...now.keys()])]
        .filter((ref) => old.get(ref) !== now.get(ref))
        .map((ref) => ({ ref, before: old.get(ref) ?? zero, after: now.get(ref) ?? zero }));
      if (changes.length) await recordPush(deps, repo, changes, viewer.user);
    }
  };
  router.get('/:owner/:repo/info/refs', handle('info/refs'));
  router.post('/:owner/:repo/git-upload-pack', handle('git-upload-pack'));
  router.post('/:owner/:repo/git-receive-pack', handle('git-receive-pack'));
  return router;
}
