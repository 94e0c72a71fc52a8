import { builder } from '../../graphql/builder.ts';
import { enumFromValues, inputFromTable } from '../../graphql/input-fields.ts';
import { readsCode } from '../access/access.graphql.ts';
import { CommitRef } from '../commit/commit.graphql.ts';
import { commitNode } from '../commit/commit.service.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import * as contents from './contents.service.ts';
import * as changes from './file-changes.service.ts';
import {
  APPLY_PATCH_FIELDS,
  CHANGE_FILES_FIELDS,
  COMMIT_DATES_FIELDS,
  FILE_OPERATION_FIELDS,
  FILE_OPERATIONS,
  IDENTITY_FIELDS,
} from './contents.inputs.ts';

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
      type: CommitRef,
      nullable: true,
      description: 'The newest commit (as of the commit read) that changed this path. All entries of one listing are found in one history walk.',
      resolve: async (e, _args, ctx) => {
        const commit = e.commit ? await ctx.loaders.lastCommit.load({ gitDir: e.gitDir, commit: e.commit, path: e.path }) : null;
        return commit && commitNode(e.repo, commit);
      },
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

const RepositoryFiles = builder.objectRef<contents.FilesResult>('RepositoryFiles').implement({
  description: 'Several paths of a repository read at one ref.',
  fields: (t) => ({
    ref: t.exposeString('ref', { description: 'The ref as asked for, or the default branch.' }),
    refName: t.exposeString('refName', { description: 'Its short name (a full commit id for commits).' }),
    refType: t.field({ type: RefTypeEnum, resolve: (c) => c.refType }),
    commitOid: t.exposeString('commitOid', { description: 'The commit read.' }),
    files: t.field({
      type: [ContentEntryRef],
      nullable: { list: false, items: true },
      description: 'One per path read, in order; null where nothing is. Long lists are cut (see Repository.files).',
      resolve: (c) => c.files,
    }),
  }),
});

const EditorconfigDefinitionRef = builder.objectRef<contents.EditorconfigDefinition>('EditorconfigDefinition').implement({
  description: "The standard properties an .editorconfig gives a file; null (false) where it sets none.",
  fields: (t) => ({
    charset: t.exposeString('charset', { nullable: true }),
    indentStyle: t.exposeString('indentStyle', { nullable: true }),
    indentSize: t.exposeString('indentSize', { nullable: true, description: 'A number of columns, or "tab".' }),
    tabWidth: t.exposeInt('tabWidth', { nullable: true }),
    endOfLine: t.exposeString('endOfLine', { nullable: true }),
    trimTrailingWhitespace: t.exposeBoolean('trimTrailingWhitespace'),
    insertFinalNewline: t.exposeBoolean('insertFinalNewline'),
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
  files: t.field({
    authScopes: readsCode,
    type: RepositoryFiles,
    description:
      'Each of `paths` on `ref` (default: the default branch), files with their content. At most the default page size of ' +
      'paths are read, and the list stops before a file whose content would make the reply larger than the maximum response size.',
    args: { paths: t.arg.stringList({ required: true }), ref: t.arg.string() },
    resolve: (repo, args, ctx) => contents.getFiles(ctx, repo, args),
  }),
  editorconfig: t.field({
    authScopes: readsCode,
    type: EditorconfigDefinitionRef,
    nullable: true,
    description: "What the root .editorconfig on `ref` (default: the default branch) defines for `path`; null when there is none.",
    args: { path: t.arg.string({ required: true }), ref: t.arg.string() },
    resolve: (repo, args, ctx) => contents.editorconfigFor(ctx, repo, args),
  }),
  archive: t.field({
    authScopes: readsCode,
    type: RepositoryArchive,
    description: 'Resolves an archive download named `<ref>.tar.gz`, `<ref>.zip` or `<ref>.bundle`, optionally limited to `paths`.',
    args: { name: t.arg.string({ required: true }), paths: t.arg.stringList() },
    resolve: (repo, { name, paths }, ctx) => contents.archiveTarget(ctx, repo, name, paths),
  }),
}));

enumFromValues(
  'FileOperation',
  FILE_OPERATIONS,
  'create: a new file; update: change (and with fromPath move) an existing one; upload: create or update; rename: move keeping the content; delete.',
);
inputFromTable('CommitIdentityInput', IDENTITY_FIELDS);
inputFromTable('CommitDatesInput', COMMIT_DATES_FIELDS, 'RFC 3339 date-times; the UTC offset given is the one recorded.');
inputFromTable('FileOperationInput', FILE_OPERATION_FIELDS);
const ChangeFilesInput = inputFromTable('ChangeFilesInput', CHANGE_FILES_FIELDS);
const ApplyDiffPatchInput = inputFromTable('ApplyDiffPatchInput', APPLY_PATCH_FIELDS);

const ChangeFilesPayload = builder.objectRef<changes.ChangeResult>('ChangeFilesPayload').implement({
  description: 'The commit a change made, and what the changed paths hold now.',
  fields: (t) => ({
    repository: t.field({ type: RepositoryRef, resolve: (r) => r.repository }),
    branch: t.exposeString('branch', { description: 'The branch the commit is on.' }),
    commit: t.field({ type: CommitRef, resolve: (r) => commitNode(r.repository, r.commit) }),
    files: t.field({
      type: [ContentEntryRef],
      nullable: { list: false, items: true },
      description: 'One per file operation, in order; null where a file was deleted.',
      resolve: (r) => r.files,
    }),
  }),
});

builder.mutationFields((t) => ({
  changeFiles: t.field({
    type: ChangeFilesPayload,
    description: 'Creates, updates, moves and deletes files in one commit (write access).',
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), input: t.arg({ type: ChangeFilesInput, required: true }) },
    resolve: (_root, { owner, name, input }, ctx) => changes.changeFiles(ctx, owner, name, input),
  }),
  applyDiffPatch: t.field({
    type: ChangeFilesPayload,
    description: 'Applies a patch as one commit (write access); a patch that does not apply is a conflict.',
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), input: t.arg({ type: ApplyDiffPatchInput, required: true }) },
    resolve: (_root, { owner, name, input }, ctx) => changes.applyDiffPatch(ctx, owner, name, input),
  }),
}));
