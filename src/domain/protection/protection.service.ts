import type { BranchProtection, Prisma, TagProtection, Team, User } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { cachedRead } from '../../cache/cache.ts';
import { badRequest, forbidden, invalid, notFound } from '../../errors.ts';
import type { ServiceContext } from '../../services.ts';
import { atLeast, repositoryPermission, type AccessLevel } from '../access/access.service.ts';
import { viewerTeams } from '../access/grants.ts';
import { parseUnits } from '../access/units.ts';
import { permissionOf } from '../collaborator/collaborator.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { getRepository } from '../repo/repo.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import type { CreateBranchProtectionInput, CreateTagProtectionInput, EditBranchProtectionInput, EditTagProtectionInput } from './protection.inputs.ts';
import type { PatternSource, PushDecisions } from '../../git/protection-hook.ts';
import {
  compareRules,
  filePatterns,
  mayForcePush,
  mayMerge,
  mayPush,
  ruleFor,
  ruleMatcher,
  tagControl,
  tagPatternMatcher,
  tagRuleAllows,
  type Pusher,
  type PushRule,
} from './protection.rules.ts';

/**
 * Branch protection rules of a repository, as Gitea keeps them (models/git/protected_branch.go): read and
 * changed by its administrators. Lists of accounts and teams are stored as ids and answered as names; accounts
 * without write access to the code and teams that do not reach the repository are dropped when a list is set,
 * as Gitea drops them. Rule changes publish no event: Gitea has no webhook event for them.
 */

/** The id lists of a rule, by the column that keeps them. */
const ID_LISTS = [
  'whitelistUserIds',
  'whitelistTeamIds',
  'forcePushAllowlistUserIds',
  'forcePushAllowlistTeamIds',
  'mergeWhitelistUserIds',
  'mergeWhitelistTeamIds',
  'approvalsWhitelistUserIds',
  'approvalsWhitelistTeamIds',
  'bypassAllowlistUserIds',
  'bypassAllowlistTeamIds',
] as const;
type IdList = (typeof ID_LISTS)[number];

/** A rule with its lists read: ids as numbers, and the names the API shows. */
export interface BranchProtectionView extends Omit<BranchProtection, IdList | 'statusCheckContexts'>, PushRule {
  repo: RepositoryWithOwner;
  statusCheckContexts: string[];
  approvalsWhitelistUserIds: number[];
  approvalsWhitelistTeamIds: number[];
  bypassAllowlistUserIds: number[];
  bypassAllowlistTeamIds: number[];
  /** Names per list, e.g. names.whitelistUserIds: the logins of the push whitelist. */
  names: Record<IdList, string[]>;
}

/** A stored JSON list, read leniently: what is not a list, or items of another kind, are left out. */
function readList<T>(text: string, isItem: (v: unknown) => v is T): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isItem) : [];
  } catch {
    return [];
  }
}
const readIds = (text: string) => readList(text, (v): v is number => Number.isInteger(v));
const readStrings = (text: string) => readList(text, (v): v is string => typeof v === 'string');

/** A rule with its lists read, without names (enough to decide what an account may do). */
export function readRule(row: BranchProtection) {
  const lists = Object.fromEntries(ID_LISTS.map((list) => [list, readIds(row[list])])) as Record<IdList, number[]>;
  return { ...row, ...lists, statusCheckContexts: readStrings(row.statusCheckContexts) };
}
export type ReadRule = ReturnType<typeof readRule>;

/** Rules with their names: the accounts and teams of every list of every rule in two queries. */
async function views(ctx: ServiceContext, repo: RepositoryWithOwner, rows: BranchProtection[]): Promise<BranchProtectionView[]> {
  const rules = rows.map(readRule);
  const userIds = new Set<number>();
  const teamIds = new Set<number>();
  for (const rule of rules) {
    for (const list of ID_LISTS) for (const id of rule[list]) (list.endsWith('TeamIds') ? teamIds : userIds).add(id);
  }
  const [users, teams] = await Promise.all([
    userIds.size ? ctx.db.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, login: true } }) : [],
    teamIds.size ? ctx.db.team.findMany({ where: { id: { in: [...teamIds] } }, select: { id: true, name: true } }) : [],
  ]);
  const userName = new Map(users.map((u) => [u.id, u.login]));
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  return rules.map((rule) => ({
    ...rule,
    repo,
    names: Object.fromEntries(
      ID_LISTS.map((list) => {
        const names = list.endsWith('TeamIds') ? teamName : userName;
        return [list, rule[list].map((id) => names.get(id)).filter((n): n is string => n !== undefined)];
      }),
    ) as Record<IdList, string[]>,
  }));
}

/** A repository's rules in the order they are tried (plain names, then globs by priority): one query. */
export async function repositoryRules(ctx: ServiceContext, repoId: number): Promise<ReadRule[]> {
  const rows = await cachedRead(ctx, 'branchProtectionsOfRepository', repoId, () => ctx.db.branchProtection.findMany({ where: { repoId } }));
  return [...rows].sort(compareRules).map(readRule);
}

/** The caller as a pusher of a repository: its account, its teams and whether it writes the code. */
export async function viewerAsPusher(ctx: ServiceContext, codeLevel: AccessLevel): Promise<Pusher> {
  const user = ctx.viewer.user;
  if (!user) return { userId: null, teamIds: [], writesCode: false };
  return { userId: user.id, teamIds: (await viewerTeams(ctx)).map((t) => t.id), writesCode: atLeast(codeLevel, 'write') };
}

/** What a branch's rule means for one caller: what branch responses show. */
export interface BranchProtectionFacts {
  rule: ReadRule | null;
  canPush: boolean;
  canForcePush: boolean;
  canMerge: boolean;
}

/** The facts for one branch, from rules loaded once (a page of branches costs no query per branch). */
export function factsFor(rules: readonly ReadRule[], branch: string, pusher: Pusher): BranchProtectionFacts {
  const rule = ruleFor(rules, branch);
  if (!rule) return { rule: null, canPush: pusher.writesCode, canForcePush: pusher.writesCode, canMerge: pusher.writesCode };
  return { rule, canPush: mayPush(rule, pusher), canForcePush: mayForcePush(rule, pusher), canMerge: mayMerge(rule, pusher) };
}

const sourceOf = (pattern: RegExp): PatternSource => ({ source: pattern.source, flags: pattern.flags });

/**
 * What each rule of the repository allows the caller on `git push`: for branch rules, in the order they are
 * tried, whether it may push and force push, and the file patterns the hook checks; for tag rules, whether it
 * may change the tags they cover (src/git/protection-hook.ts). One query each for the rules (none when cached);
 * nothing is asked about the caller when the repository has no rule.
 */
export async function pushDecisions(ctx: ServiceContext, repo: RepositoryWithOwner, deployKey?: Pusher): Promise<PushDecisions> {
  const [rules, tagRules] = await Promise.all([repositoryRules(ctx, repo.id), repositoryTagRules(ctx, repo.id)]);
  if (!rules.length && !tagRules.length) return { branches: [], tags: [] };
  const pusher = deployKey ?? (await viewerAsPusher(ctx, (await repositoryPermission(ctx, repo)).units['repo.code']));
  return {
    branches: rules.map((rule) => ({
      ruleName: rule.ruleName,
      match: sourceOf(ruleMatcher(rule.ruleName)),
      canPush: mayPush(rule, pusher),
      canForcePush: mayForcePush(rule, pusher),
      protectedFiles: filePatterns(rule.protectedFilePatterns).map(sourceOf),
      unprotectedFiles: filePatterns(rule.unprotectedFilePatterns).map(sourceOf),
    })),
    tags: tagRules.flatMap((rule) => {
      const match = tagPatternMatcher(rule.namePattern);
      return match ? [{ namePattern: rule.namePattern, match: sourceOf(match), allowed: tagRuleAllows(rule, pusher) }] : [];
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads: repository administrators only, as in Gitea

/** The repository, with the caller its administrator: 404 when hidden, 403 for those who see it without admin rights. */
async function administeredRepository(ctx: ServiceContext, repo: RepositoryWithOwner, what = 'branch protections'): Promise<RepositoryWithOwner> {
  const { level } = await repositoryPermission(ctx, repo);
  if (!atLeast(level, 'admin')) throw forbidden(`only administrators of ${repo.owner.login}/${repo.name} may see its ${what}`);
  return repo;
}

export async function listBranchProtections(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<BranchProtectionView[]> {
  await administeredRepository(ctx, repo);
  const rows = await ctx.db.branchProtection.findMany({ where: { repoId: repo.id } });
  return views(ctx, repo, rows.sort(compareRules));
}

export async function getBranchProtection(ctx: ServiceContext, repo: RepositoryWithOwner, ruleName: string): Promise<BranchProtectionView | null> {
  await administeredRepository(ctx, repo);
  const row = await ctx.db.branchProtection.findUnique({ where: { repoId_ruleName: { repoId: repo.id, ruleName } } });
  return row ? (await views(ctx, repo, [row]))[0] : null;
}

// ---------------------------------------------------------------------------------------------
// Writes

/** The repository whose rules change: its administrators only (403), not archived (423). */
async function repositoryToProtect(ctx: ServiceContext, owner: string, name: string, what?: string): Promise<RepositoryWithOwner> {
  const { repo } = await getRepository(ctx, owner, name);
  await administeredRepository(ctx, repo, what);
  return (await getWritableRepository(ctx, owner, name, 'admin')).repo;
}

/** Accounts by login; one that does not exist is refused with 422, as Gitea's GetUserIDsByNames. */
async function usersNamed(ctx: ServiceContext, logins: readonly string[]): Promise<User[]> {
  if (!logins.length) return [];
  const lower = [...new Set(logins.map((l) => l.toLowerCase()))];
  const users = await ctx.db.user.findMany({ where: { lowerLogin: { in: lower } } });
  const missing = lower.filter((l) => !users.some((u) => u.lowerLogin === l));
  if (missing.length) throw invalid(`user does not exist [name: ${missing.join(', ')}]`);
  return users;
}

/** Teams of the owning organization by name; one it does not have is refused with 422 (GetTeamIDsByNames). */
async function teamsNamed(ctx: ServiceContext, repo: RepositoryWithOwner, names: readonly string[]): Promise<Team[]> {
  if (!names.length || repo.owner.type !== 'organization') return [];
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  const teams = await ctx.db.team.findMany({ where: { orgId: repo.ownerId, lowerName: { in: lower } } });
  const missing = lower.filter((l) => !teams.some((t) => t.lowerName === l));
  if (missing.length) throw invalid(`team does not exist [name: ${missing.join(', ')}]`);
  return teams;
}

/** The accounts among `users` whose own permission reaches `unit` at `level`; the others are dropped, as Gitea drops them. */
async function usersWith(ctx: ServiceContext, repo: RepositoryWithOwner, users: User[], unit: 'repo.code' | 'repo.pulls', level: AccessLevel): Promise<number[]> {
  const kept: number[] = [];
  for (const user of users) {
    const permission = await permissionOf(ctx, repo, user);
    if (atLeast(permission.units[unit], level)) kept.push(user.id);
  }
  return kept;
}

/** The teams among `teams` that reach the repository with read access to its code or pull requests; the others are dropped. */
async function teamsReaching(ctx: ServiceContext, repo: RepositoryWithOwner, teams: Team[]): Promise<number[]> {
  if (!teams.length) return [];
  const explicit = await ctx.db.teamRepository.findMany({ where: { repoId: repo.id, teamId: { in: teams.map((t) => t.id) } } });
  return teams
    .filter((team) => team.includesAllRepositories || explicit.some((e) => e.teamId === team.id))
    .filter((team) => {
      if (atLeast(team.permission as AccessLevel, 'admin')) return true;
      const units = parseUnits(team.units);
      return atLeast(units['repo.code'] ?? 'none', 'read') || atLeast(units['repo.pulls'] ?? 'none', 'read');
    })
    .map((team) => team.id);
}

type ListInput = Pick<
  EditBranchProtectionInput,
  | 'pushWhitelistUsernames'
  | 'pushWhitelistTeams'
  | 'forcePushAllowlistUsernames'
  | 'forcePushAllowlistTeams'
  | 'mergeWhitelistUsernames'
  | 'mergeWhitelistTeams'
  | 'approvalsWhitelistUsername'
  | 'approvalsWhitelistTeams'
  | 'bypassAllowlistUsernames'
  | 'bypassAllowlistTeams'
>;

/** Which input names which list, and what an account or team of it needs. */
const LIST_SOURCES: { list: IdList; from: keyof ListInput; team: boolean; unit: 'repo.code' | 'repo.pulls'; level: AccessLevel }[] = [
  { list: 'whitelistUserIds', from: 'pushWhitelistUsernames', team: false, unit: 'repo.code', level: 'write' },
  { list: 'whitelistTeamIds', from: 'pushWhitelistTeams', team: true, unit: 'repo.code', level: 'write' },
  { list: 'forcePushAllowlistUserIds', from: 'forcePushAllowlistUsernames', team: false, unit: 'repo.code', level: 'write' },
  { list: 'forcePushAllowlistTeamIds', from: 'forcePushAllowlistTeams', team: true, unit: 'repo.code', level: 'write' },
  { list: 'mergeWhitelistUserIds', from: 'mergeWhitelistUsernames', team: false, unit: 'repo.code', level: 'write' },
  { list: 'mergeWhitelistTeamIds', from: 'mergeWhitelistTeams', team: true, unit: 'repo.code', level: 'write' },
  { list: 'approvalsWhitelistUserIds', from: 'approvalsWhitelistUsername', team: false, unit: 'repo.pulls', level: 'read' },
  { list: 'approvalsWhitelistTeamIds', from: 'approvalsWhitelistTeams', team: true, unit: 'repo.code', level: 'read' },
  { list: 'bypassAllowlistUserIds', from: 'bypassAllowlistUsernames', team: false, unit: 'repo.code', level: 'write' },
  { list: 'bypassAllowlistTeamIds', from: 'bypassAllowlistTeams', team: true, unit: 'repo.code', level: 'write' },
];

/**
 * The lists an input sets, as stored columns: every name is looked up first (an unknown one is 422 before
 * anything is written), then accounts without the access a list needs and teams that do not reach the
 * repository are dropped. Lists the input leaves out are not in the answer.
 */
async function listColumns(ctx: ServiceContext, repo: RepositoryWithOwner, input: ListInput): Promise<Partial<Record<IdList, string>>> {
  const named = await Promise.all(
    LIST_SOURCES.map(async (source) => {
      const names = input[source.from];
      if (names == null) return null;
      return source.team ? { source, teams: await teamsNamed(ctx, repo, names) } : { source, users: await usersNamed(ctx, names) };
    }),
  );
  const columns: Partial<Record<IdList, string>> = {};
  for (const entry of named) {
    if (!entry) continue;
    const { source } = entry;
    const ids = 'teams' in entry ? await teamsReaching(ctx, repo, entry.teams ?? []) : await usersWith(ctx, repo, entry.users ?? [], source.unit, source.level);
    columns[source.list] = JSON.stringify(ids);
  }
  return columns;
}

type Flags = Omit<Prisma.BranchProtectionUncheckedUpdateInput, IdList | 'id' | 'repoId' | 'ruleName' | 'createdAt' | 'updatedAt'>;

/** The settings of a new rule, as Gitea derives them: the push, force push and deploy key switches only count with what they extend. */
function createdFlags(input: CreateBranchProtectionInput): Flags {
  const push = !!input.enablePush;
  const whitelist = push && !!input.enablePushWhitelist;
  const force = push && !!input.enableForcePush;
  const forceList = force && !!input.enableForcePushAllowlist;
  return {
    priority: input.priority ?? 0,
    canPush: push,
    enableWhitelist: whitelist,
    whitelistDeployKeys: whitelist && !!input.pushWhitelistDeployKeys,
    canForcePush: force,
    enableForcePushAllowlist: forceList,
    forcePushAllowlistDeployKeys: forceList && !!input.forcePushAllowlistDeployKeys,
    enableMergeWhitelist: !!input.enableMergeWhitelist,
    enableStatusCheck: !!input.enableStatusCheck,
    statusCheckContexts: JSON.stringify(input.statusCheckContexts ?? []),
    enableApprovalsWhitelist: !!input.enableApprovalsWhitelist,
    requiredApprovals: Math.max(0, input.requiredApprovals ?? 0),
    blockOnRejectedReviews: !!input.blockOnRejectedReviews,
    blockOnOfficialReviewRequests: !!input.blockOnOfficialReviewRequests,
    blockOnCodeownerReviews: !!input.blockOnCodeownerReviews,
    blockOnOutdatedBranch: !!input.blockOnOutdatedBranch,
    dismissStaleApprovals: !!input.dismissStaleApprovals,
    ignoreStaleApprovals: !!input.ignoreStaleApprovals,
    requireSignedCommits: !!input.requireSignedCommits,
    protectedFilePatterns: input.protectedFilePatterns ?? '',
    unprotectedFilePatterns: input.unprotectedFilePatterns ?? '',
    blockAdminMergeOverride: !!input.blockAdminMergeOverride,
    enableBypassAllowlist: !!input.enableBypassAllowlist,
  };
}

/** What an edit changes, as Gitea's edit reads it: left out stays; turning a switch off turns off what extends it. */
function editedFlags(input: EditBranchProtectionInput): Flags {
  const data: Flags = {};
  if (input.enablePush === false) Object.assign(data, { canPush: false, enableWhitelist: false, whitelistDeployKeys: false });
  if (input.enablePush === true) {
    data.canPush = true;
    if (input.enablePushWhitelist === false) Object.assign(data, { enableWhitelist: false, whitelistDeployKeys: false });
    if (input.enablePushWhitelist === true) {
      data.enableWhitelist = true;
      if (input.pushWhitelistDeployKeys != null) data.whitelistDeployKeys = input.pushWhitelistDeployKeys;
    }
  }
  if (input.enableForcePush === false) Object.assign(data, { canForcePush: false, enableForcePushAllowlist: false, forcePushAllowlistDeployKeys: false });
  if (input.enableForcePush === true) {
    data.canForcePush = true;
    if (input.enableForcePushAllowlist === false) Object.assign(data, { enableForcePushAllowlist: false, forcePushAllowlistDeployKeys: false });
    if (input.enableForcePushAllowlist === true) {
      data.enableForcePushAllowlist = true;
      if (input.forcePushAllowlistDeployKeys != null) data.forcePushAllowlistDeployKeys = input.forcePushAllowlistDeployKeys;
    }
  }
  if (input.priority != null) data.priority = input.priority;
  if (input.statusCheckContexts != null) data.statusCheckContexts = JSON.stringify(input.statusCheckContexts);
  if (input.requiredApprovals != null && input.requiredApprovals >= 0) data.requiredApprovals = input.requiredApprovals;
  for (const key of [
    'enableMergeWhitelist',
    'enableStatusCheck',
    'enableApprovalsWhitelist',
    'blockOnRejectedReviews',
    'blockOnOfficialReviewRequests',
    'blockOnCodeownerReviews',
    'blockOnOutdatedBranch',
    'dismissStaleApprovals',
    'ignoreStaleApprovals',
    'requireSignedCommits',
    'blockAdminMergeOverride',
    'enableBypassAllowlist',
  ] as const) {
    if (input[key] != null) data[key] = input[key];
  }
  if (input.protectedFilePatterns != null) data.protectedFilePatterns = input.protectedFilePatterns;
  if (input.unprotectedFilePatterns != null) data.unprotectedFilePatterns = input.unprotectedFilePatterns;
  return data;
}

const ALREADY = 'Branch protection already exist';

/**
 * Creates a rule. The name is `ruleName`, or `branchName` when that is empty (400 when both are); a rule of that
 * name already there is refused with 403, as Gitea refuses it. Priority 0 puts the rule after the others.
 */
export async function createBranchProtection(ctx: ServiceContext, owner: string, name: string, input: CreateBranchProtectionInput): Promise<BranchProtectionView> {
  const repo = await repositoryToProtect(ctx, owner, name);
  const ruleName = input.ruleName || input.branchName || '';
  if (!ruleName) throw badRequest('both rule_name and branch_name are empty');
  const existing = await ctx.db.branchProtection.findUnique({ where: { repoId_ruleName: { repoId: repo.id, ruleName } } });
  if (existing) throw forbidden(ALREADY);
  const lists = await listColumns(ctx, repo, input);
  const flags = createdFlags(input);
  try {
    const row = await ctx.db.$transaction(async (tx) => {
      let priority = flags.priority as number;
      if (priority === 0) {
        const last = await tx.branchProtection.aggregate({ where: { repoId: repo.id }, _max: { priority: true } });
        priority = (last._max.priority ?? 0) + 1;
      }
      return tx.branchProtection.create({ data: { ...(flags as Prisma.BranchProtectionUncheckedCreateInput), ...lists, priority, repoId: repo.id, ruleName } });
    });
    return (await views(ctx, repo, [row]))[0];
  } catch (err) {
    if (isUniqueViolation(err)) throw forbidden(ALREADY);
    throw err;
  }
}

async function ruleToChange(ctx: ServiceContext, repo: RepositoryWithOwner, ruleName: string): Promise<BranchProtection> {
  const row = await ctx.db.branchProtection.findUnique({ where: { repoId_ruleName: { repoId: repo.id, ruleName } } });
  if (!row) throw notFound(`${repo.owner.login}/${repo.name} has no branch protection "${ruleName}"`);
  return row;
}

/** Changes what the input sets of the rule named `ruleName` (404 when there is none). */
export async function updateBranchProtection(ctx: ServiceContext, owner: string, name: string, ruleName: string, input: EditBranchProtectionInput): Promise<BranchProtectionView> {
  const repo = await repositoryToProtect(ctx, owner, name);
  const current = await ruleToChange(ctx, repo, ruleName);
  const lists = await listColumns(ctx, repo, input);
  const row = await ctx.db.branchProtection.update({ where: { id: current.id }, data: { ...editedFlags(input), ...lists } });
  return (await views(ctx, repo, [row]))[0];
}

export async function deleteBranchProtection(ctx: ServiceContext, owner: string, name: string, ruleName: string): Promise<void> {
  const repo = await repositoryToProtect(ctx, owner, name);
  const current = await ruleToChange(ctx, repo, ruleName);
  await ctx.db.branchProtection.delete({ where: { id: current.id } });
}

/**
 * Reorders rules without recreating them: the rules named by `ids` get priorities 1, 2, … in that order, in one
 * transaction. Ids of no rule of this repository are passed over, as Gitea passes over them.
 */
export async function reorderBranchProtections(ctx: ServiceContext, owner: string, name: string, ids: readonly number[]): Promise<void> {
  const repo = await repositoryToProtect(ctx, owner, name);
  await ctx.db.$transaction(async (tx) => {
    for (const [index, id] of ids.entries()) {
      await tx.branchProtection.updateMany({ where: { id, repoId: repo.id }, data: { priority: index + 1 } });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Tag protection, as Gitea keeps it (models/git/protected_tag.go): a pattern and the accounts and teams that may
// create, move and delete the tags it covers. Read and changed by the repository's administrators; enforced on
// `git push` (the hook above), on the tag operations, and through assertTagAllowed for whoever else writes tags.

/** A tag rule with its lists read: ids as numbers (names are loaded by the GraphQL layer). */
export interface TagProtectionView extends Omit<TagProtection, 'allowUserIds' | 'allowTeamIds'> {
  repo: RepositoryWithOwner;
  allowUserIds: number[];
  allowTeamIds: number[];
}

const readTagRule = (row: TagProtection) => ({ ...row, allowUserIds: readIds(row.allowUserIds), allowTeamIds: readIds(row.allowTeamIds) });

/** A repository's tag rules, oldest first (the order Gitea tries them): one query, kept between requests. */
export async function repositoryTagRules(ctx: ServiceContext, repoId: number): Promise<ReturnType<typeof readTagRule>[]> {
  const rows = await cachedRead(ctx, 'tagProtectionsOfRepository', repoId, () => ctx.db.tagProtection.findMany({ where: { repoId }, orderBy: { id: 'asc' } }));
  return rows.map(readTagRule);
}

const TAG_RULES = 'tag protections';

export async function listTagProtections(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<TagProtectionView[]> {
  await administeredRepository(ctx, repo, TAG_RULES);
  const rows = await ctx.db.tagProtection.findMany({ where: { repoId: repo.id }, orderBy: { id: 'asc' } });
  return rows.map((row) => ({ ...readTagRule(row), repo }));
}

export async function getTagProtection(ctx: ServiceContext, repo: RepositoryWithOwner, id: number): Promise<TagProtectionView | null> {
  await administeredRepository(ctx, repo, TAG_RULES);
  const row = await ctx.db.tagProtection.findFirst({ where: { id, repoId: repo.id } });
  return row ? { ...readTagRule(row), repo } : null;
}

/** A pattern as it is stored: trimmed, not empty (400) and compiling as a glob or a `/regular expression/` (422). */
function tagPattern(text: string | null | undefined): string {
  const pattern = (text ?? '').trim();
  if (!pattern) throw badRequest('name_pattern is empty');
  if (!tagPatternMatcher(pattern)) throw invalid(`name_pattern "${pattern}" is neither a valid glob nor a valid /regular expression/`);
  return pattern;
}

/** The id lists an input sets: every name must exist (422, as Gitea); teams only count for an organization's repository, as in Gitea. */
async function tagListColumns(ctx: ServiceContext, repo: RepositoryWithOwner, input: EditTagProtectionInput) {
  const [users, teams] = await Promise.all([
    input.whitelistUsernames == null ? null : usersNamed(ctx, input.whitelistUsernames),
    input.whitelistTeams == null ? null : teamsNamed(ctx, repo, input.whitelistTeams),
  ]);
  return {
    ...(users && { allowUserIds: JSON.stringify(users.map((u) => u.id)) }),
    ...(teams && { allowTeamIds: JSON.stringify(teams.map((t) => t.id)) }),
  };
}

const TAG_RULE_EXISTS = 'Tag protection already exist';

/**
 * Adds a tag rule. As Gitea: an empty pattern and a rule listing nobody are 400, a pattern another rule already
 * has is 403, an unknown account or team 422. A pattern that does not compile is 422 (Gitea stores it and then
 * fails every push of a tag).
 */
export async function createTagProtection(ctx: ServiceContext, owner: string, name: string, input: CreateTagProtectionInput): Promise<TagProtectionView> {
  const repo = await repositoryToProtect(ctx, owner, name, TAG_RULES);
  const namePattern = tagPattern(input.namePattern);
  if (!input.whitelistUsernames?.length && !input.whitelistTeams?.length) throw badRequest('both whitelist_usernames and whitelist_teams are empty');
  const lists = await tagListColumns(ctx, repo, input);
  const row = await ctx.db.$transaction(async (tx) => {
    if (await tx.tagProtection.findFirst({ where: { repoId: repo.id, namePattern } })) throw forbidden(TAG_RULE_EXISTS);
    return tx.tagProtection.create({ data: { repoId: repo.id, namePattern, ...lists } });
  });
  return { ...readTagRule(row), repo };
}

async function tagRuleToChange(ctx: ServiceContext, repo: RepositoryWithOwner, id: number): Promise<TagProtection> {
  const row = await ctx.db.tagProtection.findFirst({ where: { id, repoId: repo.id } });
  if (!row) throw notFound(`${repo.owner.login}/${repo.name} has no tag protection ${id}`);
  return row;
}

/** Changes what the input sets (404 for a rule of another repository); lists given replace the stored ones. */
export async function updateTagProtection(ctx: ServiceContext, owner: string, name: string, id: number, input: EditTagProtectionInput): Promise<TagProtectionView> {
  const repo = await repositoryToProtect(ctx, owner, name, TAG_RULES);
  const current = await tagRuleToChange(ctx, repo, id);
  const namePattern = input.namePattern == null ? undefined : tagPattern(input.namePattern);
  const lists = await tagListColumns(ctx, repo, input);
  const row = await ctx.db.tagProtection.update({ where: { id: current.id }, data: { namePattern, ...lists } });
  return { ...readTagRule(row), repo };
}

/** Deletes a rule. An archived repository's rules can be deleted too: Gitea does not guard this one. */
export async function deleteTagProtection(ctx: ServiceContext, owner: string, name: string, id: number): Promise<void> {
  const { repo } = await getRepository(ctx, owner, name);
  await administeredRepository(ctx, repo, TAG_RULES);
  const current = await tagRuleToChange(ctx, repo, id);
  await ctx.db.tagProtection.delete({ where: { id: current.id } });
}

/**
 * Refuses (422, as Gitea refuses a protected tag through the API) when the caller may not create, move or delete
 * the tag `tagName` of the repository: a rule covers it and none of the covering rules lists the caller. For every
 * writer of tags besides `git push` (the tag operations, a release made on a new tag). Reads the rules once
 * (cached) and the caller's teams only when a rule covers the tag.
 */
export async function assertTagAllowed(ctx: ServiceContext, repo: { id: number }, tagName: string, action: 'create' | 'move' | 'delete' = 'create'): Promise<void> {
  const rules = await repositoryTagRules(ctx, repo.id);
  if (!rules.length) return;
  const pusher: Pusher = { userId: ctx.viewer.user?.id ?? null, teamIds: [], writesCode: false };
  const covered = tagControl(rules, tagName, pusher);
  if (covered.allowed) return;
  const teamIds = (await viewerTeams(ctx)).map((t) => t.id);
  const decision = tagControl(rules, tagName, { ...pusher, teamIds });
  if (!decision.allowed) throw invalid(`the tag "${tagName}" is protected (rule "${decision.rule.namePattern}"): you may not ${action} it`);
}
