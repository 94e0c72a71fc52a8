import { requireUser } from '../../auth/viewer.ts';
import type { User } from '../../db/models.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { applyPatchToTree } from '../../git/apply.ts';
import { readObject } from '../../git/cat-file.ts';
import { commitTree, lookupPath } from '../../git/contents.ts';
import { GitError } from '../../git/errors.ts';
import { parseCommit, type Commit } from '../../git/objects.ts';
import { branchNames, isValidRefShortName, isWellFormedRefName } from '../../git/refs.ts';
import { resolveCommit, updateRef, zeroOid, type ObjectFormat } from '../../git/repo.ts';
import { queuedOnRef } from '../../git/ref-queue.ts';
import { buildTree, carryChanges, createCommit, overlappingPath, treeChanges, type FileChange, type Identity, type PathChange } from '../../git/write.ts';
import type { ServiceContext } from '../../services.ts';
import { commitSigner } from '../gpg/gpg.signing.ts';
import { toDomainError } from '../git-errors.ts';
import { CODE_READ } from '../access/access.service.ts';
import { getRepository, recordPush, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { repositoryPath } from '../repo/storage.ts';
import { getWritableRepository } from '../repo/writable.ts';
import type { ApplyPatchInput, ChangeFilesInput, CommitOptionsInput } from './contents.inputs.ts';
import { defaultMessage, finalMessage, identities, prepareFiles, type PreparedFile } from './contents.rules.ts';
import { itemsAt, type ContentItem } from './contents.service.ts';

/**
 * Changing files through commits made without a work tree, and applying patches. Rules follow Gitea's
 * contents API: write access to change, 404 for a missing branch or file, 422 for invalid paths,
 * existing files on create and stale blob ids. Concurrent writes that touch different paths all land;
 * 409 only when a path of the change was changed meanwhile, or the branch keeps moving underneath.
 */

export interface ChangeResult {
  repository: RepositoryWithOwner;
  branch: string;
  commit: Commit;
  /** The contents at each changed path after the commit; null where a file was deleted. */
  files: (ContentItem | null)[];
}

/**
 * Lost compare-and-swaps on the branch before a change gives up with 409. Writers of this instance take
 * turns (queuedOnRef) and never lose one to each other; only pushes and other instances can make it fail.
 */
const MAX_ATTEMPTS = 10;

interface Target {
  gitDir: string;
  repo: RepositoryWithOwner;
  viewer: User;
  base: string;
  target: string;
}

/** A writable repository (getWritableRepository), valid branch names. */
async function writableTarget(ctx: ServiceContext, owner: string, name: string, input: CommitOptionsInput): Promise<Target> {
  const viewer = requireUser(ctx.viewer);
  const { repo } = await getWritableRepository(ctx, owner, name);
  const base = input.branch?.trim() || repo.defaultBranch;
  const target = input.newBranch?.trim() || base;
  // No branch can have a name that is not well formed (main~1, main:x): such a base does not exist.
  if (!isWellFormedRefName(base)) throw notFound(`branch "${base}" does not exist`);
  if (target !== base && !isValidRefShortName(target)) throw invalid(`"${target}" is not a valid branch name`);
  return { gitDir: repositoryPath(ctx.config, repo.id), repo, viewer, base, target };
}

/** The commit a branch points at, or null. */
const branchHead = (gitDir: string, branch: string) => resolveCommit(gitDir, `refs/heads/${branch}`);

/**
 * The ref update a commit onto `target` needs: the current value of `target` when committing onto the
 * base branch itself, else zero (the new branch must not exist), or its current value with force_push.
 */
async function expectedTargetValue(t: Target, head: string | null, forcePush: boolean | null | undefined, format: ObjectFormat): Promise<string> {
  if (t.target === t.base) return head ?? zeroOid(format);
  const existing = await branchHead(t.gitDir, t.target);
  if (existing && !forcePush) throw invalid(`branch "${t.target}" already exists`);
  return existing ?? zeroOid(format);
}

/** Checks every file against the tree of `head` and turns it into the change buildTree makes. */
async function planChanges(gitDir: string, head: string | null, files: PreparedFile[]): Promise<FileChange[]> {
  const tree = head ? await commitTree(gitDir, head) : null;
  const lookup = async (path: string) => (tree ? lookupPath(gitDir, tree, path) : ({ kind: 'missing' } as const));
  const changes: FileChange[] = [];
  for (const file of files) {
    let mode: '100644' | '100755' = '100644';
    let existingOid: string | undefined;
    if (file.operation !== 'create') {
      const from = await lookup(file.fromPath);
      if (from.kind !== 'found') {
        if (file.operation !== 'upload') throw notFound(`file "${file.fromPath}" does not exist`);
        if (file.sha) throw invalid(`sha does not match: "${file.fromPath}" does not exist`);
      } else {
        if (from.entry.type === 'tree') throw invalid(`"${file.fromPath}" is a directory, not a file`);
        if (from.entry.type === 'commit') throw invalid(`"${file.fromPath}" is a submodule, not a file`);
        if (file.sha && file.sha !== from.entry.oid) {
          throw invalid(`sha does not match the current "${file.fromPath}" [given: ${file.sha}, current: ${from.entry.oid}]`);
        }
        if (!file.sha && (file.operation === 'update' || file.operation === 'delete')) {
          throw invalid(`sha of the current "${file.fromPath}" is required to ${file.operation} it`);
        }
        if (from.entry.mode === '100755') mode = '100755';
        existingOid = from.entry.oid;
      }
    }
    if (file.operation === 'delete') {
      changes.push({ op: 'delete', path: file.path });
      continue;
    }
    const at = await lookup(file.path);
    if (at.kind === 'blocked') throw invalid(`a file exists where you are trying to create a subdirectory [path: ${at.at.path}]`);
    if (at.kind === 'found') {
      if (at.entry.type === 'tree') throw invalid(`a directory exists where you are trying to create a file [path: ${file.path}]`);
      if (at.entry.mode === '120000') throw invalid(`a symbolic link exists at "${file.path}"`);
      if (at.entry.type === 'commit') throw invalid(`a submodule exists at "${file.path}"`);
      if (file.operation === 'create' || file.fromPath !== file.path) throw invalid(`file "${file.path}" already exists`);
    }
    const fromPath = file.fromPath !== file.path ? file.fromPath : undefined;
    if (file.operation === 'rename') changes.push({ op: 'write', path: file.path, oid: existingOid, mode, fromPath });
    else changes.push({ op: 'write', path: file.path, content: file.content ?? Buffer.alloc(0), mode, fromPath });
  }
  return changes;
}

/** A commit's worth of change, computed on `base` (null: the empty repository), not yet on any branch. */
interface Made {
  base: string | null;
  tree: string;
  message: string;
  author: Identity;
  committer: Identity;
}

/**
 * Puts a change on `target` and records the move (branch table, caches, push event): the short part of a
 * write that takes its turn on the ref (queuedOnRef), so writers of this instance never race each other.
 * Committing onto the base branch itself, the branch may have moved since the change was computed (a
 * push, another instance): the change is then carried over to the new tip when none of its paths changed
 * there, and is a 409 (a real conflict) when one did. Each lost compare-and-swap starts over on the new
 * tip, at most MAX_ATTEMPTS times.
 */
async function land(ctx: ServiceContext, t: Target, made: Made, forcePush: boolean | null | undefined): Promise<{ before: string; after: string }> {
  const format = t.repo.objectFormat as ObjectFormat;
  const ref = `refs/heads/${t.target}`;
  // Signed with the instance's key when the CRUD_ACTIONS rules hold for this parent (gpg.signing.ts).
  const commitOn = async (tree: string, parent: string | null) =>
    createCommit(t.gitDir, {
      tree,
      parents: parent ? [parent] : [],
      message: made.message,
      author: made.author,
      committer: made.committer,
      sign: await commitSigner(ctx, { kind: 'crudAction', actor: t.viewer, repoId: t.repo.id, parent }),
    });
  const onBase = commitOn(made.tree, made.base);
  onBase.catch(() => {});
  return queuedOnRef(t.gitDir, ref, async () => {
    let ours: PathChange[] | null = null;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      let expected: string;
      let commit: string;
      if (t.target !== t.base) {
        expected = await expectedTargetValue(t, made.base, forcePush, format);
        commit = await onBase;
      } else {
        const tip = await branchHead(t.gitDir, t.base);
        if (!tip && made.base) throw notFound(`branch "${t.base}" does not exist`);
        expected = tip ?? zeroOid(format);
        if (tip === made.base) commit = await onBase;
        else {
          ours ??= await treeChanges(t.gitDir, format, made.base, made.tree);
          const theirs = await treeChanges(t.gitDir, format, made.base, tip);
          const clash = overlappingPath(ours.map((c) => c.path), theirs.map((c) => c.path));
          if (clash) throw conflict(`"${clash}" changed on branch "${t.base}" while this change was being made`);
          commit = await commitOn(await carryChanges(t.gitDir, format, tip!, ours), tip);
        }
      }
      try {
        await updateRef(t.gitDir, ref, commit, expected);
      } catch (err) {
        if (err instanceof GitError && err.code === 'CONFLICT') continue;
        throw err;
      }
      await recordPush(ctx, t.repo, [{ ref, before: expected, after: commit }], t.viewer);
      return { before: expected, after: commit };
    }
    throw conflict(`branch "${t.target}" kept changing while the change was being committed; try again`);
  });
}

async function finish(ctx: ServiceContext, t: Target, after: string, paths: (string | null)[]): Promise<ChangeResult> {
  const repository = (await getRepository(ctx, t.repo.owner.login, t.repo.name, CODE_READ)).repo;
  const commitObj = await readObject(t.gitDir, after);
  if (!commitObj) throw new Error(`commit ${after} vanished`);
  return { repository, branch: t.target, commit: parseCommit(commitObj.oid, commitObj.data), files: await itemsAt(ctx, t.repo, after, paths) };
}

/**
 * Creates, updates, renames and deletes files in one commit on `branch` (or on `newBranch`, made from
 * it). The files are checked against the branch as the request finds it (a stale `sha`, a file that
 * exists on create: 422, as in Gitea), the commit built, then landed (land): a change racing another one
 * on the same paths is a 409, changes on other paths all land.
 */
export async function changeFiles(ctx: ServiceContext, owner: string, name: string, input: ChangeFilesInput): Promise<ChangeResult> {
  const t = await writableTarget(ctx, owner, name, input);
  const files = prepareFiles(input.files);
  const { author, committer } = identities(t.viewer, input);
  const message = finalMessage(input.message?.trim() || defaultMessage(files), input.signoff, committer);
  const format = t.repo.objectFormat as ObjectFormat;
  try {
    const head = await branchHead(t.gitDir, t.base);
    if (!head) {
      const empty = (await branchNames(t.gitDir)).length === 0;
      if (!empty) throw notFound(`branch "${t.base}" does not exist`);
    }
    await expectedTargetValue(t, head, input.forcePush, format);
    const tree = await buildTree(t.gitDir, format, head, await planChanges(t.gitDir, head, files));
    const { after } = await land(ctx, t, { base: head, tree, message, author, committer }, input.forcePush);
    return await finish(ctx, t, after, files.map((f) => (f.operation === 'delete' ? null : f.path)));
  } catch (err) {
    throw toDomainError(err);
  }
}

/** Applies a patch to `branch` (or a new branch made from it) as one commit, landed as changeFiles lands. */
export async function applyDiffPatch(ctx: ServiceContext, owner: string, name: string, input: ApplyPatchInput): Promise<ChangeResult> {
  const t = await writableTarget(ctx, owner, name, input);
  if (!input.content?.trim()) throw invalid('content: a patch is required');
  const { author, committer } = identities(t.viewer, input);
  const message = finalMessage(input.message?.trim() || 'apply-patch', input.signoff, committer);
  const format = t.repo.objectFormat as ObjectFormat;
  const patch = Buffer.from(input.content.endsWith('\n') ? input.content : `${input.content}\n`, 'utf8');
  try {
    const head = await branchHead(t.gitDir, t.base);
    if (!head) throw notFound(`branch "${t.base}" does not exist`);
    await expectedTargetValue(t, head, input.forcePush, format);
    const tree = await applyPatchToTree(t.gitDir, head, patch);
    const { after } = await land(ctx, t, { base: head, tree, message, author, committer }, input.forcePush);
    return await finish(ctx, t, after, []);
  } catch (err) {
    throw toDomainError(err);
  }
}
