import type { Repository } from '../../db/models.ts';
import { conflict, forbidden, invalid, notFound, badRequest } from '../../errors.ts';
import { readObject } from '../../git/cat-file.ts';
import type { AnnotatedTag } from '../../git/objects.ts';
import {
  branchNames,
  createRef,
  deleteRefIfAt,
  forEachRef,
  isValidRefShortName,
  isWellFormedRefName,
  listAllRefs,
  MAX_REF_NAME_LENGTH,
  readAnnotatedTag,
  readBranch,
  readBranchHeads,
  readTagRef,
  readTagsAt,
  renameRef,
  resolveStartPoint,
  writeTagObject,
  type BranchEntry,
  type RefEntry,
  type TagEntry,
} from '../../git/refs.ts';
import { GitError } from '../../git/errors.ts';
import { queuedOnRef } from '../../git/ref-queue.ts';
import { setHead, type ObjectFormat } from '../../git/repo.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { atLeast, repositoryPermission, type AccessLevel } from '../access/access.service.ts';
import { assertTagAllowed, factsFor, repositoryRules, viewerAsPusher, type BranchProtectionFacts, type ReadRule } from '../protection/protection.service.ts';
import type { Pusher } from '../protection/protection.rules.ts';
import { isGlobRuleName, ruleFor } from '../protection/protection.rules.ts';
import { withGitErrors } from '../git-errors.ts';
import { commitNode, type CommitNode } from '../commit/commit.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import { repositoryPath } from '../repo/storage.ts';
import { branchByName, branchPage, syncRefs, tagByName, tagPage } from './ref-table.ts';
import type { CreateBranchInput, CreateTagInput, UpdateBranchInput } from './branch.inputs.ts';
import { isAncestor } from '../../git/merge.ts';
import { updateRef } from '../../git/repo.ts';

/**
 * A branch as the API shows it: its head commit, and what the viewer may do with it. Every answer is a
 * plain property, so that a page's fields need no resolver call per branch.
 */
export interface BranchView {
  name: string;
  /** The head commit id. */
  oid: string;
  /** The head commit with its repository, as the Commit type takes it. */
  commit: CommitNode;
  repo: RepositoryWithOwner;
  access: AccessLevel;
  isDefault: boolean;
  /** Whether the viewer may push to the branch and merge into it: write access, within the branch's protection rule. */
  viewerCanPush: boolean;
  viewerCanMerge: boolean;
  /** Whether a protection rule covers the branch. */
  protected: boolean;
  /** The rule that covers the branch (the first that matches), if any. */
  protection: ReadRule | null;
}

export interface TagView extends TagEntry {
  repo: RepositoryWithOwner;
}

export interface RefView extends RefEntry {
  repo: RepositoryWithOwner;
}

export interface AnnotatedTagView {
  repo: RepositoryWithOwner;
  tag: AnnotatedTag;
  commitOid: string | null;
}

const gitDirOf = (ctx: Pick<ServiceContext, 'config'>, repo: Repository) => repositoryPath(ctx.config, repo.id);
const format = (repo: Repository) => repo.objectFormat as ObjectFormat;

/** Ref work whose git failures become domain errors (a lost compare-and-swap is a conflict). */
const refChange = <T>(what: string, run: () => Promise<T>): Promise<T> =>
  withGitErrors(run, { doing: what, conflict: `${what}: it changed meanwhile, try again` });

/** Lost compare-and-swaps (to pushes, or other instances) before a branch delete or rename gives up with 409. */
const MAX_ATTEMPTS = 5;

/**
 * Changes a branch by a compare-and-swap on its current value (`change` gets the branch as it is), in turn
 * with the API's other writes to it (queuedOnRef), so a file change landing meanwhile never makes it fail;
 * when a push moved the branch between the read and the swap, it reads the branch again (bounded). Returns
 * the branch as it was changed.
 */
function changeBranchRef(gitDir: string, branch: string, what: string, change: (current: BranchEntry) => Promise<void>): Promise<BranchEntry> {
  return refChange(what, () =>
    queuedOnRef(gitDir, `refs/heads/${branch}`, async () => {
      for (let attempt = 1; ; attempt++) {
        const current = await readBranch(gitDir, branch);
        if (!current) throw notFound(`the branch "${branch}" does not exist`);
        try {
          await change(current);
          return current;
        } catch (err) {
          const moved = err instanceof GitError && err.code === 'CONFLICT' && (await readBranch(gitDir, branch))?.oid !== current.oid;
          if (!moved || attempt >= MAX_ATTEMPTS) throw err;
        }
      }
    }),
  );
}

/** What the viewer's answers about branches of a repository need, loaded once for a page: its access and the rules. */
interface BranchGround {
  access: AccessLevel;
  rules: ReadRule[];
  pusher: Pusher;
}

async function branchGround(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<BranchGround> {
  const [permission, rules] = await Promise.all([repositoryPermission(ctx, repo), repositoryRules(ctx, repo.id)]);
  return { access: permission.level, rules, pusher: await viewerAsPusher(ctx, permission.units['repo.code']) };
}

function view(repo: RepositoryWithOwner, ground: BranchGround, entry: BranchEntry): BranchView {
  const facts: BranchProtectionFacts = factsFor(ground.rules, entry.name, ground.pusher);
  return {
    name: entry.name,
    oid: entry.oid,
    commit: commitNode(repo, entry.commit),
    repo,
    access: ground.access,
    isDefault: entry.name === repo.defaultBranch,
    viewerCanPush: facts.canPush,
    viewerCanMerge: facts.canMerge,
    protected: facts.rule !== null,
    protection: facts.rule,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading (the caller has already loaded a repository the viewer can read)

/**
 * A page of branches, optionally only those whose name contains `query` (case-insensitive): the branch
 * table pages and counts; the page's head commits come through the batch reader (no git process), each
 * confirming its row.
 */
export async function listBranches(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow, query?: string | null): Promise<Page<BranchView>> {
  if (repo.isEmpty) return { items: [], totalCount: 0 };
  const [ground, page] = await Promise.all([
    branchGround(ctx, repo),
    branchPage(ctx, repo, window, query?.trim(), (rows) => headsOf(ctx, repo, rows)),
  ]);
  return { items: page.items.map((b) => view(repo, ground, b)), totalCount: page.totalCount };
}

export async function getBranch(ctx: ServiceContext, repo: RepositoryWithOwner, name: string): Promise<BranchView | null> {
  if (repo.isEmpty || !isWellFormedRefName(name)) return null;
  const [ground, entry] = await Promise.all([branchGround(ctx, repo), branchByName(ctx, repo, name, (rows) => headsOf(ctx, repo, rows))]);
  return entry ? view(repo, ground, entry) : null;
}

/** The head commits of branch rows, from git; null where git no longer has the row's commit there. */
async function headsOf(ctx: ServiceContext, repo: Repository, rows: { name: string; commitId: string }[]): Promise<(BranchEntry | null)[]> {
  const heads = await readBranchHeads(gitDirOf(ctx, repo), rows.map((r) => r.name));
  return heads.map((head, i) => (head?.oid === rows[i].commitId ? head : null));
}

/** A page of tags, newest first: the tag table pages and counts; tag objects come through the batch reader. */
export async function listTags(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow): Promise<Page<TagView>> {
  if (repo.isEmpty) return { items: [], totalCount: 0 };
  const page = await tagPage(ctx, repo, window, (refs) => readTagsAt(gitDirOf(ctx, repo), refs));
  return { items: page.items.map((t) => ({ ...t, repo })), totalCount: page.totalCount };
}

export async function getTag(ctx: ServiceContext, repo: RepositoryWithOwner, name: string): Promise<TagView | null> {
  if (repo.isEmpty || !isWellFormedRefName(name)) return null;
  const entry = await tagByName(ctx, repo, name, (refs) => readTagsAt(gitDirOf(ctx, repo), refs));
  return entry ? { ...entry, repo } : null;
}

/** Refs whose full name starts with `prefix` (a plain string prefix, as Gitea matches: refs/heads/ma finds main). */
export async function listRefs(ctx: ServiceContext, repo: RepositoryWithOwner, prefix?: string | null): Promise<RefView[]> {
  const refs = await listAllRefs(gitDirOf(ctx, repo));
  return refs.filter((r) => !prefix || r.name.startsWith(prefix)).map((r) => ({ ...r, repo }));
}

/** The tag object with this id; 404 when there is none, 400 when the object is not a tag. */
export async function getAnnotatedTag(ctx: ServiceContext, repo: RepositoryWithOwner, oid: string): Promise<AnnotatedTagView> {
  if (!/^[0-9a-f]{4,64}$/i.test(oid)) throw badRequest(`"${oid}" is not an object id`);
  const found = await readAnnotatedTag(gitDirOf(ctx, repo), oid);
  if (found) return { repo, ...found };
  if (await readObject(gitDirOf(ctx, repo), oid.toLowerCase())) throw badRequest(`${oid} is not an annotated tag object`);
  throw notFound(`tag object ${oid} does not exist`);
}

// ---------------------------------------------------------------------------------------------
// Changing


function checkNewName(kind: 'branch' | 'tag', name: string) {
  if (!isValidRefShortName(name)) {
    throw invalid(`"${name}" is not a valid ${kind} name (git ref name rules; at most ${MAX_REF_NAME_LENGTH} characters)`, { field: kind === 'branch' ? 'new_branch_name' : 'tag_name' });
  }
}

/** Whether `other` and `name` cannot both exist as refs (one would be a directory of the other). */
const nestsWith = (name: string, other: string) => other.startsWith(`${name}/`) || name.startsWith(`${other}/`);

/**
 * Creates a branch from another branch, a tag or a commit (default: the default branch). Gitea's answers:
 * 404 for an empty repository or a missing start point, 409 when the name is taken (by a branch or a tag),
 * 422 for an invalid name.
 */
export async function createBranch(ctx: ServiceContext, owner: string, name: string, input: CreateBranchInput): Promise<BranchView> {
  const { repo } = await getWritableRepository(ctx, owner, name);
  checkNewName('branch', input.newBranchName);
  if (repo.isEmpty) throw notFound(`${repo.owner.login}/${repo.name} is empty: it has no commit to start a branch from`);
  const gitDir = gitDirOf(ctx, repo);

  let start: string | null;
  if (input.oldRefName) {
    start = await resolveStartPoint(gitDir, input.oldRefName);
    if (!start) throw notFound(`"${input.oldRefName}" is not a branch, tag or commit of this repository`);
  } else if (input.oldBranchName) {
    start = isWellFormedRefName(input.oldBranchName) ? (await readBranch(gitDir, input.oldBranchName))?.oid ?? null : null;
    if (!start) throw notFound(`the old branch "${input.oldBranchName}" does not exist`);
  } else {
    start = (await readBranch(gitDir, repo.defaultBranch))?.oid ?? null;
    if (!start) throw notFound(`the default branch "${repo.defaultBranch}" does not exist`);
  }

  const existing = await forEachRef(gitDir, ['refs/heads/', `refs/tags/${input.newBranchName}`]);
  const names = existing.filter((r) => r.name.startsWith('refs/heads/')).map((r) => r.name.slice('refs/heads/'.length));
  if (names.includes(input.newBranchName)) throw conflict(`the branch "${input.newBranchName}" already exists`);
  if (existing.some((r) => r.name === `refs/tags/${input.newBranchName}`)) throw conflict(`a tag named "${input.newBranchName}" already exists`);
  const clash = names.find((n) => nestsWith(input.newBranchName, n));
  if (clash) throw conflict(`the branch name "${input.newBranchName}" conflicts with the existing branch "${clash}"`);

  await refChange(`creating branch "${input.newBranchName}"`, () => createRef(gitDir, `refs/heads/${input.newBranchName}`, start, format(repo)));
  await syncRefs(ctx, repo);
  await ctx.events.publish('repo.branch', { repoId: repo.id, action: 'created', branch: input.newBranchName, oid: start, actorId: ctx.viewer.user?.id ?? null });
  const [created] = await readBranchHeads(gitDir, [input.newBranchName]);
  if (!created) throw conflict(`the branch "${input.newBranchName}" was removed meanwhile`);
  return view(repo, await branchGround(ctx, repo), created);
}

/** The answer to a change a branch's protection refuses (403), in Gitea's words. */
export const PROTECTED_MESSAGE = 'branch protected';

/**
 * Deletes a branch (write access). The default branch and a branch a protection rule covers cannot be
 * deleted (403), as in Gitea.
 */
export async function deleteBranch(ctx: ServiceContext, owner: string, name: string, branch: string): Promise<void> {
  const { repo } = await getWritableRepository(ctx, owner, name);
  if (repo.isEmpty) throw notFound(`${repo.owner.login}/${repo.name} is empty: it has no branches`);
  if (branch === repo.defaultBranch) throw forbidden(`"${branch}" is the default branch and cannot be deleted`);
  const gitDir = gitDirOf(ctx, repo);
  const current = isWellFormedRefName(branch) ? await readBranch(gitDir, branch) : null;
  if (!current) throw notFound(`the branch "${branch}" does not exist`);
  const rule = ruleFor(await repositoryRules(ctx, repo.id), branch);
  if (rule) throw forbidden(`${PROTECTED_MESSAGE}: the rule "${rule.ruleName}" covers "${branch}"`);
  const deleted = await changeBranchRef(gitDir, branch, `deleting branch "${branch}"`, (at) => deleteRefIfAt(gitDir, `refs/heads/${branch}`, at.oid));
  await syncRefs(ctx, repo);
  await ctx.events.publish('repo.branch', { repoId: repo.id, action: 'deleted', branch, oid: deleted.oid, actorId: ctx.viewer.user?.id ?? null });
}

/**
 * Who may rename (SPEC.md): a branch a glob rule covers, nobody; the default branch or a branch a rule names,
 * repository admins (owners and site admins included); any other branch, anyone with write access.
 */
export function mayRenameBranch(access: AccessLevel, isDefault: boolean, rule: { ruleName: string } | null = null): boolean {
  if (rule && isGlobRuleName(rule.ruleName)) return false;
  return atLeast(access, isDefault || rule ? 'admin' : 'write');
}

/**
 * Renames a branch in one ref transaction. The default branch may be renamed by repository admins, and
 * then the repository's default branch and HEAD follow. 404 when the branch does not exist, 422 when the
 * new name is invalid, the same, or taken.
 */
export async function renameBranch(ctx: ServiceContext, owner: string, name: string, branch: string, newName: string): Promise<BranchView> {
  const { repo, access } = await getWritableRepository(ctx, owner, name);
  checkNewName('branch', newName);
  if (repo.isEmpty) throw notFound(`${repo.owner.login}/${repo.name} is empty: it has no branches`);
  const isDefault = branch === repo.defaultBranch;
  const rule = ruleFor(await repositoryRules(ctx, repo.id), branch);
  if (rule && isGlobRuleName(rule.ruleName)) throw forbidden(`${PROTECTED_MESSAGE}: the glob rule "${rule.ruleName}" covers "${branch}", which cannot be renamed`);
  if (!mayRenameBranch(access, isDefault, rule)) {
    throw forbidden(rule ? `${PROTECTED_MESSAGE}: only repository administrators may rename it` : 'only repository administrators may rename the default branch');
  }
  const gitDir = gitDirOf(ctx, repo);
  const current = isWellFormedRefName(branch) ? await readBranch(gitDir, branch) : null;
  if (!current) throw notFound(`the branch "${branch}" does not exist`);
  if (newName === branch) throw invalid(`the branch is already named "${newName}"`);
  const names = (await branchNames(gitDir)).filter((n) => n !== branch);
  if (names.includes(newName)) throw invalid(`the branch "${newName}" already exists`);
  const clash = names.find((n) => nestsWith(newName, n));
  if (clash) throw invalid(`the branch name "${newName}" conflicts with the existing branch "${clash}"`);

  const renamedFrom = await changeBranchRef(gitDir, branch, `renaming branch "${branch}"`, (at) => renameRef(gitDir, `refs/heads/${branch}`, `refs/heads/${newName}`, at.oid));
  if (isDefault) await setHead(gitDir, newName);
  await syncRefs(ctx, repo, isDefault ? { defaultBranch: newName } : {});
  await ctx.events.publish('repo.branch', { repoId: repo.id, action: 'renamed', branch: newName, from: branch, oid: renamedFrom.oid, actorId: ctx.viewer.user?.id ?? null });
  const renamed: RepositoryWithOwner = isDefault ? { ...repo, defaultBranch: newName } : repo;
  return view(renamed, await branchGround(ctx, renamed), { ...renamedFrom, name: newName });
}

/**
 * Moves a branch to a commit (write access), under its protection rule: refused (403) when the rule does not
 * let the caller push, or when the move is not a fast-forward and the rule does not let the caller force push.
 * Without `force` a move that is not a fast-forward is a conflict (409), as is an `oldCommitId` that is not
 * the branch's head; the ref moves with a compare-and-swap, so a push racing the move loses one of them cleanly.
 */
export async function updateBranch(ctx: ServiceContext, owner: string, name: string, branch: string, input: UpdateBranchInput): Promise<BranchView> {
  const { repo } = await getWritableRepository(ctx, owner, name);
  if (repo.isEmpty) throw notFound(`${repo.owner.login}/${repo.name} is empty: it has no branches`);
  const gitDir = gitDirOf(ctx, repo);
  const current = isWellFormedRefName(branch) ? await readBranch(gitDir, branch) : null;
  if (!current) throw notFound(`the branch "${branch}" does not exist`);
  if (!input.newCommitId.trim()) throw invalid('new_commit_id names no commit', { field: 'new_commit_id' });
  const target = await resolveStartPoint(gitDir, input.newCommitId.trim());
  if (!target) throw notFound(`"${input.newCommitId}" is not a commit of this repository`);
  if (input.oldCommitId && input.oldCommitId.toLowerCase() !== current.oid) {
    throw conflict(`the branch "${branch}" is at ${current.oid}, not at ${input.oldCommitId}`);
  }
  const ground = await branchGround(ctx, repo);
  const facts = factsFor(ground.rules, branch, ground.pusher);
  if (!facts.canPush) throw forbidden(`${PROTECTED_MESSAGE}: the rule "${facts.rule?.ruleName}" does not let you push to "${branch}"`);
  if (target !== current.oid) {
    const fastForward = await isAncestor(gitDir, current.oid, target);
    if (!fastForward && !input.force) throw conflict(`moving "${branch}" to ${target} is not a fast-forward: set force to move it anyway`);
    if (!fastForward && !facts.canForcePush) throw forbidden(`${PROTECTED_MESSAGE}: the rule "${facts.rule?.ruleName}" does not let you force push to "${branch}"`);
    // In turn with the API's other writes to the branch (queuedOnRef): the swap fails only when a push moved it.
    await refChange(`moving branch "${branch}"`, () => queuedOnRef(gitDir, `refs/heads/${branch}`, () => updateRef(gitDir, `refs/heads/${branch}`, target, current.oid)));
    await syncRefs(ctx, repo);
    await ctx.events.publish('repo.branch', { repoId: repo.id, action: 'updated', branch, oid: target, previousOid: current.oid, actorId: ctx.viewer.user?.id ?? null });
  }
  const [moved] = await readBranchHeads(gitDir, [branch]);
  if (!moved) throw conflict(`the branch "${branch}" was removed meanwhile`);
  return view(repo, ground, moved);
}

/**
 * Creates a tag (write access): 404 when the target does not exist, 409 when the name is taken, 422 when invalid
 * or protected from the caller by a tag protection rule.
 */
export async function createTag(ctx: ServiceContext, owner: string, name: string, input: CreateTagInput): Promise<TagView> {
  const { repo } = await getWritableRepository(ctx, owner, name);
  return makeTag(ctx, repo, input);
}

/**
 * Makes a tag in a repository whose access the caller has checked (tags through the API, releases), with the
 * rules of both: the name must be a valid ref name (422), the target a branch, tag or commit (404), the name
 * free and not nesting with another tag (409). A message makes it annotated, tagged by the viewer. The tag
 * table follows, and `repo.tag` is published.
 */
export async function makeTag(ctx: ServiceContext, repo: RepositoryWithOwner, input: CreateTagInput): Promise<TagView> {
  checkNewName('tag', input.tagName);
  const gitDir = gitDirOf(ctx, repo);
  const target = input.target || repo.defaultBranch;
  const commit = await resolveStartPoint(gitDir, target);
  if (!commit) throw notFound(`the target "${target}" is not a branch, tag or commit of this repository`);
  const existing = await forEachRef(gitDir, ['refs/tags/']);
  if (existing.some((r) => r.name === `refs/tags/${input.tagName}`)) throw conflict(`the tag "${input.tagName}" already exists`);
  const clash = existing.find((r) => nestsWith(input.tagName, r.name.slice('refs/tags/'.length)));
  if (clash) throw conflict(`the tag name "${input.tagName}" conflicts with the existing tag "${clash.name.slice('refs/tags/'.length)}"`);
  // Checked where Gitea checks it: after the target and the name, so a taken name is still 409.
  await assertTagAllowed(ctx, repo, input.tagName, 'create');

  const message = input.message?.trim() ? input.message : '';
  await refChange(`creating tag "${input.tagName}"`, async () => {
    let oid = commit;
    if (message) {
      const viewer = ctx.viewer.user!;
      oid = await writeTagObject(gitDir, {
        name: input.tagName,
        targetOid: commit,
        message,
        tagger: { name: viewer.fullName || viewer.login, email: viewer.email },
      });
    }
    await createRef(gitDir, `refs/tags/${input.tagName}`, oid, format(repo));
  });
  await syncRefs(ctx, repo);
  const created = await readTagRef(gitDir, input.tagName);
  if (!created) throw conflict(`the tag "${input.tagName}" was removed meanwhile`);
  await ctx.events.publish('repo.tag', { repoId: repo.id, action: 'created', tag: input.tagName, oid: created.oid, commit, actorId: ctx.viewer.user?.id ?? null });
  return { ...created, repo };
}

/** Deletes a tag (write access): 404 when there is none, 422 when a tag protection rule protects it from the caller. */
export async function deleteTag(ctx: ServiceContext, owner: string, name: string, tag: string): Promise<void> {
  const { repo } = await getWritableRepository(ctx, owner, name);
  const gitDir = gitDirOf(ctx, repo);
  const current = isWellFormedRefName(tag) ? await readTagRef(gitDir, tag) : null;
  if (!current) throw notFound(`the tag "${tag}" does not exist`);
  await assertTagAllowed(ctx, repo, tag, 'delete');
  await refChange(`deleting tag "${tag}"`, () => deleteRefIfAt(gitDir, `refs/tags/${tag}`, current.oid));
  await syncRefs(ctx, repo);
  await ctx.events.publish('repo.tag', { repoId: repo.id, action: 'deleted', tag, oid: current.oid, actorId: ctx.viewer.user?.id ?? null });
}
