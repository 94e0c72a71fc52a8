import type { RestBranchProtectionFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';

/** GraphQL BranchProtection → REST BranchProtection: `branch_name` repeats the rule name, as Gitea still sends it. */
export function toBranchProtection(rule: RestBranchProtectionFragment): RestSchema<'BranchProtection'> {
  return {
    branch_name: rule.ruleName,
    rule_name: rule.ruleName,
    priority: rule.priority,
    enable_push: rule.enablePush,
    enable_push_whitelist: rule.enablePushWhitelist,
    push_whitelist_usernames: rule.pushWhitelistUsernames,
    push_whitelist_teams: rule.pushWhitelistTeams,
    push_whitelist_deploy_keys: rule.pushWhitelistDeployKeys,
    enable_force_push: rule.enableForcePush,
    enable_force_push_allowlist: rule.enableForcePushAllowlist,
    force_push_allowlist_usernames: rule.forcePushAllowlistUsernames,
    force_push_allowlist_teams: rule.forcePushAllowlistTeams,
    force_push_allowlist_deploy_keys: rule.forcePushAllowlistDeployKeys,
    enable_merge_whitelist: rule.enableMergeWhitelist,
    merge_whitelist_usernames: rule.mergeWhitelistUsernames,
    merge_whitelist_teams: rule.mergeWhitelistTeams,
    enable_status_check: rule.enableStatusCheck,
    status_check_contexts: rule.statusCheckContexts,
    required_approvals: rule.requiredApprovals,
    enable_approvals_whitelist: rule.enableApprovalsWhitelist,
    approvals_whitelist_username: rule.approvalsWhitelistUsernames,
    approvals_whitelist_teams: rule.approvalsWhitelistTeams,
    block_on_rejected_reviews: rule.blockOnRejectedReviews,
    block_on_official_review_requests: rule.blockOnOfficialReviewRequests,
    block_on_codeowner_reviews: rule.blockOnCodeownerReviews,
    block_on_outdated_branch: rule.blockOnOutdatedBranch,
    dismiss_stale_approvals: rule.dismissStaleApprovals,
    ignore_stale_approvals: rule.ignoreStaleApprovals,
    require_signed_commits: rule.requireSignedCommits,
    protected_file_patterns: rule.protectedFilePatterns,
    unprotected_file_patterns: rule.unprotectedFilePatterns,
    block_admin_merge_override: rule.blockAdminMergeOverride,
    enable_bypass_allowlist: rule.enableBypassAllowlist,
    bypass_allowlist_usernames: rule.bypassAllowlistUsernames,
    bypass_allowlist_teams: rule.bypassAllowlistTeams,
    created_at: restTime(rule.createdAt),
    updated_at: restTime(rule.updatedAt),
  };
}
