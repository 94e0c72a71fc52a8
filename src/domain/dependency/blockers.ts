import type { Tx } from '../../db/client.ts';
import type { Repository } from '../../db/models.ts';
import { preconditionFailed } from '../../errors.ts';
import { satisfies, type RepositoryPermission } from '../access/access.service.ts';

/**
 * The rule the issue area's close path asks: an issue (or pull request) that another open issue still blocks
 * stays open, while its repository has dependencies enabled, unless the caller administers the repository.
 * Gitea answers it with 412 Precondition Failed and these words. Run inside the closing transaction, before
 * anything of it is written back, so a refused close changes nothing.
 */
export async function refuseClosingWhileBlocked(
  tx: Tx,
  repo: Pick<Repository, 'enableIssueDependencies'>,
  issue: { id: number; isPull: boolean },
  permission: RepositoryPermission,
): Promise<void> {
  if (!repo.enableIssueDependencies || satisfies(permission, 'admin')) return;
  const openBlockers = await tx.issueDependency.count({ where: { issueId: issue.id, blocker: { isClosed: false } } });
  if (openBlockers > 0) {
    throw preconditionFailed(`cannot close this ${issue.isPull ? 'pull request' : 'issue'} because it still has open dependencies`);
  }
}
