import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Prisma, Repository, User } from '../../db/models.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPermission, satisfies } from '../access/access.service.ts';
import { findRepositoryByName, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { escapeHtml, findReferences, findReferencesInMarkdown, subjectOf, type IssueReference } from './references.ts';

/**
 * Cross references, as Gitea keeps them (its models/issues/issue_xref.go): `#12` or `owner/repo#12` written in an
 * issue's title or body, or in a comment, leaves a row on the referenced issue's timeline (issue_ref, pull_ref,
 * comment_ref); a pushed commit whose message names an issue leaves a commit_ref row. Only issues the author may
 * read are referenced, and an issue never references itself. Editing the text "neuters" the rows of references it
 * no longer holds (their refAction becomes `neutered`), and deleting a comment neuters all of its.
 *
 * The work is split in two so that the writes stay in the transaction of the change they follow: `planReferences`
 * reads the text and decides, with the author's permissions, which repositories' issues may be named (before the
 * transaction); `writeReferences` finds the issues and writes the rows (in it).
 */

/** What a reference does once resolved (Gitea's XRefAction). Only pull requests close or reopen what they name. */
const ACTIVE_ACTIONS = ['none', 'closes', 'reopens'];
const NEUTERED = 'neutered';

/** A repository whose issues a text names, and whether its issues and its pull requests may be read. */
interface Reachable {
  repoId: number;
  numbers: number[];
  issues: boolean;
  pulls: boolean;
}

export interface ReferencePlan {
  targets: Reachable[];
}

const ISSUES_READ = { unit: 'repo.issues', level: 'read' } as const;
const PULLS_READ = { unit: 'repo.pulls', level: 'read' } as const;

const CODE_READ = { unit: 'repo.code', level: 'read' } as const;

/** What the viewer of `ctx` may read of a repository: its issues, its pull requests (each switched on), its code. */
export async function readsOf(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<{ issues: boolean; pulls: boolean; code: boolean }> {
  const permission = await repositoryPermission(ctx, repo);
  return {
    issues: repo.hasIssues && satisfies(permission, ISSUES_READ),
    pulls: repo.hasPullRequests && satisfies(permission, PULLS_READ),
    code: satisfies(permission, CODE_READ),
  };
}

/**
 * The issues the texts name that the viewer of `ctx` may read (by repository and number; whether each exists is
 * found when the rows are written). `home` is the repository `#12` refers to.
 */
export async function planReferences(ctx: ServiceContext, home: RepositoryWithOwner, texts: { plain?: string; markdown?: string }): Promise<ReferencePlan> {
  const refs: IssueReference[] = [...findReferences(texts.plain ?? ''), ...findReferencesInMarkdown(texts.markdown ?? '')];
  if (refs.length === 0) return { targets: [] };
  const byRepo = new Map<string, { repo: RepositoryWithOwner | null; numbers: Set<number> }>();
  for (const ref of refs) {
    const key = ref.owner ? `${ref.owner.toLowerCase()}/${ref.name!.toLowerCase()}` : '';
    let entry = byRepo.get(key);
    if (!entry) {
      entry = { repo: ref.owner ? await findRepositoryByName(ctx, ref.owner, ref.name!) : home, numbers: new Set() };
      byRepo.set(key, entry);
    }
    entry.numbers.add(ref.number);
  }
  const targets: Reachable[] = [];
  const seen = new Map<number, Reachable>();
  for (const { repo, numbers } of byRepo.values()) {
    if (!repo) continue;
    // `#1` and `me/repo#1` in one text name the same repository: one entry.
    const known = seen.get(repo.id);
    if (known) {
      known.numbers.push(...[...numbers].filter((n) => !known.numbers.includes(n)));
      continue;
    }
    const { issues, pulls } = await readsOf(ctx, repo);
    if (!issues && !pulls) continue;
    const target = { repoId: repo.id, numbers: [...numbers], issues, pulls };
    seen.set(repo.id, target);
    targets.push(target);
  }
  return { targets };
}

/** Where a text that references issues lives: an issue (its title and body) or one of its comments. */
export interface ReferenceSource {
  issue: { id: number; repoId: number; isPull: boolean };
  /** The comment whose body it is; null for the issue's own title and body. */
  commentId: number | null;
}

/** The issues of a plan that exist and may be read, the source issue itself left out. */
async function referencedIssues(tx: Tx, plan: ReferencePlan, sourceIssueId: number | null) {
  if (plan.targets.length === 0) return [];
  const rows = await tx.issue.findMany({
    where: { OR: plan.targets.map((t) => ({ repoId: t.repoId, number: { in: t.numbers } })) },
    select: { id: true, repoId: true, number: true, isPull: true },
  });
  const reach = new Map(plan.targets.map((t) => [t.repoId, t]));
  return rows.filter((issue) => issue.id !== sourceIssueId && (issue.isPull ? reach.get(issue.repoId)!.pulls : reach.get(issue.repoId)!.issues));
}

/**
 * Writes the reference rows of `source` as its text now stands (`plan`), by `actor`, in the transaction of the
 * change. With `replace` (an edit), rows of earlier versions that the text still holds stay as they are, and the
 * others are neutered; a reference the text did not hold before gets a new row. Each referenced issue counts as
 * updated, as Gitea counts any new timeline row.
 */
export async function writeReferences(tx: Tx, actor: User, source: ReferenceSource, plan: ReferencePlan, replace: boolean): Promise<void> {
  const targets = await referencedIssues(tx, plan, source.issue.id);
  let fresh = targets;
  if (replace) {
    const active = await tx.comment.findMany({
      where: { refIssueId: source.issue.id, refCommentId: source.commentId, refAction: { in: ACTIVE_ACTIONS } },
      select: { id: true, issueId: true },
    });
    const still = new Set(targets.map((t) => t.id));
    const stale = active.filter((row) => !still.has(row.issueId)).map((row) => row.id);
    if (stale.length > 0) await tx.comment.updateMany({ where: { id: { in: stale } }, data: { refAction: NEUTERED } });
    const kept = new Set(active.map((row) => row.issueId));
    fresh = targets.filter((t) => !kept.has(t.id));
  }
  if (fresh.length === 0) return;
  const type = source.commentId !== null ? 'comment_ref' : source.issue.isPull ? 'pull_ref' : 'issue_ref';
  const now = new Date();
  await tx.comment.createMany({
    data: fresh.map((target) => ({
      type,
      issueId: target.id,
      repoId: target.repoId,
      posterId: actor.id,
      refRepoId: source.issue.repoId,
      refIssueId: source.issue.id,
      refCommentId: source.commentId,
      refAction: 'none',
      createdAt: now,
      updatedAt: now,
    })),
  });
  await tx.issue.updateMany({ where: { id: { in: fresh.map((t) => t.id) } }, data: { updatedAt: now } });
}

/** A deleted comment's references stop counting: their rows stay on the timelines, neutered (as in Gitea). */
export async function neuterReferences(tx: Tx, source: ReferenceSource): Promise<void> {
  await tx.comment.updateMany({
    where: { refIssueId: source.issue.id, refCommentId: source.commentId, refAction: { in: ACTIVE_ACTIONS } },
    data: { refAction: NEUTERED },
  });
}

// ---------------------------------------------------------------------------------------------
// References from pushed commits

export interface PushedCommit {
  oid: string;
  message: string;
}

/**
 * Records the issues each commit's message names (plain text, as Gitea reads commit messages) as commit_ref rows
 * on their timelines, by the pusher (the viewer of `ctx`), who must be able to read them. The row's body links the
 * commit with its subject, as Gitea writes it. A commit is recorded once per issue, however often it is pushed
 * (to other branches, or reported by several instances): the rows' unique key (issue, repository, commit) keeps
 * the first; a write that loses that race is tried once more, without the rows that now exist.
 */
export async function recordCommitReferences(ctx: ServiceContext, repo: Repository & { owner: User }, pusher: User, commits: PushedCommit[]): Promise<number> {
  const mentioned = commits.map((commit) => ({ commit, refs: findReferences(commit.message) })).filter((c) => c.refs.length > 0);
  if (mentioned.length === 0) return 0;
  const plans = new Map<string, ReferencePlan>();
  for (const { commit } of mentioned) plans.set(commit.oid, await planReferences(ctx, repo, { plain: commit.message }));
  const write = () =>
    ctx.db.$transaction(async (tx) => {
      const rows: Prisma.CommentCreateManyInput[] = [];
      const now = new Date();
      for (const { commit } of mentioned) {
        const targets = await referencedIssues(tx, plans.get(commit.oid)!, null);
        if (targets.length === 0) continue;
        const existing = await tx.comment.findMany({
          where: { issueId: { in: targets.map((t) => t.id) }, refRepoId: repo.id, commitSha: commit.oid },
          select: { issueId: true },
        });
        const recorded = new Set(existing.map((e) => e.issueId));
        for (const target of targets.filter((t) => !recorded.has(t.id))) {
          rows.push({
            type: 'commit_ref',
            issueId: target.id,
            repoId: target.repoId,
            posterId: pusher.id,
            body: `<a href="/${escapeHtml(encodeURIComponent(repo.owner.login))}/${escapeHtml(encodeURIComponent(repo.name))}/commit/${commit.oid}">${escapeHtml(subjectOf(commit.message))}</a>`,
            commitSha: commit.oid,
            refRepoId: repo.id,
            createdAt: now,
            updatedAt: now,
          });
        }
      }
      if (rows.length === 0) return 0;
      await tx.comment.createMany({ data: rows });
      await tx.issue.updateMany({ where: { id: { in: [...new Set(rows.map((r) => r.issueId))] } }, data: { updatedAt: now } });
      return rows.length;
    });
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return write();
  }
}
