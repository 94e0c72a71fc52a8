import { readsCode } from '../access/access.graphql.ts';
import { builder } from '../../graphql/builder.ts';
import { lookup } from '../../graphql/errors.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { CommitRef, GitActor } from '../commit/commit.graphql.ts';
import * as commits from '../commit/commit.service.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import * as branches from './branch.service.ts';
import { CREATE_BRANCH_FIELDS, CREATE_TAG_FIELDS, UPDATE_BRANCH_FIELDS } from './branch.inputs.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';

// ---------------------------------------------------------------------------------------------
// Branches, tags, refs

const BranchRef = builder.objectRef<branches.BranchView>('Branch').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    oid: t.exposeString('oid', { description: 'The head commit id.' }),
    commit: t.expose('commit', { type: CommitRef }),
    isDefault: t.exposeBoolean('isDefault'),
    protected: t.exposeBoolean('protected', { description: 'Whether a branch protection rule covers the branch.' }),
    effectiveBranchProtectionName: t.string({
      description: 'The name of the rule that covers the branch (the first that matches); empty when none does.',
      resolve: (b) => b.protection?.ruleName ?? '',
    }),
    requiredApprovals: t.int({ description: "The covering rule's required approvals (0 without a rule).", resolve: (b) => b.protection?.requiredApprovals ?? 0 }),
    enableStatusCheck: t.boolean({ resolve: (b) => b.protection?.enableStatusCheck ?? false }),
    statusCheckContexts: t.stringList({ resolve: (b) => b.protection?.statusCheckContexts ?? [] }),
    viewerCanPush: t.exposeBoolean('viewerCanPush', { description: 'Write access, and the covering rule lets the viewer push.' }),
    viewerCanMerge: t.exposeBoolean('viewerCanMerge', { description: 'Write access, or the merge whitelist of the covering rule names the viewer.' }),
    repository: t.field({ type: RepositoryRef, resolve: (b) => b.repo }),
  }),
});

const BranchConnection = builder.connectionObject({
  type: BranchRef,
  name: 'BranchConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const TagRef = builder.objectRef<branches.TagView>('Tag').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    oid: t.exposeString('oid', { description: 'The tag object for annotated tags, the tagged object for lightweight ones.' }),
    isAnnotated: t.exposeBoolean('isAnnotated'),
    targetType: t.exposeString('targetType', { description: 'Type of the object the ref names: tag (annotated) or commit.' }),
    commitOid: t.exposeString('commitOid', { nullable: true }),
    message: t.exposeString('message', { description: "Annotated: the tag's message; lightweight: the commit's." }),
    tagger: t.field({
      type: GitActor,
      nullable: true,
      description: "Annotated: the tagger; lightweight: the commit's committer.",
      resolve: (tag) => tag.tagger,
    }),
    commit: t.field({
      type: CommitRef,
      nullable: true,
      description: 'The tagged commit (read through the batch reader: no process per tag).',
      resolve: (tag, _args, ctx) => (tag.commitOid ? commits.getCommit(ctx, tag.repo, tag.commitOid) : null),
    }),
    repository: t.field({ type: RepositoryRef, resolve: (tag) => tag.repo }),
  }),
});

const TagConnection = builder.connectionObject({
  type: TagRef,
  name: 'TagConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const GitRefRef = builder.objectRef<branches.RefView>('GitRef').implement({
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The full name: refs/heads/main, refs/tags/v1.0.' }),
    oid: t.exposeString('oid'),
    objectType: t.exposeString('type'),
    peeledOid: t.exposeString('peeledOid', { nullable: true, description: 'For refs to tag objects: what the tag points at.' }),
  }),
});

const AnnotatedTagRef = builder.objectRef<branches.AnnotatedTagView>('AnnotatedTag').implement({
  description: 'A tag object (annotated tags only).',
  fields: (t) => ({
    oid: t.string({ resolve: (a) => a.tag.oid }),
    name: t.string({ resolve: (a) => a.tag.tag }),
    message: t.string({ resolve: (a) => a.tag.message }),
    tagger: t.field({ type: GitActor, nullable: true, resolve: (a) => a.tag.tagger ?? null }),
    targetOid: t.string({ resolve: (a) => a.tag.object }),
    targetType: t.string({ resolve: (a) => a.tag.type }),
    commitOid: t.string({ nullable: true, resolve: (a) => a.commitOid }),
    commit: t.field({
      type: CommitRef,
      nullable: true,
      resolve: (a, _args, ctx) => (a.commitOid ? commits.getCommit(ctx, a.repo, a.commitOid) : null),
    }),
  }),
});

builder.objectFields(RepositoryRef, (t) => ({
  branches: t.connection(
    {
      authScopes: readsCode,
      type: BranchRef,
      description: "The repository's branches, newest head commit first.",
      complexity: connectionComplexity,
      args: { query: t.arg.string({ description: 'Only branches whose name contains this (case-insensitive).' }) },
      resolve: async (repo, { query, ...args }, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(args, (window) => branches.listBranches(ctx, full, window, query));
      },
    },
    BranchConnection,
  ),
  branch: t.field({
    authScopes: readsCode,
    type: BranchRef,
    nullable: true,
    args: { name: t.arg.string({ required: true }) },
    resolve: async (repo, { name }, ctx) => lookup(ctx, async () => branches.getBranch(ctx, await withOwner(ctx, repo), name), () => `branch "${name}" does not exist`),
  }),
  tags: t.connection(
    {
      authScopes: readsCode,
      type: TagRef,
      description: "The repository's tags, newest first.",
      complexity: connectionComplexity,
      resolve: async (repo, args, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(args, (window) => branches.listTags(ctx, full, window));
      },
    },
    TagConnection,
  ),
  tag: t.field({
    authScopes: readsCode,
    type: TagRef,
    nullable: true,
    args: { name: t.arg.string({ required: true }) },
    resolve: async (repo, { name }, ctx) => lookup(ctx, async () => branches.getTag(ctx, await withOwner(ctx, repo), name), () => `tag "${name}" does not exist`),
  }),
  refs: t.field({
    authScopes: readsCode,
    type: [GitRefRef],
    description: 'Git refs whose full name starts with `prefix` (all refs without it), sorted by name.',
    args: { prefix: t.arg.string() },
    resolve: async (repo, { prefix }, ctx) => branches.listRefs(ctx, await withOwner(ctx, repo), prefix),
  }),
  annotatedTag: t.field({
    authScopes: readsCode,
    type: AnnotatedTagRef,
    nullable: true,
    description: 'A tag object by id; null when there is no such object; an error when the object is not a tag.',
    args: { oid: t.arg.string({ required: true }) },
    resolve: async (repo, { oid }, ctx) =>
      lookup(ctx, async () => branches.getAnnotatedTag(ctx, await withOwner(ctx, repo), oid), () => `tag object ${oid} does not exist`),
  }),
}));

// ---------------------------------------------------------------------------------------------
// Mutations

const CreateBranchInput = inputFromTable('CreateBranchInput', CREATE_BRANCH_FIELDS);
const CreateTagInput = inputFromTable('CreateTagInput', CREATE_TAG_FIELDS);
const UpdateBranchInput = inputFromTable('UpdateBranchInput', UPDATE_BRANCH_FIELDS);

builder.mutationFields((t) => ({
  createBranch: t.field({
    type: BranchRef,
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), input: t.arg({ type: CreateBranchInput, required: true }) },
    resolve: (_root, { owner, name, input }, ctx) => branches.createBranch(ctx, owner, name, input),
  }),
  deleteBranch: t.boolean({
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), branch: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name, branch }, ctx) => {
      await branches.deleteBranch(ctx, owner, name, branch);
      return true;
    },
  }),
  renameBranch: t.field({
    type: BranchRef,
    description: 'Renames a branch; renaming the default branch needs admin rights and moves the default branch along.',
    tokenScope: 'write:repository',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      branch: t.arg.string({ required: true }),
      newName: t.arg.string({ required: true }),
    },
    resolve: (_root, { owner, name, branch, newName }, ctx) => branches.renameBranch(ctx, owner, name, branch, newName),
  }),
  updateBranch: t.field({
    type: BranchRef,
    description: "Moves a branch to a commit, under the branch's protection rule; not a fast-forward only with force.",
    tokenScope: 'write:repository',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      branch: t.arg.string({ required: true }),
      input: t.arg({ type: UpdateBranchInput, required: true }),
    },
    resolve: (_root, { owner, name, branch, input }, ctx) => branches.updateBranch(ctx, owner, name, branch, input),
  }),
  createTag: t.field({
    type: TagRef,
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), input: t.arg({ type: CreateTagInput, required: true }) },
    resolve: (_root, { owner, name, input }, ctx) => branches.createTag(ctx, owner, name, input),
  }),
  deleteTag: t.boolean({
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), tag: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name, tag }, ctx) => {
      await branches.deleteTag(ctx, owner, name, tag);
      return true;
    },
  }),
}));

