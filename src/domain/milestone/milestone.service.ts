import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import MILESTONE_MIGRATION_SCHEMA from '../../../schema/migration/milestone.json' with { type: 'json' };
import type { Tx } from '../../db/client.ts';
import type { Milestone, Prisma } from '../../db/models.ts';
import { databaseTarget } from '../../db/provider.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import { pageFrom } from '../../pagination.ts';
import { cachedMany } from '../../cache/cache.ts';
import type { ServiceContext } from '../../services.ts';
import { satisfies, type RepositoryPermission } from '../access/access.service.ts';
import { checkMaxLength } from '../formats.ts';
import { getRepository, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import type { CreateMilestoneInput, MilestoneState, MilestoneStateFilter, UpdateMilestoneInput } from './milestone.inputs.ts';

/** Gitea's column for a milestone's name holds 255 characters. */
const MAX_TITLE = 255;

/** Milestones belong to issues and pull requests alike: either unit at `level` opens them (Gitea: reqRepoWriter(issues, pulls)). */
const mayUse = (permission: RepositoryPermission, level: 'read' | 'write') =>
  satisfies(permission, { unit: 'repo.issues', level }) || satisfies(permission, { unit: 'repo.pulls', level });

/** Whether the viewer sees the milestones of a repository it can see: with neither unit readable they are absent (404), as in Gitea. */
export function milestonesVisible(permission: RepositoryPermission): boolean {
  return mayUse(permission, 'read');
}

async function readableRepository(ctx: ServiceContext, ownerLogin: string, name: string): Promise<RepositoryWithOwner> {
  const { repo, permission } = await getRepository(ctx, ownerLogin, name);
  if (!milestonesVisible(permission)) throw notFound(`repository ${ownerLogin}/${name} has no milestones you may see`);
  return repo;
}

/**
 * The repository a milestone write acts on: archived ones answer 423 (getWritableRepository); without either
 * unit readable the milestones are absent (404), as for reads; then write on issues or pulls is needed (403).
 */
async function writableRepository(ctx: ServiceContext, ownerLogin: string, name: string): Promise<RepositoryWithOwner> {
  const { repo, permission } = await getWritableRepository(ctx, ownerLogin, name, 'read');
  if (!milestonesVisible(permission)) throw notFound(`repository ${ownerLogin}/${name} has no milestones you may see`);
  if (!mayUse(permission, 'write')) throw forbidden(`you need write access to the issues or pull requests of ${ownerLogin}/${name}`);
  return repo;
}

/** Milestones by id through the cache of milestones: one statement for those it does not hold, none when it holds all. */
export function milestonesById(ctx: Pick<ServiceContext, 'db' | 'cache'>, ids: Iterable<number>): Promise<Map<number, Milestone>> {
  return cachedMany<Milestone>(ctx, 'milestoneById', ids, (missing) => ctx.db.milestone.findMany({ where: { id: { in: missing } } }));
}

export const milestoneState = (milestone: Milestone): MilestoneState => (milestone.isClosed ? 'closed' : 'open');

/**
 * Milestones of a repository, as Gitea orders them: soonest deadline first, those without one last, then by
 * id. The page and its count are two statements whatever the page size.
 */
export async function listMilestones(
  ctx: ServiceContext,
  repo: RepositoryWithOwner,
  window: PageWindow,
  filter: { state?: MilestoneStateFilter | null; name?: string | null },
): Promise<Page<Milestone>> {
  const where: Prisma.MilestoneWhereInput = { repoId: repo.id };
  const state = filter.state ?? 'open';
  if (state !== 'all') where.isClosed = state === 'closed';
  if (filter.name) where.title = titleContains(ctx, filter.name);
  return pageFrom(
    ctx.db.milestone.findMany({ where, orderBy: [{ deadline: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }], skip: window.offset, take: window.limit }),
    ctx.db.milestone.count({ where }),
  );
}

/**
 * Titles containing `text` whatever its case, as Gitea matches them (UPPER(name) LIKE). SQLite's LIKE ignores
 * ASCII case by itself, and the SQLite client the code is typed against knows no `mode`; PostgreSQL is asked.
 */
function titleContains(ctx: ServiceContext, text: string): Prisma.StringFilter {
  const filter: Prisma.StringFilter = { contains: text };
  return databaseTarget(ctx.config).provider === 'postgresql' ? ({ ...filter, mode: 'insensitive' } as Prisma.StringFilter) : filter;
}

/**
 * A milestone by id or by title, as Gitea resolves the `{id}` of its routes: a number names an id first; when
 * no milestone of the repository has that id (or it is no number), the exact title is looked up.
 */
export async function findMilestone(db: Pick<Tx, 'milestone'>, repo: RepositoryWithOwner, idOrName: string): Promise<Milestone | null> {
  const id = /^\d+$/.test(idOrName) ? Number(idOrName) : NaN;
  if (Number.isSafeInteger(id) && id > 0) {
    const byId = await db.milestone.findFirst({ where: { id, repoId: repo.id } });
    if (byId) return byId;
  }
  return db.milestone.findFirst({ where: { repoId: repo.id, title: idOrName }, orderBy: { id: 'asc' } });
}

async function existingMilestone(db: Pick<Tx, 'milestone'>, repo: RepositoryWithOwner, idOrName: string): Promise<Milestone> {
  const milestone = await findMilestone(db, repo, idOrName);
  if (!milestone) throw notFound(`milestone "${idOrName}" does not exist in ${repo.owner.login}/${repo.name}`);
  return milestone;
}

/** A milestone of a repository the viewer may read, by id or title; null when there is none. */
export async function getMilestone(ctx: ServiceContext, ownerLogin: string, name: string, idOrName: string): Promise<Milestone | null> {
  return findMilestone(ctx.db, await readableRepository(ctx, ownerLogin, name), idOrName);
}

/** A repository's milestones for a viewer who may see them (GraphQL's Repository.milestones). */
export async function listRepositoryMilestones(
  ctx: ServiceContext,
  ownerLogin: string,
  name: string,
  window: PageWindow,
  filter: { state?: MilestoneStateFilter | null; name?: string | null },
): Promise<Page<Milestone>> {
  return listMilestones(ctx, await readableRepository(ctx, ownerLogin, name), window, filter);
}

function checkTitle(title: string): void {
  if (!title.trim()) throw invalid('title must not be empty', { field: 'title' });
  checkMaxLength(title, MAX_TITLE, 'title');
}

/** Gitea's zero time (year 1) in a deadline means "no deadline", as left out does. */
const deadlineOf = (deadline: Date | null | undefined): Date | null => (deadline && deadline.getUTCFullYear() > 1 ? deadline : null);

/** The columns a state sets: closing stamps closedAt, reopening clears it. */
const stateData = (state: MilestoneState, now: Date) => (state === 'closed' ? { isClosed: true, closedAt: now } : { isClosed: false, closedAt: null });

export async function createMilestone(ctx: ServiceContext, ownerLogin: string, name: string, input: CreateMilestoneInput): Promise<Milestone> {
  const repo = await writableRepository(ctx, ownerLogin, name);
  checkTitle(input.title);
  return ctx.db.milestone.create({
    data: {
      repoId: repo.id,
      title: input.title,
      description: input.description ?? '',
      deadline: deadlineOf(input.deadline),
      ...stateData(input.state ?? 'open', new Date()),
    },
  });
}

/**
 * Changes what the input names. A title left empty, and a deadline left out, keep theirs (Gitea's edit).
 * A change of state sets or clears closedAt; the same state keeps closedAt.
 */
export async function updateMilestone(ctx: ServiceContext, ownerLogin: string, name: string, idOrName: string, input: UpdateMilestoneInput): Promise<Milestone> {
  const repo = await writableRepository(ctx, ownerLogin, name);
  if (input.title) checkTitle(input.title);
  const deadline = deadlineOf(input.deadline);
  // The state is read and changed in one transaction, so closedAt follows the change that really happened.
  return ctx.db.$transaction(async (tx) => {
    const milestone = await existingMilestone(tx, repo, idOrName);
    const data: Prisma.MilestoneUpdateInput = {};
    if (input.title) data.title = input.title;
    if (input.description != null) data.description = input.description;
    if (deadline) data.deadline = deadline;
    if (input.state && input.state !== milestoneState(milestone)) Object.assign(data, stateData(input.state, new Date()));
    return tx.milestone.update({ where: { id: milestone.id }, data });
  });
}

export async function setMilestoneState(ctx: ServiceContext, ownerLogin: string, name: string, idOrName: string, state: MilestoneState): Promise<Milestone> {
  return updateMilestone(ctx, ownerLogin, name, idOrName, { state });
}

/** Deletes a milestone; its issues stay, without a milestone (the relation sets their milestoneId to null). */
export async function deleteMilestone(ctx: ServiceContext, ownerLogin: string, name: string, idOrName: string): Promise<void> {
  const repo = await writableRepository(ctx, ownerLogin, name);
  const milestone = await existingMilestone(ctx.db, repo, idOrName);
  await ctx.db.milestone.delete({ where: { id: milestone.id } });
}

// ---------------------------------------------------------------------------------------------
// The migration data format (schema/migration/milestone.json): a repository's milestones as a JSON array

/** One milestone in the migration format; every member is required (the schema says so). */
export interface MigratedMilestone {
  title: string;
  description: string;
  /** The zero time when there is no deadline: the format has no null here. */
  deadline: string;
  created: string;
  updated: string;
  closed: string | null;
  state: MilestoneState;
}

const ZERO_TIME = '0001-01-01T00:00:00Z';

// The schema is draft-04 (SPEC.md): Ajv's draft-04 dialect checks the schema itself and the data by its rules.
const ajv = new Ajv04({ allErrors: true });
addFormats(ajv);
const validateMigrated = ajv.compile<MigratedMilestone[]>(MILESTONE_MIGRATION_SCHEMA);

/** All milestones of a repository in the migration format, oldest first. */
export async function exportMilestones(ctx: ServiceContext, ownerLogin: string, name: string): Promise<MigratedMilestone[]> {
  const repo = await readableRepository(ctx, ownerLogin, name);
  const rows = await ctx.db.milestone.findMany({ where: { repoId: repo.id }, orderBy: { id: 'asc' } });
  return rows.map((m) => ({
    title: m.title,
    description: m.description,
    deadline: m.deadline?.toISOString() ?? ZERO_TIME,
    created: m.createdAt.toISOString(),
    updated: m.updatedAt.toISOString(),
    closed: m.closedAt?.toISOString() ?? null,
    state: milestoneState(m),
  }));
}

/** Checks `data` (JSON text) against the migration schema; 422 with every problem Ajv found when it does not fit. */
export function parseMigratedMilestones(data: string): MigratedMilestone[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw invalid('milestone data is not JSON');
  }
  if (!validateMigrated(parsed)) {
    const problems = (validateMigrated.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : ''}`);
    throw invalid(`milestone data does not match the migration format: ${problems.join('; ')}`, { problems });
  }
  return parsed;
}

/**
 * Adds the milestones of `data` (the migration format) to a repository, all or none (one transaction), with
 * their times as given. A closed milestone without a closing time is taken as closed when it was last updated,
 * so that every closed milestone has its closedAt; an open one has none.
 */
export async function importMilestones(ctx: ServiceContext, ownerLogin: string, name: string, data: string): Promise<Milestone[]> {
  const repo = await writableRepository(ctx, ownerLogin, name);
  const milestones = parseMigratedMilestones(data);
  for (const m of milestones) checkTitle(m.title);
  // One after the other, so that ids follow the order of the data (and an export lists them as imported).
  return ctx.db.$transaction(async (tx) => {
    const made: Milestone[] = [];
    for (const m of milestones) {
      made.push(
        await tx.milestone.create({
          data: {
            repoId: repo.id,
            title: m.title,
            description: m.description,
            deadline: deadlineOf(new Date(m.deadline)),
            createdAt: new Date(m.created),
            updatedAt: new Date(m.updated),
            isClosed: m.state === 'closed',
            closedAt: m.state === 'closed' ? new Date(m.closed ?? m.updated) : null,
          },
        }),
      );
    }
    return made;
  });
}

