import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { lookup } from '../../graphql/errors.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { CREATE_BRANCH_PROTECTION_FIELDS, CREATE_TAG_PROTECTION_FIELDS, EDIT_BRANCH_PROTECTION_FIELDS, EDIT_TAG_PROTECTION_FIELDS } from './protection.inputs.ts';
import * as protection from './protection.service.ts';

export const BranchProtectionRef = builder.objectRef<protection.BranchProtectionView>('BranchProtection').implement({
  description: 'A branch protection rule: a branch name or a glob of names, and what it allows on the branches it covers.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    ruleName: t.exposeString('ruleName', { description: 'A branch name (matched without regard to case) or a glob with "/" as separator.' }),
    priority: t.exposeInt('priority', { description: 'Among glob rules, lower is tried first; rules naming a branch come before every glob.' }),
    enablePush: t.exposeBoolean('canPush'),
    enablePushWhitelist: t.exposeBoolean('enableWhitelist'),
    pushWhitelistUsernames: t.stringList({ resolve: (r) => r.names.whitelistUserIds }),
    pushWhitelistTeams: t.stringList({ resolve: (r) => r.names.whitelistTeamIds }),
    pushWhitelistDeployKeys: t.exposeBoolean('whitelistDeployKeys'),
    enableForcePush: t.exposeBoolean('canForcePush'),
    enableForcePushAllowlist: t.exposeBoolean('enableForcePushAllowlist'),
    forcePushAllowlistUsernames: t.stringList({ resolve: (r) => r.names.forcePushAllowlistUserIds }),
    forcePushAllowlistTeams: t.stringList({ resolve: (r) => r.names.forcePushAllowlistTeamIds }),
    forcePushAllowlistDeployKeys: t.exposeBoolean('forcePushAllowlistDeployKeys'),
    enableMergeWhitelist: t.exposeBoolean('enableMergeWhitelist'),
    mergeWhitelistUsernames: t.stringList({ resolve: (r) => r.names.mergeWhitelistUserIds }),
    mergeWhitelistTeams: t.stringList({ resolve: (r) => r.names.mergeWhitelistTeamIds }),
    enableStatusCheck: t.exposeBoolean('enableStatusCheck'),
    statusCheckContexts: t.exposeStringList('statusCheckContexts'),
    requiredApprovals: t.exposeInt('requiredApprovals'),
    enableApprovalsWhitelist: t.exposeBoolean('enableApprovalsWhitelist'),
    approvalsWhitelistUsernames: t.stringList({ resolve: (r) => r.names.approvalsWhitelistUserIds }),
    approvalsWhitelistTeams: t.stringList({ resolve: (r) => r.names.approvalsWhitelistTeamIds }),
    blockOnRejectedReviews: t.exposeBoolean('blockOnRejectedReviews'),
    blockOnOfficialReviewRequests: t.exposeBoolean('blockOnOfficialReviewRequests'),
    blockOnCodeownerReviews: t.exposeBoolean('blockOnCodeownerReviews'),
    blockOnOutdatedBranch: t.exposeBoolean('blockOnOutdatedBranch'),
    dismissStaleApprovals: t.exposeBoolean('dismissStaleApprovals'),
    ignoreStaleApprovals: t.exposeBoolean('ignoreStaleApprovals'),
    requireSignedCommits: t.exposeBoolean('requireSignedCommits'),
    protectedFilePatterns: t.exposeString('protectedFilePatterns'),
    unprotectedFilePatterns: t.exposeString('unprotectedFilePatterns'),
    blockAdminMergeOverride: t.exposeBoolean('blockAdminMergeOverride'),
    enableBypassAllowlist: t.exposeBoolean('enableBypassAllowlist'),
    bypassAllowlistUsernames: t.stringList({ resolve: (r) => r.names.bypassAllowlistUserIds }),
    bypassAllowlistTeams: t.stringList({ resolve: (r) => r.names.bypassAllowlistTeamIds }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    repository: t.field({ type: RepositoryRef, resolve: (r) => r.repo }),
  }),
});

const BranchProtectionConnection = builder.connectionObject({
  type: BranchProtectionRef,
  name: 'BranchProtectionConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(RepositoryRef, (t) => ({
  branchProtections: t.connection(
    {
      type: BranchProtectionRef,
      description: "The repository's branch protection rules in the order they are tried; for its administrators.",
      complexity: connectionComplexity,
      tokenScope: 'read:repository',
      resolve: async (repo, page, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(page, async (window) => {
          const rules = await protection.listBranchProtections(ctx, full);
          return { items: rules.slice(window.offset, window.offset + window.limit), totalCount: rules.length };
        });
      },
    },
    BranchProtectionConnection,
  ),
  branchProtectionRules: t.field({
    type: [BranchProtectionRef],
    description: 'Every branch protection rule at once, in the order they are tried (as Gitea lists them); for administrators.',
    tokenScope: 'read:repository',
    resolve: async (repo, _args, ctx) => protection.listBranchProtections(ctx, await withOwner(ctx, repo)),
  }),
  branchProtection: t.field({
    type: BranchProtectionRef,
    nullable: true,
    tokenScope: 'read:repository',
    description: 'The rule with this exact name; for administrators.',
    args: { ruleName: t.arg.string({ required: true }) },
    resolve: async (repo, { ruleName }, ctx) => {
      const full = await withOwner(ctx, repo);
      return lookup(ctx, () => protection.getBranchProtection(ctx, full, ruleName), () => `${full.owner.login}/${full.name} has no branch protection "${ruleName}"`);
    },
  }),
}));

const CreateBranchProtectionInput = inputFromTable('CreateBranchProtectionInput', CREATE_BRANCH_PROTECTION_FIELDS);
const EditBranchProtectionInput = inputFromTable('EditBranchProtectionInput', EDIT_BRANCH_PROTECTION_FIELDS);

builder.mutationFields((t) => {
  const repoArgs = { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) };
  return {
    createBranchProtection: t.field({
      type: BranchProtectionRef,
      tokenScope: 'write:repository',
      description: 'Adds a branch protection rule (repository administrators); a rule of the same name already there is FORBIDDEN, as in Gitea.',
      args: { ...repoArgs, input: t.arg({ type: CreateBranchProtectionInput, required: true }) },
      resolve: (_root, { owner, name, input }, ctx) => protection.createBranchProtection(ctx, owner, name, input),
    }),
    updateBranchProtection: t.field({
      type: BranchProtectionRef,
      tokenScope: 'write:repository',
      description: 'Changes what the input sets of a branch protection rule; the rest stays.',
      args: { ...repoArgs, ruleName: t.arg.string({ required: true }), input: t.arg({ type: EditBranchProtectionInput, required: true }) },
      resolve: (_root, { owner, name, ruleName, input }, ctx) => protection.updateBranchProtection(ctx, owner, name, ruleName, input),
    }),
    deleteBranchProtection: t.boolean({
      tokenScope: 'write:repository',
      args: { ...repoArgs, ruleName: t.arg.string({ required: true }) },
      resolve: async (_root, { owner, name, ruleName }, ctx) => {
        await protection.deleteBranchProtection(ctx, owner, name, ruleName);
        return true;
      },
    }),
    reorderBranchProtections: t.boolean({
      tokenScope: 'write:repository',
      description: 'Gives the rules named by ids the priorities 1, 2, … in that order, without recreating them.',
      args: { ...repoArgs, ids: t.arg.intList({ required: true }) },
      resolve: async (_root, { owner, name, ids }, ctx) => {
        await protection.reorderBranchProtections(ctx, owner, name, ids);
        return true;
      },
    }),
  };
});

// ---------------------------------------------------------------------------------------------
// Tag protection

/** Names of listed accounts and teams through the batched loaders: a list of rules costs one query for each kind. */
const present = (names: (string | undefined)[]) => names.filter((n): n is string => n !== undefined);

export const TagProtectionRef = builder.objectRef<protection.TagProtectionView>('TagProtection').implement({
  description: 'A tag protection rule: tags whose names match its pattern are created, moved and deleted only by the accounts and teams it lists.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    namePattern: t.exposeString('namePattern', { description: 'A glob of tag names, or a regular expression between slashes.' }),
    whitelistUsernames: t.stringList({
      description: 'Logins of the listed accounts (accounts deleted since are left out).',
      resolve: async (r, _args, ctx) => present((await Promise.all(r.allowUserIds.map((id) => ctx.loaders.userById.load(id)))).map((u) => u?.login)),
    }),
    whitelistTeams: t.stringList({
      description: 'Names of the listed teams (teams deleted since are left out).',
      resolve: async (r, _args, ctx) => present((await Promise.all(r.allowTeamIds.map((id) => ctx.loaders.teamById.load(id)))).map((team) => team?.name)),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    repository: t.field({ type: RepositoryRef, resolve: (r) => r.repo }),
  }),
});

builder.objectFields(RepositoryRef, (t) => ({
  tagProtections: t.field({
    type: [TagProtectionRef],
    description: "The repository's tag protection rules, oldest first (as Gitea lists them, all at once); for its administrators.",
    tokenScope: 'read:repository',
    resolve: async (repo, _args, ctx) => protection.listTagProtections(ctx, await withOwner(ctx, repo)),
  }),
  tagProtection: t.field({
    type: TagProtectionRef,
    nullable: true,
    tokenScope: 'read:repository',
    description: 'The tag protection rule with this id; for administrators.',
    args: { databaseId: t.arg.int({ required: true }) },
    resolve: async (repo, { databaseId }, ctx) => {
      const full = await withOwner(ctx, repo);
      return lookup(ctx, () => protection.getTagProtection(ctx, full, databaseId), () => `${full.owner.login}/${full.name} has no tag protection ${databaseId}`);
    },
  }),
}));

const CreateTagProtectionInput = inputFromTable('CreateTagProtectionInput', CREATE_TAG_PROTECTION_FIELDS);
const EditTagProtectionInput = inputFromTable('EditTagProtectionInput', EDIT_TAG_PROTECTION_FIELDS);

builder.mutationFields((t) => {
  const repoArgs = { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) };
  return {
    createTagProtection: t.field({
      type: TagProtectionRef,
      tokenScope: 'write:repository',
      description: 'Adds a tag protection rule (repository administrators); a rule with the same pattern already there is FORBIDDEN, as in Gitea.',
      args: { ...repoArgs, input: t.arg({ type: CreateTagProtectionInput, required: true }) },
      resolve: (_root, { owner, name, input }, ctx) => protection.createTagProtection(ctx, owner, name, input),
    }),
    updateTagProtection: t.field({
      type: TagProtectionRef,
      tokenScope: 'write:repository',
      description: 'Changes what the input sets of a tag protection rule; the rest stays.',
      args: { ...repoArgs, databaseId: t.arg.int({ required: true }), input: t.arg({ type: EditTagProtectionInput, required: true }) },
      resolve: (_root, { owner, name, databaseId, input }, ctx) => protection.updateTagProtection(ctx, owner, name, databaseId, input),
    }),
    deleteTagProtection: t.boolean({
      tokenScope: 'write:repository',
      args: { ...repoArgs, databaseId: t.arg.int({ required: true }) },
      resolve: async (_root, { owner, name, databaseId }, ctx) => {
        await protection.deleteTagProtection(ctx, owner, name, databaseId);
        return true;
      },
    }),
  };
});
