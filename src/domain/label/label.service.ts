import type { Label, Prisma, User } from '../../db/models.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import { cachedMany } from '../../cache/cache.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import type { Tx } from '../../db/client.ts';
import { atLeast, repositoryPermission, type AccessLevel, type Unit } from '../access/access.service.ts';
import { getOwnedOrganization } from '../org/org.service.ts';
import { getRepository, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import type { LabelInput } from './label.inputs.ts';

/**
 * Labels of a repository or of an organization (usable on every repository of it). Who may do what follows
 * Gitea: a repository's labels are read by whoever reads its issues or its pull requests (a repository with
 * both units off has no labels: 404) and changed by whoever writes either; an organization's labels are read
 * by whoever may see the organization and changed by its owners.
 */

/** Where a label lives: a repository (owner/name) or, without `repository`, the organization `owner`. */
/** Labels by id through the cache of labels: one statement for those it does not hold, none when it holds all. */
export function labelsById(ctx: Pick<ServiceContext, 'db' | 'cache'>, ids: Iterable<number>): Promise<Map<number, Label>> {
  return cachedMany<Label>(ctx, 'labelById', ids, (missing) => ctx.db.label.findMany({ where: { id: { in: missing } } }));
}

export interface LabelOwner {
  owner: string;
  repository?: string | null;
}

/** The units a repository's labels belong to, when they are on: issues and pull requests. */
function labelUnits(repo: RepositoryWithOwner): Unit[] {
  return [...(repo.hasIssues ? ['repo.issues' as const] : []), ...(repo.hasPullRequests ? ['repo.pulls' as const] : [])];
}

/** The first unit of the repository's labels on which the viewer has `level`, or null. */
async function labelUnitAt(ctx: ServiceContext, repo: RepositoryWithOwner, level: AccessLevel): Promise<Unit | null> {
  const { units } = await repositoryPermission(ctx, repo);
  return labelUnits(repo).find((unit) => atLeast(units[unit], level)) ?? null;
}

/** A repository whose labels the viewer may read: 404 when it may not see them (hidden, or both units off). */
async function readableLabelRepository(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<RepositoryWithOwner> {
  if (!(await labelUnitAt(ctx, repo, 'read'))) throw notFound(`repository ${repo.owner.login}/${repo.name} has no issues or pull requests`);
  return repo;
}

/** The repository whose labels the viewer changes: write on issues or pull requests (403), not archived (423). */
async function writableLabelRepository(ctx: ServiceContext, owner: string, name: string): Promise<RepositoryWithOwner> {
  const repo = await readableLabelRepository(ctx, (await getRepository(ctx, owner, name)).repo);
  const unit = await labelUnitAt(ctx, repo, 'write');
  if (!unit) throw forbidden(`you need write access to the issues or pull requests of ${repo.owner.login}/${repo.name}`);
  return (await getWritableRepository(ctx, owner, name, { unit, level: 'write' })).repo;
}

type OwnerColumn = { repoId: number } | { orgId: number };

/** The owner's column of the labels table, with the viewer allowed to change its labels. */
async function writableOwnerColumn(ctx: ServiceContext, where: LabelOwner): Promise<OwnerColumn> {
  if (where.repository) return { repoId: (await writableLabelRepository(ctx, where.owner, where.repository)).id };
  return { orgId: (await getOwnedOrganization(ctx, where.owner)).id };
}

const ownerName = (where: LabelOwner) => (where.repository ? `${where.owner}/${where.repository}` : where.owner);

// ---------------------------------------------------------------------------------------------
// Rules

const COLOR = /^#?(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/;

/** Gitea's colors: six or three hex digits, with or without '#'; stored as '#' and six digits. */
export function normalizeColor(color: string): string {
  const trimmed = color.trim();
  if (!COLOR.test(trimmed)) throw invalid(`"${color}" is not a color: use six hex digits such as #00aabb`, { field: 'color' });
  const digits = trimmed.replace(/^#/, '');
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

/**
 * The scope of a label that excludes the others of its scope: what comes before the last '/' of an exclusive
 * label's name, when both sides are non-empty; null otherwise (Gitea keeps `exclusive` as given and ignores it then).
 */
export function exclusiveScope(label: Pick<Label, 'name' | 'exclusive'>): string | null {
  if (!label.exclusive) return null;
  const slash = label.name.lastIndexOf('/');
  return slash > 0 && slash < label.name.length - 1 ? label.name.slice(0, slash) : null;
}

/** Open issues carrying the label: the denormalized count of all of them less the closed ones. */
export const openIssueCount = (label: Label) => label.issueCount - label.closedIssueCount;

type LabelColumns = Partial<Pick<Label, 'name' | 'color' | 'description' | 'exclusive' | 'archivedAt'>>;

/** The columns an input sets; `archivedAt` moves only when is_archived changes, so archiving twice keeps the first time. */
function columnsOf(input: LabelInput, current?: Label): LabelColumns {
  const data: LabelColumns = {};
  if (input.name != null) {
    if (!input.name.trim()) throw invalid('a label needs a name', { field: 'name' });
    data.name = input.name;
  }
  if (input.color != null) data.color = normalizeColor(input.color);
  if (input.description != null) data.description = input.description;
  if (input.exclusive != null) data.exclusive = input.exclusive;
  if (input.isArchived != null && input.isArchived !== !!current?.archivedAt) data.archivedAt = input.isArchived ? new Date() : null;
  return data;
}

// ---------------------------------------------------------------------------------------------
// Reads

/** Gitea lists labels by name; the id keeps equal names in a stable order across pages. */
const LABEL_ORDER: Prisma.LabelOrderByWithRelationInput[] = [{ name: 'asc' }, { id: 'asc' }];

function labelPage(ctx: ServiceContext, where: OwnerColumn, window: PageWindow): Promise<Page<Label>> {
  return pageFrom(ctx.db.label.findMany({ where, orderBy: LABEL_ORDER, skip: window.offset, take: window.limit }), ctx.db.label.count({ where }));
}

/** A repository's own labels (not its organization's, as Gitea lists them), by name. */
export async function listRepositoryLabels(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow): Promise<Page<Label>> {
  await readableLabelRepository(ctx, repo);
  return labelPage(ctx, { repoId: repo.id }, window);
}

/** An organization's labels, by name. */
export function listOrganizationLabels(ctx: ServiceContext, org: User, window: PageWindow): Promise<Page<Label>> {
  return labelPage(ctx, { orgId: org.id }, window);
}

export async function getRepositoryLabel(ctx: ServiceContext, repo: RepositoryWithOwner, id: number): Promise<Label | null> {
  await readableLabelRepository(ctx, repo);
  return ctx.db.label.findFirst({ where: { id, repoId: repo.id } });
}

export function getOrganizationLabel(ctx: ServiceContext, org: User, id: number): Promise<Label | null> {
  return ctx.db.label.findFirst({ where: { id, orgId: org.id } });
}

/** The owners whose labels a repository may use: itself and, for a repository of an organization, the organization. */
function usableOwners(repo: RepositoryWithOwner): OwnerColumn[] {
  return [{ repoId: repo.id }, ...(repo.owner.type === 'organization' ? [{ orgId: repo.ownerId }] : [])];
}

/**
 * The labels a repository may use, named by id or by name: its own and, for a repository of an organization,
 * the organization's (a name both have gives both). What matches none of them, a label of another repository
 * included, is refused with 422 naming it: the one lookup of every write that puts labels on an issue (opening
 * one, adding, replacing). No access check: the caller has loaded the repository for its write. `db` is the
 * caller's transaction, when it has one.
 */
export async function findLabelsForRepository(
  ctx: ServiceContext,
  repo: RepositoryWithOwner,
  idsOrNames: readonly (number | string)[],
  db: Tx = ctx.db,
): Promise<Label[]> {
  if (idsOrNames.length === 0) return [];
  const ids = [...new Set(idsOrNames.filter((v): v is number => typeof v === 'number'))];
  const names = [...new Set(idsOrNames.filter((v): v is string => typeof v === 'string'))];
  const labels = await db.label.findMany({
    where: { OR: usableOwners(repo), AND: [{ OR: [{ id: { in: ids } }, { name: { in: names } }] }] },
    orderBy: LABEL_ORDER,
  });
  const missing = [...ids, ...names].filter((v) => !labels.some((l) => (typeof v === 'number' ? l.id === v : l.name === v)));
  if (missing.length) throw invalid(`${repo.owner.login}/${repo.name} has no label ${missing.map((m) => JSON.stringify(m)).join(', ')}`);
  return labels;
}

/** The label with this id that the repository may use (its own or its organization's), or null. */
export function findUsableLabel(ctx: ServiceContext, repo: RepositoryWithOwner, id: number): Promise<Label | null> {
  return ctx.db.label.findFirst({ where: { id, OR: usableOwners(repo) } });
}

/**
 * An issue carries at most one label of an exclusive scope, so a set of labels meant for one issue that holds
 * two of one scope is refused with 422 (SPEC.md: "two labels of one exclusive scope on an issue: rejected"),
 * where Gitea would silently keep the last of them.
 */
export function refuseSharedScopes(labels: readonly Label[]): void {
  const seen = new Map<string, Label>();
  for (const label of labels) {
    const scope = exclusiveScope(label);
    if (scope === null) continue;
    const other = seen.get(scope);
    if (other && other.id !== label.id) {
      throw invalid(`labels "${other.name}" and "${label.name}" share the exclusive scope "${scope}": an issue holds at most one of them`);
    }
    seen.set(scope, label);
  }
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function createLabel(ctx: ServiceContext, where: LabelOwner, input: LabelInput): Promise<Label> {
  const owner = await writableOwnerColumn(ctx, where);
  if (input.name == null) throw invalid('a label needs a name', { field: 'name' });
  if (input.color == null) throw invalid('a label needs a color', { field: 'color' });
  return ctx.db.label.create({ data: { ...owner, ...columnsOf(input), name: input.name, color: normalizeColor(input.color) } });
}

async function labelToChange(ctx: ServiceContext, where: LabelOwner, id: number): Promise<Label> {
  const owner = await writableOwnerColumn(ctx, where);
  const label = await ctx.db.label.findFirst({ where: { id, ...owner } });
  if (!label) throw notFound(`${ownerName(where)} has no label ${id}`);
  return label;
}

export async function updateLabel(ctx: ServiceContext, where: LabelOwner, id: number, input: LabelInput): Promise<Label> {
  const label = await labelToChange(ctx, where, id);
  return ctx.db.label.update({ where: { id: label.id }, data: columnsOf(input, label) });
}

/** Deletes a label: it leaves the issues that carried it (rows cascade) and their timelines' label events. */
export async function deleteLabel(ctx: ServiceContext, where: LabelOwner, id: number): Promise<void> {
  const label = await labelToChange(ctx, where, id);
  await ctx.db.$transaction(async (tx) => {
    await tx.comment.deleteMany({ where: { type: 'label', labelId: label.id } });
    await tx.label.delete({ where: { id: label.id } });
  });
}
