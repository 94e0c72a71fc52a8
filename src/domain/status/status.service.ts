import { isUniqueViolation } from '../../db/errors.ts';
import { databaseTarget } from '../../db/provider.ts';
import type { CommitStatus, Prisma, Repository, User } from '../../db/models.ts';
import { invalid, notFound, unauthenticated } from '../../errors.ts';
import { transactionWithEvents } from '../../events/outbox.ts';
import type { EventTopics } from '../../events/topics.ts';
import { revisionProblem } from '../../git/refs.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import { pageFrom } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { resolveCommitId } from '../commit/commit.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import type { CommitStatusFilter, CreateCommitStatusInput } from './status.inputs.ts';
import { combineStates, isStatusState, SORT_ORDER, STATUS_STATES, type CombinedState } from './status.rules.ts';

/**
 * Commit statuses, as Gitea keeps them: tools report the state of a commit under a context ("ci/build"), each
 * report a new row numbered per commit (`index`, Gitea's API id of a status); the latest report of each context
 * makes the commit's combined status. Reads act on a repository the caller was already allowed to read the code
 * of (the graph reaches them through Repository and Commit fields that check it); a write loads its repository
 * through getWritableRepository, for write access to the code.
 */

/** A status with what its shapes show: its creator (null once that account is deleted) and its repository. */
export interface CommitStatusView {
  status: CommitStatus;
  creator: User | null;
  repo: Repository;
}

/** The latest status of each context of one commit, one page of them, with the state they combine into. */
export interface CombinedStatusView {
  repo: Repository;
  sha: string;
  state: CombinedState;
  /** How many contexts report on the commit (the latest statuses in all). */
  totalCount: number;
}

/** How many times an insert is tried again when a concurrent report on the same commit took its index. */
const INDEX_ATTEMPTS = 5;

const FULL_ID_LENGTH: Record<string, number> = { sha1: 40, sha256: 64 };

const isFullId = (repo: Repository, sha: string) => sha.length === (FULL_ID_LENGTH[repo.objectFormat] ?? 40) && /^[0-9a-f]+$/i.test(sha);

/**
 * The commit id a list by sha names, as Gitea reads it (MustConvertToSHA1): a full id as it is, whether or not
 * the repository still has that commit (its statuses stay); anything else as the commit it resolves to, or as
 * written when it resolves to none (a list without statuses). One object read, never a process per status.
 */
async function listedSha(ctx: ServiceContext, repo: Repository, sha: string): Promise<string> {
  if (isFullId(repo, sha)) return sha.toLowerCase();
  // A revision git could take for an option names no commit: it has no statuses.
  if (repo.isEmpty || revisionProblem(sha)) return sha;
  return (await resolveCommitId(ctx, repo, sha)) ?? sha;
}

const viewOf = (repo: Repository) => (row: CommitStatus & { creator: User | null }): CommitStatusView => ({ status: row, creator: row.creator, repo });

function orderOf(filter: CommitStatusFilter): Prisma.CommitStatusOrderByWithRelationInput[] {
  const { column, direction } = SORT_ORDER[filter.sort ?? 'newest'];
  return [{ [column]: direction }, { id: direction }];
}

/**
 * A page of the statuses of the commit `sha` names (a full id, or anything that resolves to a commit), newest
 * first unless `filter.sort` says otherwise; `filter.state` keeps one state, and a state Gitea does not filter by
 * filters nothing, as in Gitea. One statement for the page (with its creators) and one for the count.
 */
export async function listCommitStatuses(ctx: ServiceContext, repo: Repository, sha: string, window: PageWindow, filter: CommitStatusFilter = {}): Promise<Page<CommitStatusView>> {
  return statusesOf(ctx, repo, await listedSha(ctx, repo, sha), window, filter);
}

/** A page of the statuses of a commit known by its full id (a Commit of the graph). */
export function statusesOf(ctx: ServiceContext, repo: Repository, oid: string, window: PageWindow, filter: CommitStatusFilter = {}): Promise<Page<CommitStatusView>> {
  const state = filter.state?.trim();
  const filtered = state && isStatusState(state) && state !== 'skipped' ? { state } : {};
  const where: Prisma.CommitStatusWhereInput = { repoId: repo.id, sha: oid, ...filtered };
  return pageFrom(
    ctx.db.commitStatus.findMany({ where, include: { creator: true }, orderBy: orderOf(filter), skip: window.offset, take: window.limit }),
    ctx.db.commitStatus.count({ where }),
    viewOf(repo),
  );
}

/**
 * The combined status of each commit asked for, by full id, of one repository: how many contexts report on it
 * and the state their latest statuses combine into (combineStates), counted in SQL over every context, not only
 * one page of them; one statement for all the commits. The page of statuses itself (combinedStatuses) is read
 * when asked for. Table and column names are the data model's; every value is a bound parameter.
 */
export async function combinedStatusesOf(ctx: ServiceContext, repo: Repository, oids: readonly string[]): Promise<Map<string, CombinedStatusView>> {
  const postgres = databaseTarget(ctx.config).provider === 'postgresql';
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return postgres ? `$${values.length}` : '?';
  };
  const repoId = bind(repo.id);
  const shas = oids.map(bind).join(', ');
  const sql =
    'SELECT "sha", "state", COUNT(*) AS "n" FROM "CommitStatus" WHERE "id" IN (' +
    `SELECT MAX("id") FROM "CommitStatus" WHERE "repoId" = ${repoId} AND "sha" IN (${shas}) GROUP BY "sha", "context"` +
    ') GROUP BY "sha", "state"';
  const rows = oids.length === 0 ? [] : await ctx.db.$queryRawUnsafe<{ sha: string; state: string; n: number | bigint }[]>(sql, ...values);
  const counts = new Map<string, Record<string, number>>(oids.map((oid) => [oid, {}]));
  for (const row of rows) {
    const of = counts.get(row.sha);
    if (of) of[row.state] = Number(row.n);
  }
  return new Map(
    [...counts].map(([sha, of]) => [sha, { repo, sha, state: combineStates(of), totalCount: Object.values(of).reduce((sum, n) => sum + n, 0) }]),
  );
}

/**
 * One page of the latest status of each context of a combined status, the most recently reported first (Gitea's
 * GetLatestCommitStatus): one statement for the page's ids and one for its rows with their creators.
 */
export async function combinedStatuses(ctx: ServiceContext, combined: CombinedStatusView, window: PageWindow): Promise<CommitStatusView[]> {
  const latest = await ctx.db.commitStatus.groupBy({
    by: ['context'],
    where: { repoId: combined.repo.id, sha: combined.sha },
    _max: { id: true },
    orderBy: { _max: { id: 'desc' } },
    skip: window.offset,
    take: window.limit,
  });
  const ids = latest.map((group) => group._max.id).filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  const rows = await ctx.db.commitStatus.findMany({ where: { id: { in: ids } }, include: { creator: true }, orderBy: { id: 'desc' } });
  return rows.map(viewOf(combined.repo));
}

/**
 * Reports a status on a commit of the repository, for whoever writes to its code (Gitea's reqRepoWriter on the
 * code unit): `sha` may be a full or abbreviated commit id, or a branch or tag, and the status is kept on the full
 * id of the commit it names; one that names none is NOT_FOUND. Text is trimmed, the state must be one of Gitea's
 * (VALIDATION otherwise). The row takes the next index of the commit in one transaction, and a `status` event
 * follows once it is committed.
 */
export async function createCommitStatus(ctx: ServiceContext, owner: string, name: string, sha: string, input: CreateCommitStatusInput): Promise<CommitStatusView> {
  const actor = ctx.viewer.user;
  if (!actor) throw unauthenticated();
  const { repo } = await getWritableRepository(ctx, owner, name);
  const state = input.state.trim();
  if (!isStatusState(state)) throw invalid(`state must be one of ${STATUS_STATES.join(', ')}`);
  const oid = repo.isEmpty || sha.trim() === '' ? null : await resolveCommitId(ctx, repo, sha.trim());
  if (!oid) throw notFound(`sha "${sha}" is not a commit of ${repo.owner.login}/${repo.name}`);
  const data = {
    repoId: repo.id,
    sha: oid,
    state,
    targetUrl: input.targetUrl?.trim() ?? '',
    description: input.description?.trim() ?? '',
    context: input.context?.trim() ?? '',
    creatorId: actor.id,
  };
  const status = await insertNumbered(ctx, data, (status) => ({
    actorId: actor.id,
    repoId: repo.id,
    sha: oid,
    statusId: status.id,
    index: status.index,
    context: status.context,
    state: status.state,
    description: status.description,
    targetUrl: status.targetUrl,
  }));
  return { status, creator: actor, repo };
}

type NewStatus = Omit<Prisma.CommitStatusUncheckedCreateInput, 'index'>;
/** The event of the status once inserted, written in the insert's transaction. */
type StatusEventOf = (status: CommitStatus) => EventTopics['status'];

/**
 * Inserts a status with the next index of its commit: the highest index so far plus one, read and written in one
 * transaction. Two reports racing on one commit cannot share an index (the unique key refuses the second),
 * and the loser takes the next one.
 */
async function insertNumbered(ctx: ServiceContext, data: NewStatus, event: StatusEventOf): Promise<CommitStatus> {
  return inTurn(`${data.repoId}\0${data.sha}`, () => insertWithRetries(ctx, data, event));
}

/**
 * Reports on one commit take their index one after the other in this process, so they never lose the race to
 * each other here (eight at once lost it more often than the retries allow); other instances race and retry.
 */
const numbering = new Map<string, Promise<unknown>>();

function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (numbering.get(key) ?? Promise.resolve()).catch(() => {}).then(work);
  numbering.set(key, run);
  void run
    .finally(() => {
      if (numbering.get(key) === run) numbering.delete(key);
    })
    .catch(() => {});
  return run;
}

async function insertWithRetries(ctx: ServiceContext, data: NewStatus, event: StatusEventOf): Promise<CommitStatus> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactionWithEvents(ctx, async (tx, publish) => {
        const last = await tx.commitStatus.aggregate({ where: { repoId: data.repoId, sha: data.sha }, _max: { index: true } });
        const now = new Date();
        const status = await tx.commitStatus.create({ data: { ...data, index: (last._max.index ?? 0) + 1, createdAt: now, updatedAt: now } });
        await publish('status', event(status));
        return status;
      });
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= INDEX_ATTEMPTS) throw err;
    }
  }
}


/** The status of a repository with this row id, with its creator; null when there is none (any longer). */
export async function findCommitStatus(ctx: ServiceContext, repo: Repository, id: number): Promise<CommitStatusView | null> {
  const row = await ctx.db.commitStatus.findFirst({ where: { id, repoId: repo.id }, include: { creator: true } });
  return row ? viewOf(repo)(row) : null;
}
