import type { ActivityOpType } from '../../__generated__/pages/home/home.ts';

/** What an activity is about, as a link of the repository's pages, with the words it carries (title, comment). */
export interface ActivityTarget {
  links: { path: string; label: string }[];
  detail?: string;
}

const ISSUE_OPS = new Set<ActivityOpType>(['create_issue', 'close_issue', 'reopen_issue', 'comment_issue']);
const PULL_OPS = new Set<ActivityOpType>([
  'create_pull_request',
  'close_pull_request',
  'reopen_pull_request',
  'merge_pull_request',
  'auto_merge_pull_request',
  'comment_pull',
  'approve_pull_request',
  'reject_pull_request',
  'pull_review_dismissed',
  'pull_request_ready_for_review',
]);

const seg = (s: string) => s.split('/').map(encodeURIComponent).join('/');

/**
 * The issue, pull request, branch, commit, tag or release an activity is about, from Gitea's content
 * ("<number>|<title or comment>" for issues and pull requests, the push as JSON for commit_repo); null when it
 * is about the repository itself or something deleted.
 */
export function activityTarget(a: { opType: ActivityOpType; refName: string; content: string; repository: { fullName: string }; comment?: { databaseId: number } | null }): ActivityTarget | null {
  const repo = `/${a.repository.fullName}`;
  const short = a.refName.replace(/^refs\/(heads|tags)\//, '');
  if (ISSUE_OPS.has(a.opType) || PULL_OPS.has(a.opType)) {
    const bar = a.content.indexOf('|');
    const number = Number(bar < 0 ? a.content : a.content.slice(0, bar));
    if (!Number.isInteger(number) || number <= 0) return null;
    const anchor = a.comment ? `#issuecomment-${a.comment.databaseId}` : '';
    const detail = bar < 0 ? '' : a.content.slice(bar + 1).trim();
    return { links: [{ path: `${repo}/${PULL_OPS.has(a.opType) ? 'pulls' : 'issues'}/${number}${anchor}`, label: `${a.repository.fullName}#${number}` }], detail: detail || undefined };
  }
  if (a.opType === 'commit_repo') {
    let head = '';
    try {
      head = (JSON.parse(a.content) as { HeadCommit?: { Sha1?: string } }).HeadCommit?.Sha1 ?? '';
    } catch {
      // Content of another shape (an old import): the branch alone.
    }
    const links = [{ path: `${repo}/src/branch/${seg(short)}`, label: `branch ${short}` }];
    if (/^[0-9a-f]{40,64}$/.test(head)) links.push({ path: `${repo}/commit/${head}`, label: `commit ${head.slice(0, 10)}` });
    return { links };
  }
  if (a.opType === 'push_tag') return { links: [{ path: `${repo}/src/tag/${seg(short)}`, label: `tag ${short}` }] };
  if (a.opType === 'publish_release') return { links: [{ path: `${repo}/releases/tag/${seg(short)}`, label: `release ${a.content || short}` }] };
  return null;
}
