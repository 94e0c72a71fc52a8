import type { Repository } from '../../db/models.ts';
import { globToRegExp } from '../protection/protection.rules.ts';
import type { MergeStyle } from './pull.inputs.ts';

/** Gitea's name of a style (`rebase-merge`), for messages. */
export const giteaStyle = (style: MergeStyle) => style.replaceAll('_', '-');

/** Whether the repository's settings allow a merge style (Gitea's IsMergeStyleAllowed). */
export function styleAllowed(repo: Pick<Repository, 'allowMergeCommits' | 'allowRebase' | 'allowRebaseExplicit' | 'allowSquashMerge' | 'allowFastForwardOnlyMerge' | 'allowManualMerge'>, style: MergeStyle): boolean {
  switch (style) {
    case 'merge':
      return repo.allowMergeCommits;
    case 'rebase':
      return repo.allowRebase;
    case 'rebase_merge':
      return repo.allowRebaseExplicit;
    case 'squash':
      return repo.allowSquashMerge;
    case 'fast_forward_only':
      return repo.allowFastForwardOnlyMerge;
    case 'manually_merged':
      return repo.allowManualMerge;
  }
}

/** Gitea's work-in-progress title prefixes: such pull requests do not merge. */
const WIP_PREFIXES = ['wip:', '[wip]'];
export const isWorkInProgress = (title: string) => WIP_PREFIXES.some((p) => title.trim().toLowerCase().startsWith(p));

/** Where the head comes from, as Gitea's default messages name it: the branch, or owner/repo:branch of a fork (`<deleted>` once gone). */
export function headLabel(sameRepository: boolean, headFullName: string | null, headBranch: string): string {
  if (sameRepository) return headBranch;
  return `${headFullName ?? '<deleted>'}:${headBranch}`;
}

/**
 * Gitea's default title of the commit a style writes (GetDefaultMergeMessage without templates): squash names
 * the pull request, the other styles say what merged into what.
 */
export function defaultMergeTitle(style: MergeStyle, pull: { title: string; number: number; head: string; baseBranch: string }): string {
  if (style === 'squash') return `${pull.title} (#${pull.number})`;
  return `Merge pull request '${pull.title}' (#${pull.number}) from ${pull.head} into ${pull.baseBranch}`;
}

/** The message of a merge: the title given (or the default), then the body when one was given. */
export function mergeMessage(title: string | null | undefined, body: string | null | undefined, fallback: string): string {
  const head = title?.trim() || fallback;
  const rest = body?.trim();
  return rest ? `${head}\n\n${rest}` : head;
}

/** The latest status of one context of a commit. */
export interface LatestStatus {
  context: string;
  state: string;
}

/**
 * Whether the required status checks pass on a commit (Gitea's MergeRequiredContextsCommitStatus): every
 * required context pattern (a glob) is matched by at least one latest status, and every matched status is a
 * success. Without patterns, every status reported must be a success (none reported passes).
 */
export function requiredChecksPass(patterns: readonly string[], latest: readonly LatestStatus[]): boolean {
  if (patterns.length === 0) return latest.every((s) => s.state === 'success');
  // Gitea compiles them as globs without separators; a pattern that does not compile matches its own text.
  const matchers = patterns.map((p) => globToRegExp(p, []) ?? { test: (context: string) => context === p });
  const matched = new Set<LatestStatus>();
  for (const matcher of matchers) {
    const hits = latest.filter((s) => matcher.test(s.context));
    if (hits.length === 0) return false;
    for (const hit of hits) matched.add(hit);
  }
  return [...matched].every((s) => s.state === 'success');
}
