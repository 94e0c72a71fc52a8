/**
 * SPEC.md's rows, each with the test that proves it: the file and the test's name, as `it(…)` spells it.
 * test/spec/rows.test.ts keeps every entry pointing at a test that exists. Areas add their rows as they land.
 */
export interface SpecRow {
  /** The section of SPEC.md and the row's words, shortened. */
  row: string;
  /** The test file, from the repository root. */
  file: string;
  /** The test's name. */
  test: string;
}

export const SPEC_ROWS: Record<string, SpecRow[]> = {
  issues: [
    {
      row: 'Resources / Milestone (migration data format): seven fields, draft-04',
      file: 'test/rest/issue/milestone-migration.test.ts',
      test: 'the schema file is draft-04 and requires all seven fields, allowing no others',
    },
    {
      row: 'Versioning: migration data uses JSON Schema draft-04',
      file: 'test/rest/issue/milestone-migration.test.ts',
      test: 'an export fits the schema and, imported into another repository, gives the same milestones',
    },
    {
      row: 'Other records / Label: a label with a scope is exclusive; an issue holds at most one label of a scope',
      file: 'test/rest/label/issue-labels.test.ts',
      test: 'takes the older label of an exclusive scope off when a newer one of that scope is added, on the timeline too',
    },
    {
      row: 'Other records / UI settings record: allowed reactions',
      file: 'test/rest/reaction/reactions.test.ts',
      test: 'allows exactly the reactions /settings/ui reports',
    },
    {
      row: 'Other records / Attachment settings record: read-only limits',
      file: 'test/rest/settings/settings.test.ts',
      test: 'GET /settings/attachment reports the attachment limits',
    },
    {
      row: 'States: issue open → closed by the close operation, in a transaction; closed → open by reopen, in a transaction',
      file: 'test/rest/issue/issues.test.ts',
      test: 'changes nothing when a close or a reopen fails part-way: state, counters and timeline stay as they were',
    },
    {
      row: 'States: issue open ↔ closed (the counters each moves)',
      file: 'test/rest/issue/issues.test.ts',
      test: 'closes and reopens an issue in one write each, moving the counters of the repository, milestone and labels',
    },
    {
      row: 'States: issue stopwatch (not running) → running by the start action',
      file: 'test/rest/time/stopwatches.test.ts',
      test: 'starts with 201, and a second start while it runs is a 409 that changes nothing',
    },
    {
      row: 'States: issue stopwatch (running) → stopped by the stop action',
      file: 'test/rest/time/stopwatches.test.ts',
      test: 'stops with 201, tracking the whole seconds it ran in the same transaction, and a second stop is a 409',
    },
    {
      row: 'Endpoints: GET /repos/{owner}/{repo}/times, all tracked times of the repository',
      file: 'test/rest/time/tracked-times.test.ts',
      test: 'lists the times of every issue, each with its issue, to those who write to the issues, with filters and X-Total-Count',
    },
    {
      row: 'Endpoints: GET /repos/{owner}/{repo}/times/{username}, tracked times of one user in the repository',
      file: 'test/rest/time/tracked-times.test.ts',
      test: "lists one account's times at /times/{user} for itself and for writers, paged; others get 403, an unknown account 404",
    },
    {
      row: 'Operations / Search issues: sort accepts recentclose, also for pulls',
      file: 'test/rest/issue/search.test.ts',
      test: 'sorts newest first by default, and by recentclose, oldest, recentupdate, mostcomment, nearduedate on request',
    },
    {
      row: 'Operations / List milestones: filter by name',
      file: 'test/rest/issue/milestones.test.ts',
      test: 'the list filters by a part of the title whatever its case, and pages with X-Total-Count',
    },
    {
      row: 'Operations / Add labels to an issue by label names: organization labels are accepted',
      file: 'test/rest/label/issue-labels.test.ts',
      test: "adds labels by name, the organization's among them on a repository of that organization",
    },
    {
      row: 'Operations / Subscribe to an issue: the response status tells whether the subscription exists',
      file: 'test/rest/subscription/subscriptions.test.ts',
      test: 'answers 201 when a subscription changes and 200 when it already was so, and an unsubscribe wins over the automatic rules',
    },
    {
      row: 'Operations / Delete a comment: allowed also when the comment has content',
      file: 'test/rest/comment/comments.test.ts',
      test: 'deletes a comment with content for its poster or a writer, with its reactions, and takes it out of the count',
    },
    {
      row: 'Operations / Edit an attachment: the file-extension restriction is checked',
      file: 'test/rest/attachment/attachments.test.ts',
      test: 'renames an attachment (201), keeps the name for an empty one, and re-checks the extension of a new name (422)',
    },
    {
      row: 'Operations / Start or stop an issue stopwatch: separate actions',
      file: 'test/rest/time/stopwatches.test.ts',
      test: 'stops with 201, tracking the whole seconds it ran in the same transaction, and a second stop is a 409',
    },
    {
      row: 'Authentication 7: replacing or adding labels needs write permission',
      file: 'test/rest/label/issue-labels.test.ts',
      test: 'needs write access to the issues: 403 for readers and the poster, 401 anonymous, 404 hidden, 423 archived, never a 500',
    },
    {
      row: 'Authentication 7: editing an attachment needs the issue poster or write access',
      file: 'test/rest/attachment/attachments.test.ts',
      test: 'lets the poster of an issue and writers upload, edit and delete; others get 403, anonymous callers 401',
    },
    {
      row: 'Errors: delete a tracked time that does not exist → 404',
      file: 'test/rest/time/tracked-times.test.ts',
      test: "answers 404 for a time that does not exist, was deleted already or is another issue's",
    },
    {
      row: 'Errors: change labels without write permission → a permission error, not an internal error',
      file: 'test/rest/label/issue-labels.test.ts',
      test: 'needs write access to the issues: 403 for readers and the poster, 401 anonymous, 404 hidden, 423 archived, never a 500',
    },
    {
      row: 'Errors: two labels of one exclusive scope on an issue → rejected',
      file: 'test/rest/label/issue-labels.test.ts',
      test: 'rejects a request that would leave two labels of one exclusive scope on an issue, when adding, replacing or opening',
    },
    {
      row: 'Errors: attachment file extension not allowed → rejected',
      file: 'test/rest/attachment/attachments.test.ts',
      test: 'refuses a file whose extension the allowed types do not list with 422, leaving no row and no file',
    },
    {
      row: 'Limits 4: time tracking per repository, with defaults for new repositories',
      file: 'test/rest/time/tracked-times.test.ts',
      test: 'starts new repositories with those defaults, which the repository settings then change',
    },
    {
      row: 'Limits 4: a default restricting tracking to contributors',
      file: 'test/rest/time/tracked-times.test.ts',
      test: 'lets only contributors, the poster and assignees track time while the repository says so, and every reader once it does not',
    },
    {
      row: 'Limits 6: the size of an uploaded attachment is enforced by the server',
      file: 'test/rest/attachment/attachments.test.ts',
      test: 'refuses a file over MAX_SIZE with 413 as soon as it passes the limit, leaving no row and no file',
    },
  ],
  protection: [
    {
      row: 'Branch protection rule / priority: rules are reordered without being recreated',
      file: 'test/rest/protection/branch-protections.test.ts',
      test: 'orders new rules last and reorders them by priority without recreating them',
    },
    {
      row: 'Rename a branch: admins rename default or protected branches, nobody one a glob rule covers, writers the others',
      file: 'test/rest/protection/branch-protections.test.ts',
      test: 'refuses to delete a branch a rule covers with 403, and renames as SPEC.md says',
    },
    {
      row: 'Errors: renaming a branch covered by protection is a protection error, not an internal error',
      file: 'test/rest/protection/branch-protections.test.ts',
      test: 'refuses to delete a branch a rule covers with 403, and renames as SPEC.md says',
    },
  ],
  merges: [
    {
      row: 'Errors: merge through the API is not allowed: 422 with a reason',
      file: 'test/rest/pull/merge.test.ts',
      test: 'answers 422 for a head that is not at head_commit_id and for a pull request already merged',
    },
    {
      row: 'Errors: merge through the API is not allowed: 422 with a reason (branch protection)',
      file: 'test/rest/pull/merge.test.ts',
      test: 'requires the status checks the rule names to succeed on the head commit',
    },
    {
      row: 'Branch protection rule / block-admin-merge-override: admins and owners cannot bypass approvals or status checks',
      file: 'test/rest/pull/merge.test.ts',
      test: 'lets an administrator force a merge past the checks, unless block_admin_merge_override is set',
    },
    {
      row: 'States: B into the head branch of A; A merged and its head deleted; retargeting on: B stays open, based on A’s base',
      file: 'test/rest/pull/merge.test.ts',
      test: 'deletes the head branch after the merge when asked, and retargets the pull requests into it to the merged one’s base',
    },
    {
      row: 'States: an open pull request whose head or base branch is deleted (no retargeting): closed, with a comment',
      file: 'test/rest/pull/merge.test.ts',
      test: 'closes an open pull request whose head branch is deleted, with a comment naming the branch',
    },
    {
      row: 'States: an open pull request with auto-merge scheduled; auto-merge completes; delete chosen and the actor may delete it: merged, head branch deleted',
      file: 'test/rest/pull/auto-merge.test.ts',
      test: 'schedules while a required status check is pending (201, nothing merged), and the job merges it as the scheduler once the status succeeds, deleting the head branch when asked',
    },
    {
      row: 'States: auto-merge completes; delete chosen but the actor may not delete the head branch: merged, the branch stays',
      file: 'test/rest/pull/auto-merge.test.ts',
      test: 'keeps the head branch after the auto-merge when the scheduler may not delete it (a protected branch), though asked to',
    },
    {
      row: 'Branch management: several merge styles, fast-forward-only included',
      file: 'test/rest/pull/merge.test.ts',
      test: 'fast-forward-only moves the base to the head commit itself, and refuses with 422 once the base has moved on',
    },
  ],
  reviews: [
    {
      row: 'Other records / Pull review: comments_count, the number of code comments of the review',
      file: 'test/rest/pull/reviews.test.ts',
      test: 'keeps a pending review with its line comments for its author alone, and publishes both when it is submitted',
    },
    {
      row: 'Other records / Pull review: html_url, the web address of the review',
      file: 'test/rest/pull/reviews.test.ts',
      test: 'approves a pull request on its head by default, with Gitea’s shape: state, commit_id, html_url, comments_count',
    },
    {
      row: 'Other records / Pull review (create): commit_id defaults to the current head commit',
      file: 'test/rest/pull/reviews.test.ts',
      test: 'approves a pull request on its head by default, with Gitea’s shape: state, commit_id, html_url, comments_count',
    },
    {
      row: 'Other records / Branch protection rule: ignore stale approvals counts none of them, without dismissing them',
      file: 'test/rest/pull/reviews.test.ts',
      test: 'counts stale approvals unless the rule ignores them, and blocks on open official review requests',
    },
    {
      row: 'Operations / Pull reviews: list, get, create, submit and delete',
      file: 'test/rest/pull/reviews.test.ts',
      test: 'deletes a review for its author or a site admin only, with its line comments',
    },
    {
      row: 'Operations / Pull reviews: a deleted reviewer is shown as a ghost user',
      file: 'test/rest/pull/reviews.test.ts',
      test: 'shows the reviewer of a deleted account as the ghost',
    },
  ],
  gpg: [
    {
      row: 'Other records / Add a GPG key: the key is parsed and e-mail addresses are checked',
      file: 'test/rest/gpg/gpg-keys.test.ts',
      test: "adds a key one of whose addresses is the account's with 201 and Gitea's GPGKey: key id, verified addresses, subkeys, capabilities",
    },
    {
      row: 'Errors / GPG key parse or e-mail failure: reported as an error of the request (parse)',
      file: 'test/rest/gpg/gpg-keys.test.ts',
      test: 'refuses what openpgp cannot read with 422, and a key id in use with 422',
    },
    {
      row: 'Errors / GPG key parse or e-mail failure: reported as an error of the request (e-mail)',
      file: 'test/rest/gpg/gpg-keys.test.ts',
      test: "answers 404 for a key none of whose addresses is the account's, naming the token to sign; signed with the key, it is added verified",
    },
    {
      row: 'What the service does: verification of commit signatures (GPG keys)',
      file: 'test/rest/gpg/commit-verification.test.ts',
      test: "verifies a GPG signature by the committer's key: reason '<login> / <key id>', the signer, the signature and the payload",
    },
    {
      row: 'What the service does: verification of commit signatures (SSH keys)',
      file: 'test/rest/gpg/commit-verification.test.ts',
      test: "verifies an SSH signature by one of the committer's SSH keys: reason '<login> / <fingerprint>'; another key's is gpg.error.no_gpg_keys_found",
    },
  ],
  // Pull requests, commit statuses and keys (merging, reviews and GPG keys have their own lists above). The row of a
  // part not built yet (auto-merge deleting the head branch) gets its test with that part.
  pulls: [
    {
      row: 'Operations / List pull requests: filter by poster',
      file: 'test/rest/pull/pulls.test.ts',
      test: 'lists pull requests with Gitea’s filters and sort orders, and counts them in X-Total-Count',
    },
    {
      row: 'Operations / List pull request commits: each commit carries its list of changed files',
      file: 'test/rest/pull/pull-commits-files.test.ts',
      test: 'lists the commits its head adds to the base, newest first, each with its files and stats, paged with Gitea’s headers',
    },
    {
      row: 'Operations / Pull request diff and patch: raw text, reachable with a token',
      file: 'test/rest/pull/pull-commits-files.test.ts',
      test: 'answers the diff and the patch as raw text to a token of a private repository’s reader',
    },
    {
      row: 'Limits 3: endpoints that count from the database return pagination headers with the total (pull requests)',
      file: 'test/rest/pull/pulls.test.ts',
      test: 'lists pull requests with Gitea’s filters and sort orders, and counts them in X-Total-Count',
    },
    {
      row: 'Events: status (the webhook event of a commit status)',
      file: 'test/rest/status/statuses.test.ts',
      test: 'publishes a status event with the sha, context, state, description, target url, repository and sender',
    },
  ],
  notifications: [
    {
      row: 'Behaviours / List notifications: pinned notifications are included by default',
      file: 'test/rest/notification/notifications.test.ts',
      test: 'lists unread and pinned threads by default, every state with all, and filters by status-types and subject-type',
    },
  ],
  mail: [
    {
      row: 'Events: comments on issues and pull requests cause notification e-mails',
      file: 'test/mail/mail.test.ts',
      test: 'mails a comment to the watchers and participants, one message each, but not to its author',
    },
  ],
  releases: [
    {
      row: 'Extensions / Release (create) tag_message: message of an annotated tag created with the release',
      file: 'test/rest/release/releases.test.ts',
      test: 'makes the new tag annotated with tag_message, and takes an existing tag as it is',
    },
    {
      row: 'Behaviour: creating a release adds an entry to the activity feed',
      file: 'test/rest/release/releases.test.ts',
      test: 'adds an entry to the activity feed and a webhook delivery whose payload fits the reference when a release is published',
    },
  ],
  emails: [
    {
      row: 'Operations / Search users: matches also by e-mail',
      file: 'test/rest/user/emails.test.ts',
      test: 'finds accounts by further addresses in user search for site admins only',
    },
  ],
};
