import type { Repository } from '../../db/models.ts';
import { locked } from '../../errors.ts';
import type { ServiceContext } from '../../services.ts';
import { CODE_WRITE, type Need } from '../access/access.service.ts';
import { getRepository } from './repo.service.ts';

/** What a write to an archived repository's content answers (423), in Gitea's words (its API's mustNotBeArchived). */
export const ARCHIVED_MESSAGE = 'repo is archived';

/**
 * The repository a write to its content acts on (branches, tags, files, patches, merges from upstream): the one
 * place that refuses such writes while the repository is archived. It is loaded as getRepository loads it (what
 * the viewer may not see: 404; seen without `needed`: 403), then an archived repository is refused with LOCKED
 * (423), as Gitea's API refuses these writes. Settings (which un-archive), collaborators, teams, topics, stars
 * and transfers are not content writes: Gitea lets them through, and they do not come here.
 */
export async function getWritableRepository(ctx: ServiceContext, ownerLogin: string, name: string, needed: Need = CODE_WRITE) {
  const loaded = await getRepository(ctx, ownerLogin, name, needed);
  refuseArchived(loaded.repo);
  return loaded;
}

/** The same refusal for a repository whose access was decided otherwise: a deploy token's own (src/http/git.ts). */
export function refuseArchived(repo: Repository): void {
  if (repo.isArchived) throw locked(ARCHIVED_MESSAGE);
}
