import { lookup } from '../../graphql/errors.ts';
import { readsCode } from '../access/access.graphql.ts';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import type { Repository, User } from '../../db/models.ts';
import type { Changes, ChangedFile } from '../../git/diff.ts';
import type { ListedEntry } from '../../git/gitdata.ts';
import type { Signature } from '../../git/objects.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { UserRef } from '../user/user.graphql.ts';
import { canSeeUser } from '../user/user.service.ts';
import { verifyCommit, type CommitSigner as CommitSignerData, type Verification } from '../gpg/gpg.verification.ts';
import * as commits from './commit.service.ts';

export const GitActor = builder.objectRef<Signature>('GitActor').implement({
  description: 'The author or committer of a commit, or the tagger of a tag, as git recorded them.',
  fields: (t) => ({
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    date: t.exposeString('date', { description: 'RFC 3339, in the offset git recorded.' }),
    user: t.field({
      type: UserRef,
      nullable: true,
      description: 'The Graft account with this e-mail address, when there is one the viewer may see.',
      resolve: (sig, _args, ctx) => {
        if (!sig.email) return null;
        const email = sig.email.toLowerCase();
        const visible = (user: User | null) => (user && canSeeUser(ctx.viewer, user) ? user : null);
        // Answered without a promise when the cache knows the address: a page of commits resolves two per commit.
        const known = ctx.loaders.userByEmail.peek(email);
        return known !== undefined ? visible(known) : ctx.loaders.userByEmail.load(email).then(visible);
      },
    }),
  }),
});

const CommitStats = builder.objectRef<Changes>('CommitStats').implement({
  description: 'Lines added and deleted by a commit (binary files count none).',
  fields: (t) => ({
    additions: t.exposeInt('additions'),
    deletions: t.exposeInt('deletions'),
    total: t.int({ resolve: (c) => c.additions + c.deletions }),
  }),
});

const FileStatusEnum = builder.enumType('FileChangeStatus', { values: ['added', 'modified', 'removed', 'renamed'] as const });

export const ChangedFileRef = builder.objectRef<ChangedFile>('ChangedFile').implement({
  description: 'A file a commit or comparison changed.',
  fields: (t) => ({
    filename: t.exposeString('filename'),
    previousFilename: t.string({ nullable: true, description: 'The path before a rename.', resolve: (f) => f.previousFilename ?? null }),
    status: t.field({ type: FileStatusEnum, resolve: (f) => f.status }),
    additions: t.exposeInt('additions'),
    deletions: t.exposeInt('deletions'),
    changes: t.int({ resolve: (f) => f.additions + f.deletions }),
    binary: t.exposeBoolean('binary'),
  }),
});

const CommitSigner = builder.objectRef<CommitSignerData>('CommitSigner').implement({
  description:
    "Who verified a signature: the account whose key did (none for the instance's signing key), the name it shows, " +
    'and the address the signature stands for.',
  fields: (t) => ({
    email: t.exposeString('email'),
    name: t.exposeString('name', { description: "The account's full name or login; SIGNING_NAME for the instance's key." }),
    user: t.field({ type: UserRef, nullable: true, description: "None for the instance's signing key.", resolve: (s) => s.user }),
  }),
});

const CommitVerification = builder.objectRef<Verification>('CommitVerification').implement({
  description:
    "Whether a commit's signature (GPG or SSH) is verified against the keys of Graft's accounts, with Gitea's reason: " +
    "the signer's login (SIGNING_NAME for the instance's key) and key id or fingerprint, or gpg.error.not_signed_commit, gpg.error.no_gpg_keys_found, " +
    'gpg.error.probable_bad_signature, gpg.error.extract_sign.',
  fields: (t) => ({
    verified: t.exposeBoolean('verified'),
    reason: t.exposeString('reason'),
    signature: t.exposeString('signature'),
    payload: t.exposeString('payload'),
    signer: t.field({ type: CommitSigner, nullable: true, description: 'Set when verified.', resolve: (v) => v.signer }),
  }),
});

export const CommitRef = builder.objectRef<commits.CommitNode>('Commit').implement({
  description: 'A git commit of a repository.',
  fields: (t) => ({
    oid: t.exposeString('oid'),
    abbreviatedOid: t.string({ resolve: (n) => n.commit.oid.slice(0, 10) }),
    message: t.exposeString('message'),
    messageHeadline: t.string({ resolve: (n) => n.commit.message.split('\n', 1)[0] }),
    author: t.expose('author', { type: GitActor }),
    committer: t.expose('committer', { type: GitActor }),
    treeOid: t.string({ resolve: (n) => n.commit.tree }),
    parentOids: t.stringList({ resolve: (n) => n.commit.parents }),
    stats: t.field({
      type: CommitStats,
      description: 'Computed for all commits of a list together.',
      resolve: (n, _a, ctx) => ctx.loaders.commitChanges.load(n),
    }),
    files: t.field({
      type: [ChangedFileRef],
      description: 'Files changed against the first parent; computed for all commits of a list together.',
      resolve: async (n, _a, ctx) => (await ctx.loaders.commitChanges.load(n)).files,
    }),
    verification: t.field({
      type: CommitVerification,
      description: 'Checked for all commits of a list together (their keys load in one batch).',
      resolve: async (n, _a, ctx) => verifyCommit(ctx, await commits.signedCommitOf(ctx, n)),
    }),
    diff: t.string({
      description: 'The raw diff against the first parent.',
      complexity: 20,
      resolve: (n, _a, ctx) => commits.diffOf(ctx, n),
    }),
    patch: t.string({
      description: 'The commit as an mbox patch (git format-patch).',
      complexity: 20,
      resolve: (n, _a, ctx) => commits.patchOf(ctx, n),
    }),
  }),
});

export const CommitConnection = builder.connectionObject({
  type: CommitRef,
  name: 'CommitConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const TreeEntryTypeEnum = builder.enumType('TreeEntryType', { values: ['blob', 'tree', 'commit'] as const });

const TreeEntryRef = builder.objectRef<ListedEntry>('TreeEntry').implement({
  description: 'An entry of a git tree: a file (blob), a directory (tree) or a submodule (commit).',
  fields: (t) => ({
    path: t.exposeString('path', { description: "Relative to the listed tree's root." }),
    mode: t.exposeString('mode'),
    type: t.field({ type: TreeEntryTypeEnum, resolve: (e) => e.type }),
    oid: t.exposeString('oid'),
    size: t.exposeInt('size', { description: 'Bytes of a blob; 0 for trees and submodules.' }),
  }),
});

const TreeEntryConnection = builder.connectionObject({
  type: TreeEntryRef,
  name: 'TreeEntryConnection',
  fields: (t) => ({
    totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }),
    oid: t.string({ description: 'The id of the listed tree.', resolve: (c) => (c as unknown as { oid: string }).oid }),
  }),
});

const LfsPointer = builder.objectRef<{ oid: string; size: number }>('LfsPointer').implement({
  fields: (t) => ({ oid: t.exposeString('oid'), size: t.exposeInt('size') }),
});

const BlobRef = builder.objectRef<commits.BlobData>('Blob').implement({
  description: 'A git blob (file content).',
  fields: (t) => ({
    oid: t.exposeString('oid'),
    size: t.exposeInt('size'),
    contentBase64: t.string({
      nullable: true,
      description: 'The content, base64-encoded; null when the blob is larger than DEFAULT_MAX_BLOB_SIZE.',
      resolve: (b) => b.content?.toString('base64') ?? null,
    }),
    lfs: t.field({ type: LfsPointer, nullable: true, description: 'Set when the content is a Git LFS pointer.', resolve: (b) => b.lfs ?? null }),
  }),
});

const ComparisonRef = builder.objectRef<commits.Comparison>('Comparison').implement({
  description: 'What one revision adds to another.',
  fields: (t) => ({
    baseOid: t.exposeString('baseOid'),
    headOid: t.exposeString('headOid'),
    mergeBaseOid: t.exposeString('mergeBaseOid', { nullable: true }),
    commits: t.connection(
      {
        type: CommitRef,
        description: 'Commits reachable from head but not from base, newest first.',
        complexity: connectionComplexity,
        resolve: (c, args, ctx) => offsetConnection(args, (window) => commits.comparisonCommits(ctx, c, window), 250),
      },
      CommitConnection,
    ),
    files: t.field({
      type: [ChangedFileRef],
      description: 'Files changed from the merge base (or, for a direct comparison, from base) to head.',
      resolve: async (c, _a, ctx) => (await commits.comparisonChanges(ctx, c)).files,
    }),
    diff: t.string({ complexity: 20, resolve: (c, _a, ctx) => commits.comparisonDiff(ctx, c) }),
    patch: t.string({ complexity: 20, resolve: (c, _a, ctx) => commits.comparisonPatch(ctx, c) }),
  }),
});

const GitNoteRef = builder.objectRef<commits.NoteNode>('GitNote').implement({
  description: 'A git note (refs/notes/commits) attached to a commit.',
  fields: (t) => ({
    message: t.exposeString('message'),
    commit: t.field({ type: CommitRef, description: 'The commit of the notes history that last changed this note.', resolve: (n) => n.commit }),
  }),
});

builder.objectFields(RepositoryRef, (t) => ({
  note: t.field({
    authScopes: readsCode,
    type: GitNoteRef,
    nullable: true,
    description: 'The git note of the commit a revision names; null when there is none.',
    args: { rev: t.arg.string({ required: true }) },
    resolve: (repo, { rev }, ctx) => lookup(ctx, () => commits.getNote(ctx, repo as Repository, rev), () => `no note for "${rev}"`),
  }),
  commit: t.field({
    authScopes: readsCode,
    type: CommitRef,
    nullable: true,
    description: 'A commit by id, branch, tag or any revision; null when it names no commit.',
    args: { rev: t.arg.string({ required: true }) },
    resolve: (repo, { rev }, ctx) => lookup(ctx, () => commits.getCommit(ctx, repo as Repository, rev), () => `commit "${rev}" does not exist`),
  }),
  commits: t.connection(
    {
      authScopes: readsCode,
      type: CommitRef,
      description: 'History from a revision (default branch by default), newest first.',
      complexity: connectionComplexity,
      args: {
        rev: t.arg.string(),
        path: t.arg.string({ description: 'Only commits touching this file or directory.' }),
        since: t.arg({ type: 'DateTime', description: 'Only commits committed at or after this time.' }),
        until: t.arg({ type: 'DateTime', description: 'Only commits committed at or before this time.' }),
        not: t.arg.string({ description: 'Leave out the history of this revision.' }),
      },
      resolve: (repo, { first, after, last, before, ...filter }, ctx) =>
        offsetConnection({ first, after, last, before }, (window) => commits.listCommits(ctx, repo as Repository, filter, window)),
    },
    CommitConnection,
  ),
  tree: t.connection(
    {
      authScopes: readsCode,
      type: TreeEntryRef,
      nullable: true,
      description: 'The entries of a tree, by commit, branch, tag or tree id; null when it names no tree.',
      complexity: connectionComplexity,
      args: { rev: t.arg.string({ required: true }), recursive: t.arg.boolean() },
      resolve: async (repo, { rev, recursive, ...page }, ctx) => {
        let oid = '';
        let found = true;
        const connection = await offsetConnection(
          page,
          async (window) => {
            const listing = await commits.getTree(ctx, repo as Repository, rev, !!recursive, window);
            if (!listing) {
              found = false;
              return { items: [], totalCount: 0 };
            }
            oid = listing.oid;
            return listing.page;
          },
          ctx.config.api.DEFAULT_GIT_TREES_PER_PAGE,
        );
        return lookup(ctx, async () => (found ? { ...connection, oid } : null), () => `sha not found [${rev}]`);
      },
    },
    TreeEntryConnection,
  ),
  blob: t.field({
    authScopes: readsCode,
    type: BlobRef,
    nullable: true,
    description: 'A blob by object id; null when there is none.',
    args: { oid: t.arg.string({ required: true }) },
    resolve: (repo, { oid }, ctx) => lookup(ctx, () => commits.getBlob(ctx, repo as Repository, oid), () => `blob ${oid} does not exist`),
  }),
  compare: t.field({
    authScopes: readsCode,
    type: ComparisonRef,
    description: 'Compares two revisions (commit ids, branches, tags); `direct` diffs from base itself instead of the merge base.',
    args: { base: t.arg.string({ required: true }), head: t.arg.string({ required: true }), direct: t.arg.boolean() },
    resolve: (repo, { base, head, direct }, ctx) => commits.compare(ctx, repo as Repository, base, head, !!direct),
  }),
}));
