import type { ActivityOpType } from '../../__generated__/pages/home/home.ts';

/** What an activity says between its actor and its repository. */
export function activityText(op: ActivityOpType, ref: string): string {
  const short = ref.replace(/^refs\/(heads|tags)\//, '');
  const words: Partial<Record<ActivityOpType, string>> = {
    create_repo: 'created repository',
    rename_repo: 'renamed repository',
    transfer_repo: 'transferred repository',
    star_repo: 'starred',
    watch_repo: 'is watching',
    commit_repo: `pushed to ${short} at`,
    push_tag: `pushed tag ${short} to`,
    delete_branch: `deleted branch ${short} at`,
    delete_tag: `deleted tag ${short} at`,
    create_issue: 'opened an issue in',
    close_issue: 'closed an issue in',
    reopen_issue: 'reopened an issue in',
    comment_issue: 'commented on an issue in',
    create_pull_request: 'opened a pull request in',
    close_pull_request: 'closed a pull request in',
    reopen_pull_request: 'reopened a pull request in',
    merge_pull_request: 'merged a pull request in',
    auto_merge_pull_request: 'auto-merged a pull request in',
    comment_pull: 'commented on a pull request in',
    approve_pull_request: 'approved a pull request in',
    reject_pull_request: 'requested changes in',
    pull_review_dismissed: 'dismissed a review in',
    pull_request_ready_for_review: 'marked a pull request ready in',
    publish_release: `published release ${short} of`,
  };
  return words[op] ?? op.replace(/_/g, ' ');
}
