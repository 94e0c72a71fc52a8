import { requireUser } from '../../auth/viewer.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { fetchObjects } from '../../git/fork.ts';
import { isAncestor, mergeTrees } from '../../git/merge.ts';
import { createCommit } from '../../git/write.ts';
import { commitSigner } from '../gpg/gpg.signing.ts';
import { isWellFormedRefName, readBranch } from '../../git/refs.ts';
import { GitError } from '../../git/errors.ts';
import { queuedOnRef } from '../../git/ref-queue.ts';
import { updateRef } from '../../git/repo.ts';
import type { ServiceContext } from '../../services.ts';
import { CODE_READ, repositoryPermission, satisfies } from '../access/access.service.ts';
import { withGitErrors } from '../git-errors.ts';
import { recordPush } from '../repo/repo.service.ts';
import { repositoryPath } from '../repo/storage.ts';
import { getWritableRepository } from '../repo/writable.ts';

/** Lost compare-and-swaps (to pushes, or other instances) before a merge-upstream gives up with 409. */
const MAX_ATTEMPTS = 5;

export type MergeType = 'up-to-date' | 'fast-forward' | 'merge';

export interface MergeUpstreamInput {
  branch: string;
  /** Refuse (409, nothing changed) when a merge commit would be needed. */
  ffOnly?: boolean | null;
}

/**
 * Brings a branch of a fork up to date with its upstream: the upstream branch of the same name, or the
 * upstream's default branch when it has none. Fast-forwards when it can, else writes a merge commit without
 * a working tree (refused with ff_only, and on conflicts). The branch moves with a compare-and-swap, so a
 * push that lands meanwhile is never overwritten: the merge is then made again on the new tip.
 */
export async function mergeUpstream(ctx: ServiceContext, ownerLogin: string, name: string, input: MergeUpstreamInput): Promise<MergeType> {
  const viewer = requireUser(ctx.viewer);
  const { repo } = await getWritableRepository(ctx, ownerLogin, name);
  if (!repo.isFork || !repo.forkId) throw badRequest(`${repo.owner.login}/${repo.name} is not a fork`);
  const upstream = await ctx.db.repository.findUnique({ where: { id: repo.forkId }, include: { owner: true } });
  if (!upstream || !satisfies(await repositoryPermission(ctx, upstream), CODE_READ)) {
    throw badRequest(`the upstream of ${repo.owner.login}/${repo.name} is not readable by you`);
  }
  const branch = input.branch?.trim();
  if (!branch) throw badRequest('branch is required');

  const gitDir = repositoryPath(ctx.config, repo.id);
  const upstreamDir = repositoryPath(ctx.config, upstream.id);
  const ours = isWellFormedRefName(branch) ? await readBranch(gitDir, branch) : null;
  if (!ours) throw notFound(`branch "${branch}" does not exist in ${repo.owner.login}/${repo.name}`);
  const theirs = (await readBranch(upstreamDir, branch)) ?? (await readBranch(upstreamDir, upstream.defaultBranch));
  if (!theirs) throw notFound(`${upstream.owner.login}/${upstream.name} has neither a branch "${branch}" nor its default branch`);

  /** What the branch at `oursOid` becomes: unchanged, fast-forwarded to upstream, or a merge commit of both. */
  const mergedTip = async (oursOid: string): Promise<{ type: MergeType; after: string }> => {
    if (oursOid === theirs.oid || (await isAncestor(gitDir, theirs.oid, oursOid))) return { type: 'up-to-date', after: oursOid };
    if (await isAncestor(gitDir, oursOid, theirs.oid)) return { type: 'fast-forward', after: theirs.oid };
    if (input.ffOnly) {
      throw conflict(`"${branch}" has commits that upstream lacks: it cannot be fast-forwarded, and ff_only refuses a merge commit`);
    }
    const tree = await mergeTrees(gitDir, oursOid, theirs.oid);
    if (!tree) throw conflict(`"${branch}" and ${upstream.owner.login}/${upstream.name}:${theirs.name} conflict: merge them locally`);
    const who = { name: viewer.fullName || viewer.login, email: viewer.email };
    const after = await createCommit(gitDir, {
      tree,
      parents: [oursOid, theirs.oid],
      message: `Merge branch '${theirs.name}' of ${upstream.owner.login}/${upstream.name} into ${branch}`,
      author: who,
      committer: who,
      // The MERGES rules, with no pull request to be approved.
      sign: await commitSigner(ctx, { kind: 'merge', actor: viewer, repoId: repo.id, base: oursOid, head: theirs.oid, approved: async () => false }),
    });
    return { type: 'merge', after };
  };

  const ref = `refs/heads/${branch}`;
  if (ours.oid === theirs.oid) return 'up-to-date';
  return withGitErrors(
    async () => {
      await fetchObjects(gitDir, upstreamDir, theirs.oid);
      // In turn with the API's other writes to the branch; a push landing meanwhile makes it start over on
      // the branch as it now is (bounded), so the merge is never made on a stale tip.
      return queuedOnRef(gitDir, ref, async () => {
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
          const tip = await readBranch(gitDir, branch);
          if (!tip) throw notFound(`branch "${branch}" does not exist in ${repo.owner.login}/${repo.name}`);
          const merged = await mergedTip(tip.oid);
          if (merged.type === 'up-to-date') return merged.type;
          try {
            await updateRef(gitDir, ref, merged.after, tip.oid);
          } catch (err) {
            if (err instanceof GitError && err.code === 'CONFLICT') continue;
            throw err;
          }
          await recordPush(ctx, repo, [{ ref, before: tip.oid, after: merged.after }], viewer);
          return merged.type;
        }
        throw conflict(`"${branch}" kept changing while upstream was being merged: try again`);
      });
    },
    { doing: `merging upstream into "${branch}"`, conflict: `"${branch}" changed meanwhile: try again` },
  );
}
