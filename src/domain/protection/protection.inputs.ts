import type { FieldTable, InputOf } from '../fields.ts';

/**
 * The settings of a branch protection rule, declared once (src/domain/fields.ts), named as Gitea's options
 * name them. Lists of accounts are logins, lists of teams are team names of the owning organization. On an
 * edit, what is left out stays as it is.
 */
const RULE_SETTINGS = {
  priority: { kind: 'int', description: 'Where the rule stands among the glob rules (lowest first); 0 on creation puts it last.' },
  enablePush: { kind: 'boolean', description: 'Pushing is allowed at all (to writers, or to the push whitelist when it is on).' },
  enablePushWhitelist: { kind: 'boolean' },
  pushWhitelistUsernames: { kind: 'string', list: true },
  pushWhitelistTeams: { kind: 'string', list: true },
  pushWhitelistDeployKeys: { kind: 'boolean' },
  enableForcePush: { kind: 'boolean' },
  enableForcePushAllowlist: { kind: 'boolean' },
  forcePushAllowlistUsernames: { kind: 'string', list: true },
  forcePushAllowlistTeams: { kind: 'string', list: true },
  forcePushAllowlistDeployKeys: { kind: 'boolean' },
  enableMergeWhitelist: { kind: 'boolean' },
  mergeWhitelistUsernames: { kind: 'string', list: true },
  mergeWhitelistTeams: { kind: 'string', list: true },
  enableStatusCheck: { kind: 'boolean' },
  statusCheckContexts: { kind: 'string', list: true, description: 'Status contexts (globs) that must succeed before merging.' },
  requiredApprovals: { kind: 'int', description: 'Approvals a pull request needs; a negative number leaves it as it is (0 on creation).' },
  enableApprovalsWhitelist: { kind: 'boolean' },
  approvalsWhitelistUsername: { kind: 'string', list: true },
  approvalsWhitelistTeams: { kind: 'string', list: true },
  blockOnRejectedReviews: { kind: 'boolean' },
  blockOnOfficialReviewRequests: { kind: 'boolean' },
  blockOnOutdatedBranch: { kind: 'boolean' },
  blockOnCodeownerReviews: { kind: 'boolean' },
  dismissStaleApprovals: { kind: 'boolean' },
  ignoreStaleApprovals: { kind: 'boolean' },
  requireSignedCommits: { kind: 'boolean' },
  protectedFilePatterns: { kind: 'string', description: 'Globs separated by ";": pushes touching matching files are refused.' },
  unprotectedFilePatterns: { kind: 'string', description: 'Globs separated by ";": matching files may be pushed by those who may not push.' },
  blockAdminMergeOverride: { kind: 'boolean' },
  enableBypassAllowlist: { kind: 'boolean' },
  bypassAllowlistUsernames: { kind: 'string', list: true },
  bypassAllowlistTeams: { kind: 'string', list: true },
} as const satisfies FieldTable;

export const CREATE_BRANCH_PROTECTION_FIELDS = {
  ruleName: { kind: 'string', description: 'A branch name, or a glob (`release/*`, `**`) of branch names.' },
  branchName: { kind: 'string', description: 'The rule name under its old name (used when ruleName is empty).' },
  ...RULE_SETTINGS,
} as const satisfies FieldTable;

export const EDIT_BRANCH_PROTECTION_FIELDS = RULE_SETTINGS;

export type CreateBranchProtectionInput = InputOf<typeof CREATE_BRANCH_PROTECTION_FIELDS>;
export type EditBranchProtectionInput = InputOf<typeof EDIT_BRANCH_PROTECTION_FIELDS>;

/** A tag protection rule (Gitea's CreateTagProtectionOption): a pattern and who may change the tags it covers. */
const TAG_RULE_SETTINGS = {
  namePattern: { kind: 'string', description: 'A glob of tag names (`v*`), or a regular expression between slashes (`/^v[0-9]+$/`).' },
  whitelistUsernames: { kind: 'string', list: true, description: 'Logins of the accounts that may create, move and delete the covered tags.' },
  whitelistTeams: { kind: 'string', list: true, description: "Teams of the repository's organization whose members may do so." },
} as const satisfies FieldTable;

export const CREATE_TAG_PROTECTION_FIELDS = TAG_RULE_SETTINGS;
export const EDIT_TAG_PROTECTION_FIELDS = TAG_RULE_SETTINGS;

export type CreateTagProtectionInput = InputOf<typeof CREATE_TAG_PROTECTION_FIELDS>;
export type EditTagProtectionInput = InputOf<typeof EDIT_TAG_PROTECTION_FIELDS>;
