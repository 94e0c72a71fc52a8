import type { BranchEvent, PushedRef, TagEvent } from '../../events/topics.ts';
import { interleave } from '../../events/interleave.ts';
import type { ServiceContext } from '../../services.ts';
import { CODE_READ, satisfies } from '../access/access.service.ts';
import { eventReads } from '../repo/event-reads.ts';
import { getRepository, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { findCommitStatus, type CommitStatusView } from '../status/status.service.ts';

/** Gitea's webhook events a repository's code sends: refs moved, refs created or deleted, a status reported. */
export type RepositoryEventKind = 'push' | 'create' | 'delete' | 'status';

/** One ref a repository event is about; `before` or `after` is the zero id when the ref was created or deleted. */
export interface RefChange {
  /** The full name (refs/heads/main, refs/tags/v1). */
  ref: string;
  /** The short name (main, v1). */
  name: string;
  refType: 'branch' | 'tag';
  before: string;
  after: string;
}

/** One event of a repository as the subscription delivers it, with the repository as it is now. */
export interface RepositoryEventView {
  event: RepositoryEventKind;
  repo: RepositoryWithOwner;
  actorId: number | null;
  change: RefChange | null;
  status: CommitStatusView | null;
}

type Draft = Omit<RepositoryEventView, 'repo' | 'status'> & { statusId?: number };

const BRANCH = 'refs/heads/';
const TAG = 'refs/tags/';
const zeroLike = (oid: string) => '0'.repeat(oid.length);
const isZero = (oid: string) => /^0+$/.test(oid);

function refChange(ref: string, before: string, after: string): RefChange | null {
  if (ref.startsWith(BRANCH)) return { ref, name: ref.slice(BRANCH.length), refType: 'branch', before, after };
  if (ref.startsWith(TAG)) return { ref, name: ref.slice(TAG.length), refType: 'tag', before, after };
  return null;
}

/**
 * The events of one git push, as Gitea sends them: a created ref is `create` and then `push` (its commits), a deleted
 * ref is `delete` alone, a moved ref is `push`. Other refs than branches and tags are not told.
 */
export function pushEvents(pusherId: number | null, changes: readonly PushedRef[]): Draft[] {
  return changes.flatMap((c): Draft[] => {
    const change = refChange(c.ref, c.before, c.after);
    if (!change) return [];
    const actorId = pusherId;
    if (isZero(c.after)) return [{ event: 'delete', actorId, change }];
    if (isZero(c.before)) return [{ event: 'create', actorId, change }, { event: 'push', actorId, change }];
    return [{ event: 'push', actorId, change }];
  });
}

/** The events of a branch changed through the API: a rename deletes the old name and creates the new one. */
export function branchEvents(e: BranchEvent): Draft[] {
  const at = (name: string, before: string, after: string) => refChange(`${BRANCH}${name}`, before, after)!;
  const zero = zeroLike(e.oid);
  switch (e.action) {
    case 'created':
      return [{ event: 'create', actorId: e.actorId, change: at(e.branch, zero, e.oid) }];
    case 'deleted':
      return [{ event: 'delete', actorId: e.actorId, change: at(e.branch, e.oid, zero) }];
    case 'updated':
      return [{ event: 'push', actorId: e.actorId, change: at(e.branch, e.previousOid ?? zero, e.oid) }];
    case 'renamed':
      return [
        { event: 'delete', actorId: e.actorId, change: at(e.from ?? e.branch, e.oid, zero) },
        { event: 'create', actorId: e.actorId, change: at(e.branch, zero, e.oid) },
      ];
  }
}

/** The events of a tag created or deleted through the API. */
export function tagEvents(e: TagEvent): Draft[] {
  const zero = zeroLike(e.oid);
  const change = e.action === 'created' ? refChange(`${TAG}${e.tag}`, zero, e.oid)! : refChange(`${TAG}${e.tag}`, e.oid, zero)!;
  return [{ event: e.action === 'created' ? 'create' : 'delete', actorId: e.actorId, change }];
}

/**
 * The pushes, the branches and tags created and deleted (by a push or through the API) and the statuses reported of
 * one repository, for as long as the caller reads its code: each event is authorised again when it is delivered, with
 * facts read after it (eventReads), so a subscriber who loses access (made private, removed as a collaborator)
 * receives nothing more.
 */
export async function* repositoryEvents(ctx: ServiceContext, owner: string, name: string, signal?: AbortSignal): AsyncGenerator<RepositoryEventView> {
  const { repo } = await getRepository(ctx, owner, name, CODE_READ);
  const sources = interleave(
    ['repo.push', ctx.events.subscribe('repo.push', signal)],
    ['repo.branch', ctx.events.subscribe('repo.branch', signal)],
    ['repo.tag', ctx.events.subscribe('repo.tag', signal)],
    ['status', ctx.events.subscribe('status', signal)],
  );
  for await (const item of sources) {
    if (item.event.repoId !== repo.id) continue;
    const drafts: Draft[] =
      item.topic === 'repo.push'
        ? pushEvents(item.event.pusherId, item.event.changes)
        : item.topic === 'repo.branch'
          ? branchEvents(item.event)
          : item.topic === 'repo.tag'
            ? tagEvents(item.event)
            : [{ event: 'status', actorId: item.event.actorId, change: null, statusId: item.event.statusId }];
    if (drafts.length === 0) continue;
    const reads = eventReads(ctx, item.event, repo.id);
    const [current, permissionOf] = await Promise.all([reads.repo, reads.permission]);
    if (!current || !permissionOf || !satisfies(await permissionOf(ctx.viewer), CODE_READ)) continue;
    for (const { statusId, ...draft } of drafts) {
      const status = statusId === undefined ? null : await reads.once(`status:${statusId}`, () => findCommitStatus(ctx, current, statusId));
      if (statusId !== undefined && !status) continue;
      yield { ...draft, repo: current, status };
    }
  }
}
