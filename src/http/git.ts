import express, { type Request, type Response } from 'express';
import { authenticate, tokenInBasicCredentials, type AuthDeps } from '../auth/authenticate.ts';
import { grants } from '../auth/scopes.ts';
import { anonymousViewer, type Viewer } from '../auth/viewer.ts';
import type { DeployKey } from '../db/models.ts';
import { findDeployToken } from '../domain/key/key.service.ts';
import type { Pusher } from '../domain/protection/protection.rules.ts';
import { DomainError, isDomainError } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { acceptsEncoding, serveSmartHttp, type GitService } from '../git/smart-http.ts';
import type { RefCommand } from '../git/pkt-line.ts';
import { exists } from '../git/repo.ts';
import { CODE_READ, CODE_WRITE } from '../domain/access/access.service.ts';
import { NEW_WIKI_BRANCH, WIKI_READ, WIKI_WRITE } from '../domain/wiki/wiki.service.ts';
import { adoptPushedBranch, ensureWikiRepository } from '../git/wiki.ts';
import type { ObjectFormat } from '../git/repo.ts';
import { findRepositoryByName, getRepository, recordPush, type RepositoryWithOwner } from '../domain/repo/repo.service.ts';
import { getWritableRepository, refuseArchived } from '../domain/repo/writable.ts';
import { repositoryPath, wikiRepositoryPath } from '../domain/repo/storage.ts';
import { pushDecisions } from '../domain/protection/protection.service.ts';
import { credentialsOf } from './authenticate.ts';
import type { Caches } from '../cache/cache.ts';

const isService = (name: string): name is GitService => name === 'git-upload-pack' || name === 'git-receive-pack';

/** A push to an archived repository: 403 with Gitea's sentence, as Gitea's git over HTTP answers (not its API's 423). */
const PUSH_TO_ARCHIVED = 'This repo is archived. You can view files and clone it, but cannot push or open issues/pull-requests.';

function plain(res: Response, status: number, message: string) {
  if (status === 401) res.setHeader('WWW-Authenticate', 'Basic realm="Graft"');
  res.status(status).type('text/plain').send(`${message}\n`);
}

/**
 * git over HTTP: /{owner}/{repo}(.git)/info/refs, /git-upload-pack, /git-receive-pack. Access is the same
 * access model as the APIs; anonymous callers are asked for credentials (401) where reading needs them and
 * for every push.
 */
export function createGitRouter(deps: AuthDeps & { events: EventBus; caches?: Caches }) {
  const router = express.Router();
  /** `service` is the POST's; info/refs (advertise) names it in the query. */
  const handle = (advertise: boolean, posted?: GitService) => async (req: Request, res: Response) => {
    if (deps.config.repository.HTTP_GIT_DISABLED) return plain(res, 403, 'git over HTTP is disabled on this server');
    const owner = String(req.params.owner);
    const path = String(req.params.repo).replace(/\.git$/, '');
    // <repo>.wiki(.git) is the repository's wiki: the same access rules, decided by the wiki unit.
    const wiki = path.endsWith('.wiki') && path.length > '.wiki'.length;
    const name = wiki ? path.slice(0, -'.wiki'.length) : path;
    const asked = posted ?? String(req.query.service ?? '');
    if (!isService(asked)) return plain(res, 403, 'only the smart HTTP protocol is supported');
    const service: GitService = asked;
    if (!advertise && req.headers['content-type'] !== `application/x-${service}-request`) {
      return plain(res, 415, `a ${service} request has the content type application/x-${service}-request`);
    }
    if (!acceptsEncoding(req.headers['content-encoding'])) return plain(res, 415, 'request bodies may be sent plain or gzip-compressed only');
    const writing = service === 'git-receive-pack';

    // The account, its token and the repository come from the app's caches, as for the APIs: each of a
    // clone's or push's requests would otherwise read them again.
    const cache = deps.caches ? await deps.caches.view() : undefined;
    const credentials = credentialsOf(req);
    let viewer: Viewer;
    let deployToken: DeployKey | null = null;
    try {
      viewer = (await authenticate({ ...deps, cache }, credentials)).viewer;
    } catch (err) {
      if (!isDomainError(err)) throw err;
      // A token no account has may be a deploy token of a repository: looked up only then, so that accounts'
      // tokens cost nothing more.
      const secret = err.kind === 'UNAUTHENTICATED' ? tokenInBasicCredentials(credentials) : null;
      deployToken = secret ? await findDeployToken(deps, secret) : null;
      if (!deployToken) return plain(res, err.kind === 'FORBIDDEN' ? 403 : 401, err.message);
      viewer = anonymousViewer;
    }
    const ctx = { ...deps, cache, viewer };
    let repo: RepositoryWithOwner;
    let pusher: Pusher | undefined;
    if (deployToken) {
      // A deploy token opens its own repository alone, for reading, and for writing unless it is read-only.
      const found = await findRepositoryByName(ctx, owner, name);
      if (!found || found.id !== deployToken.repoId) return plain(res, 403, 'this deploy token is not one of this repository');
      if (writing && deployToken.readOnly) return plain(res, 403, 'this deploy token may only read');
      try {
        if (writing) refuseArchived(found);
      } catch {
        return plain(res, 403, PUSH_TO_ARCHIVED);
      }
      repo = found;
      pusher = { userId: null, teamIds: [], writesCode: !deployToken.readOnly, deployKey: true };
    } else {
      // Nobody pushes anonymously: the challenge comes at once, with no repository looked up (git's first
      // request of every push comes without credentials, whatever the URL holds).
      if (writing && !viewer.user) return plain(res, 401, 'authentication required');
      if (viewer.grant && !grants(viewer.grant, 'repository', writing ? 'write' : 'read')) {
        return plain(res, 403, `token does not have the ${writing ? 'write' : 'read'}:repository scope`);
      }
      try {
        const need = wiki ? (writing ? WIKI_WRITE : WIKI_READ) : writing ? CODE_WRITE : CODE_READ;
        repo = (await (writing ? getWritableRepository(ctx, owner, name, need) : getRepository(ctx, owner, name, need))).repo;
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        if (err.kind === 'LOCKED') return plain(res, 403, PUSH_TO_ARCHIVED);
        // Anonymous callers get a challenge, so git asks for credentials; others learn nothing more than 404.
        if (!viewer.user) return plain(res, 401, 'authentication required');
        return plain(res, err.kind === 'FORBIDDEN' ? 403 : 404, err.message);
      }
    }
    if (wiki) return serveWiki(repo);
    if (!repo.hasCode) return plain(res, 404, 'the code of this repository is switched off (has_code is false)');

    const gitDir = repositoryPath(deps.config, repo.id);
    const pushing = writing && !advertise;
    // Branch protection: what the rules allow this pusher, checked by receive-pack's pre-receive hook.
    const pushRules = pushing ? await pushDecisions(ctx, repo, pusher) : undefined;
    // The repository's own hooks run only where the server allows them (they run with its rights).
    const customHooks = pushing && !deps.config.security.DISABLE_GIT_HOOKS;
    await serveSmartHttp({ gitDir, service, advertise, req, res, remoteUser: viewer.user?.login, afterUpdate: pushing ? afterPush : undefined, pushRules, customHooks });

    /**
     * The wiki's own repository: 404 when the wiki is switched off, or (for reading) while it has no page yet; a
     * push creates it, as the first page written through the API does. Branch protection is the code's: not here.
     */
    async function serveWiki(found: RepositoryWithOwner) {
      if (!found.hasWiki) return plain(res, 404, 'the wiki of this repository is switched off (has_wiki is false)');
      const wikiDir = wikiRepositoryPath(deps.config, found.id);
      if (writing) await ensureWikiRepository(wikiDir, { objectFormat: found.objectFormat as ObjectFormat, defaultBranch: NEW_WIKI_BRANCH });
      else if (!(await exists(wikiDir))) return plain(res, 404, 'this repository has no wiki yet');
      const afterWikiPush = async (changes: RefCommand[]) => {
        // A wiki's first branch pushed under another name than HEAD's becomes the branch pages are read from.
        const branches = changes.filter((c) => c.ref.startsWith('refs/heads/') && !/^0+$/.test(c.after));
        if (branches.length) await adoptPushedBranch(wikiDir, branches.map((c) => c.ref.slice('refs/heads/'.length)));
      };
      await serveSmartHttp({ gitDir: wikiDir, service, advertise, req, res, remoteUser: viewer.user?.login, afterUpdate: writing && !advertise ? afterWikiPush : undefined });
    }

    /** Post-receive: what the push changed (as git reported it) is recorded before the client hears back. */
    async function afterPush(changes: RefCommand[]) {
      if (!changes.length) return;
      // The repository may have been deleted while the push ran: then there is nothing to record.
      if (!(await exists(gitDir))) return;
      await recordPush(deps, repo, changes, viewer.user);
      // The push rewrote the repository's row (its size, its state), which takes it out of the cache. A push
      // is mostly followed by fetches of the same repository (CI) and reads through the API: the row is
      // read back into the cache once the answer to the push is out, instead of by the next request.
      setImmediate(() => void readBack());
    }

    /** Only warms the cache: whatever fails here (a repository deleted meanwhile, a server stopping) is let go. */
    async function readBack() {
      try {
        const fresh = deps.caches ? await deps.caches.view() : undefined;
        await getRepository({ ...deps, cache: fresh, viewer }, owner, name, CODE_READ);
      } catch {
        // Nothing to warm.
      }
    }
  };
  router.get('/:owner/:repo/info/refs', handle(true));
  router.post('/:owner/:repo/git-upload-pack', handle(false, 'git-upload-pack'));
  router.post('/:owner/:repo/git-receive-pack', handle(false, 'git-receive-pack'));
  return router;
}
