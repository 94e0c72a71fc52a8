import { builder } from '../../graphql/builder.ts';
import { readsCode } from '../access/access.graphql.ts';
import type { Commit, Signature } from '../../git/objects.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { lastCommitLoader } from './contents.loader.ts';
import * as contents from './contents.service.ts';

/**
 * Repository contents in the graph: `Repository.contents(path, ref)` (a file, or a directory and its
 * entries), `Repository.archive(name)` (what an archive download will hold), and the mutations
 * `changeFiles` and `applyDiffPatch`, which commit without a work tree.
 */

const ContentTypeEnum = builder.enumType('ContentEntryType', {
  description: 'What a tree entry is.',
  values: ['file', 'dir', 'symlink', 'submodule'] as const,
});

const RefTypeEnum = builder.enumType('ContentRefType', {
  description: 'What kind of ref the contents were read at.',
  values: ['branch', 'tag', 'commit'] as const,
});

const ContentSignature = builder.objectRef<Signature>('ContentSignature').implement({
  description: 'An author or committer of a commit.',
  fields: (t) => ({
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    date: t.exposeString('date', { description: 'RFC 3339, in the UTC offset git recorded.' }),
  }),
});

const ContentCommit = builder.objectRef<Commit>('ContentCommit').implement({
  description: 'A commit, as the contents API reports it (the last change of an entry, or a commit just made).',
  fields: (t) => ({
    oid: t.exposeString('oid'),
    treeOid: t.exposeString('tree'),
    parentOids: t.exposeStringList('parents'),
    message: t.exposeString('message'),
    author: t.field({ type: ContentSignature, resolve: (c) => c.author }),
    committer: t.field({ type: ContentSignature, resolve: (c) => c.committer }),
  }),
});

const ContentLfs = builder.objectRef<{ oid: string; size: number }>('ContentLfs').implement({
  description: 'The Git LFS object a pointer file stands for.',
  fields: (t) => ({ oid: t.exposeString('oid'), size: t.exposeFloat('size') }),
});

export const ContentEntryRef = builder.objectRef<contents.ContentItem>('ContentEntry').implement({
  description: 'A file, directory, symbolic link or submodule at some commit.',
  fields: (t) => ({
    name: t.exposeString('name'),
    path: t.exposeString('path', { description: "Full path from the repository root ('' for the root)." }),
    oid: t.exposeString('oid', { description: 'The blob, tree or (submodule) commit id.' }),
    type: t.field({ type: ContentTypeEnum, resolve: (e) => e.type }),
    mode: t.exposeString('mode', { description: 'The git file mode: 100644, 100755, 120000, 040000 or 160000.' }),
    size: t.exposeFloat('size', { description: 'Bytes of a file or link target; 0 for directories and submodules.' }),
    content: t.string({
      nullable: true,
      description: 'Base64 bytes of a file. Null for other entries, for entries of a directory listing and above the blob size limit.',
      resolve: (e) => contents.contentOf(e),
    }),
    target: t.string({ nullable: true, description: 'Where a symbolic link points.', resolve: (e) => contents.symlinkTargetOf(e) }),
    submoduleUrl: t.string({ nullable: true, description: "A submodule's URL from .gitmodules.", resolve: (e) => contents.submoduleUrlOf(e) }),
    lfs: t.field({ type: ContentLfs, nullable: true, description: 'Set when the file is a Git LFS pointer.', resolve: (e) => contents.lfsPointerOf(e) }),
    lastCommit: t.field({
      type: ContentCommit,
      nullable: true,
      description: 'The newest commit (as of the commit read) that changed this path. All entries of one listing are found in one history walk.',
      resolve: (e, _args, ctx) => (e.commit ? lastCommitLoader(ctx).load({ gitDir: e.gitDir, commit: e.commit, path: e.path }) : null),
    }),
  }),
});

const RepositoryContents = builder.objectRef<contents.ContentsResult>('RepositoryContents').implement({
  description: 'What is at a path of a repository at a ref.',
  fields: (t) => ({
    ref: t.exposeString('ref', { description: 'The ref as asked for, or the default branch.' }),
    refName: t.exposeString('refName', { description: 'Its short name (a full commit id for commits).' }),
    refType: t.field({ type: RefTypeEnum, resolve: (c) => c.refType }),
    commitOid: t.string({ nullable: true, description: 'The commit read; null for an empty repository.', resolve: (c) => c.commitOid }),
    path: t.exposeString('path', { description: 'The path read (without a leading ref, see refInPath).' }),
    entry: t.field({ type: ContentEntryRef, resolve: (c) => c.entry }),
    isDirectory: t.boolean({ resolve: (c) => c.entries !== null }),
    entries: t.field({ type: [ContentEntryRef], nullable: true, description: 'The entries of a directory, in tree order.', resolve: (c) => c.entries }),
  }),
});

const RepositoryArchive = builder.objectRef<contents.ArchiveTarget>('RepositoryArchive').implement({
  description: 'An archive download: which commit it holds and how it is named.',
  fields: (t) => ({
    commitOid: t.exposeString('commitOid'),
    format: t.exposeString('format', { description: 'tar.gz, zip or bundle.' }),
    fileName: t.exposeString('fileName'),
    prefix: t.exposeString('prefix', { description: 'The directory all files of a tar.gz or zip sit in.' }),
    paths: t.exposeStringList('paths', { description: 'Only these paths (tar.gz and zip); empty: everything.' }),
  }),
});

builder.objectFields(RepositoryRef, (t) => ({
  contents: t.field({
    authScopes: readsCode,
    type: RepositoryContents,
    description:
      'The file or directory at `path` (default: the root) on `ref` (a branch, tag or commit id; default: the default branch). ' +
      'With `refInPath` and no `ref`, a leading part of the path that names a branch, tag or full commit id is taken as the ref.',
    args: { path: t.arg.string(), ref: t.arg.string(), refInPath: t.arg.boolean() },
    resolve: (repo, args, ctx) => contents.getContents(ctx, repo, args),
  }),
  archive: t.field({
    authScopes: readsCode,
    type: RepositoryArchive,
    description: 'Resolves an archive download named `<ref>.tar.gz`, `<ref>.zip` or `<ref>.bundle`, optionally limited to `paths`.',
    args: { name: t.arg.string({ required: true }), paths: t.arg.stringList() },
    resolve: (repo, { name, paths }, ctx) => contents.archiveTarget(ctx, repo, name, paths),
  }),
}));

const FileOperationEnum = builder.enumType('FileOperation', {
  description: 'create: a new file; update: change (and with fromPath move) an existing one; upload: create or update; rename: move keeping the content; delete.',
  values: ['create', 'update', 'upload', 'rename', 'delete'] as const,
});

const CommitIdentityInput = builder.inputType('CommitIdentityInput', {
  fields: (t) => ({ name: t.string(), email: t.string() }),
});

const CommitDatesInput = builder.inputType('CommitDatesInput', {
  description: 'RFC 3339 date-times; the UTC offset given is the one recorded.',
  fields: (t) => ({ author: t.string(), committer: t.string() }),
});

const FileOperationInput = builder.inputType('FileOperationInput', {
  fields: (t) => ({
    operation: t.field({ type: FileOperationEnum, required: true }),
    path: t.string({ required: true }),
    content: t.string({ description: 'Base64 bytes (create, update, upload).' }),
    sha: t.string({ description: 'The blob id of the current file; required to update or delete, checked whenever given.' }),
    fromPath: t.string({ description: 'The current path of a file being moved (update, rename).' }),
  }),
});

const commitOptionFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  branch: t.string({ description: 'The branch to commit on (default: the default branch).' }),
  newBranch: t.string({ description: 'Commit on this new branch, made from `branch`.' }),
  forcePush: t.boolean({ description: 'Replace `newBranch` when it exists.' }),
  message: t.string(),
  signoff: t.boolean({ description: 'Add a Signed-off-by trailer for the committer.' }),
  author: t.field({ type: CommitIdentityInput, description: 'Default: the committer, else the caller.' }),
  committer: t.field({ type: CommitIdentityInput, description: 'Default: the author, else the caller.' }),
  dates: t.field({ type: CommitDatesInput, description: 'Default: each other, else now.' }),
});

const ChangeFilesInput = builder.inputType('ChangeFilesInput', {
  fields: (t) => ({ ...commitOptionFields(t), files: t.field({ type: [FileOperationInput], required: true }) }),
});

const ApplyDiffPatchInput = builder.inputType('ApplyDiffPatchInput', {
  fields: (t) => ({ ...commitOptionFields(t), content: t.string({ required: true, description: 'The patch: `git diff` or `git format-patch` output.' }) }),
});

const ChangeFilesPayload = builder.objectRef<contents.ChangeResult>('ChangeFilesPayload').implement({
  description: 'The commit a change made, and what the changed paths hold now.',
  fields: (t) => ({
    repository: t.field({ type: RepositoryRef, resolve: (r) => r.repository }),
    branch: t.exposeString('branch', { description: 'The branch the commit is on.' }),
    commit: t.field({ type: ContentCommit, resolve: (r) => r.commit }),
    files: t.field({
      type: [ContentEntryRef],
      nullable: { list: false, items: true },
      description: 'One per file operation, in order; null where a file was deleted.',
      resolve: (r) => r.files,
    }),
  }),
});

const dropNulls = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]?: Exclude<T[K], null> };

builder.mutationFields((t) => ({
  changeFiles: t.field({
    type: ChangeFilesPayload,
    description: 'Creates, updates, moves and deletes files in one commit (write access).',
    authScopes: { token: 'write:repository' },
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), input: t.arg({ type: ChangeFilesInput, required: true }) },
    resolve: (_root, { owner, name, input }, ctx) =>
      contents.changeFiles(ctx, owner, name, { ...dropNulls(input), files: input.files.map((f) => dropNulls(f) as contents.FileChangeInput) }),
  }),
  applyDiffPatch: t.field({
    type: ChangeFilesPayload,
    description: 'Applies a patch as one commit (write access); a patch that does not apply is a conflict.',
    authScopes: { token: 'write:repository' },
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), input: t.arg({ type: ApplyDiffPatchInput, required: true }) },
    resolve: (_root, { owner, name, input }, ctx) => contents.applyDiffPatch(ctx, owner, name, { ...dropNulls(input), content: input.content }),
  }),
}));
