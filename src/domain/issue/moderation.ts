import type { Tx } from '../../db/client.ts';
import type { User } from '../../db/models.ts';
import { databaseTarget } from '../../db/provider.ts';
import { notFound, unauthenticated } from '../../errors.ts';
import type { ServiceContext } from '../../services.ts';
import type { Need } from '../access/access.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import { ISSUE_INCLUDE, type IssueRow } from './issue.service.ts';

/**
 * What pins and locks share: the repository they act on, loaded for repository admins (Gitea's API guards both
 * with reqAdmin), the issue they name, and the lock that keeps concurrent changes of one repository's pins apart.
 */

/** Gitea's moderation routes (pin, unpin, move, lock, unlock) need a repository admin. */
export const REPO_ADMIN: Need = 'admin';

export interface Moderated {
  actor: User;
  repo: RepositoryWithOwner;
}

/**
 * The repository a moderation acts on: signed in, hidden is 404, without `needed` 403, archived 423 (the one
 * helper for writes), and neither issues nor pull requests switched on 404, as Gitea's mustEnableIssuesOrPulls.
 */
export async function moderatedRepository(ctx: ServiceContext, owner: string, name: string, needed: Need = REPO_ADMIN): Promise<Moderated> {
  if (!ctx.viewer.user) throw unauthenticated();
  const { repo } = await getWritableRepository(ctx, owner, name, needed);
  if (!repo.hasIssues && !repo.hasPullRequests) throw notFound(`repository ${owner}/${name} has no issues`);
  return { actor: ctx.viewer.user, repo };
}

/**
 * The issue numbered `number` of `repo`, read in `tx`; 404 when there is none, or when it is an issue while the
 * repository's issues are off (a pull request while its pull requests are off).
 */
export async function loadIssueIn(tx: Tx, repo: RepositoryWithOwner, number: number): Promise<IssueRow> {
  const issue = await tx.issue.findUnique({ where: { repoId_number: { repoId: repo.id, number } }, include: ISSUE_INCLUDE });
  if (!issue || !(issue.isPull ? repo.hasPullRequests : repo.hasIssues)) throw notFound(`issue #${number} does not exist`);
  return issue;
}

/**
 * Holds the repository's row until the transaction ends, so that two changes of its pins never both count the
 * same pinned issues. SQLite runs one write transaction at a time already; PostgreSQL needs the row lock.
 */
export async function lockRepositoryRow(ctx: ServiceContext, tx: Tx, repoId: number): Promise<void> {
  if (databaseTarget(ctx.config).provider !== 'postgresql') return;
  await tx.$queryRawUnsafe('SELECT "id" FROM "Repository" WHERE "id" = $1 FOR UPDATE', repoId);
}

/** One timeline row (a Comment of one of Gitea's event types) of a change to an issue, by `actor`. */
export async function timelineRow(tx: Tx, issue: { id: number; repoId: number }, actor: User, type: string, body = ''): Promise<void> {
  await tx.comment.create({ data: { type, body, issueId: issue.id, repoId: issue.repoId, posterId: actor.id } });
}
