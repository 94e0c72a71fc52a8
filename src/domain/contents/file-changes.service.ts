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
import { commitChanges, createCommit, type FileChange } from '../../git/write.ts';
import type { ServiceContext } from '../../services.ts';
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
 * existing files on create and stale blob ids, 409 when the branch keeps moving underneath.
 */

export interface ChangeResult {
  repository: RepositoryWithOwner;
  branch: string;
  commit: Commit;
  /** The contents at each changed path after the commit; null where a file was deleted. */
  files: (ContentItem | null)[];
}

/** Lost races on the branch before a change gives up with 409. */
const MAX_ATTEMPTS = 5;

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

/** Checks every file against the tree of `head` and turns it into the change commitChanges makes. */
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

async function finish(ctx: ServiceContext, t: Target, before: string, after: string, paths: (string | null)[]): Promise<ChangeResult> {
  await recordPush(ctx, t.repo, [{ ref: `refs/heads/${t.target}`, before, after }], t.viewer);
  const repository = (await getRepository(ctx, t.repo.owner.login, t.repo.name, CODE_READ)).repo;
  const commitObj = await readObject(t.gitDir, after);
  if (!commitObj) throw new Error(`commit ${after} vanished`);
  return { repository, branch: t.target, commit: parseCommit(commitObj.oid, commitObj.data), files: await itemsAt(ctx, t.repo, after, paths) };
}

/**
 * Creates, updates, renames and deletes files in one commit on `branch` (or on `newBranch`, made from
 * it). The ref moves by compare-and-swap: when another change lands first, the checks run again on the
 * new head (so a stale `sha` fails) and the commit is rebuilt; after several lost races, 409.
 */
export async function changeFiles(ctx: ServiceContext, owner: string, name: string, input: ChangeFilesInput): Promise<ChangeResult> {
  const t = await writableTarget(ctx, owner, name, input);
  const files = prepareFiles(input.files);
  const { author, committer } = identities(t.viewer, input);
  const message = finalMessage(input.message?.trim() || defaultMessage(files), input.signoff, committer);
  const format = t.repo.objectFormat as ObjectFormat;

  for (let attempt = 1; ; attempt++) {
    const head = await branchHead(t.gitDir, t.base);
    if (!head) {
      const empty = (await branchNames(t.gitDir)).length === 0;
      if (!empty) throw notFound(`branch "${t.base}" does not exist`);
    }
    const expectedOld = await expectedTargetValue(t, head, input.forcePush, format);
    const changes = await planChanges(t.gitDir, head, files);
    try {
      const commit = await commitChanges(t.gitDir, {
        objectFormat: format,
        branch: t.target,
        parent: head,
        changes,
        message,
        author,
        committer,
        expectedOld,
      });
      return await finish(ctx, t, expectedOld, commit, files.map((f) => (f.operation === 'delete' ? null : f.path)));
    } catch (err) {
      if (err instanceof GitError && err.code === 'CONFLICT') {
        if (attempt < MAX_ATTEMPTS) continue;
        throw conflict(`branch "${t.target}" kept changing while the files were being committed; try again`);
      }
      throw toDomainError(err);
    }
  }
}

/** Applies a patch to `branch` (or a new branch made from it) as one commit. */
export async function applyDiffPatch(ctx: ServiceContext, owner: string, name: string, input: ApplyPatchInput): Promise<ChangeResult> {
  const t = await writableTarget(ctx, owner, name, input);
  if (!input.content?.trim()) throw invalid('content: a patch is required');
  const { author, committer } = identities(t.viewer, input);
  const message = finalMessage(input.message?.trim() || 'apply-patch', input.signoff, committer);
  const format = t.repo.objectFormat as ObjectFormat;
  const patch = Buffer.from(input.content.endsWith('\n') ? input.content : `${input.content}\n`, 'utf8');

  for (let attempt = 1; ; attempt++) {
    const head = await branchHead(t.gitDir, t.base);
    if (!head) throw notFound(`branch "${t.base}" does not exist`);
    const expectedOld = await expectedTargetValue(t, head, input.forcePush, format);
    try {
      const tree = await applyPatchToTree(t.gitDir, head, patch);
      const commit = await createCommit(t.gitDir, { tree, parents: head ? [head] : [], message, author, committer });
      await updateRef(t.gitDir, `refs/heads/${t.target}`, commit, expectedOld);
      return await finish(ctx, t, expectedOld, commit, []);
    } catch (err) {
      if (err instanceof GitError && err.code === 'CONFLICT' && /changed meanwhile/.test(err.message)) {
        if (attempt < MAX_ATTEMPTS) continue;
        throw conflict(`branch "${t.target}" kept changing while the patch was being applied; try again`);
      }
      throw toDomainError(err);
    }
  }
}
