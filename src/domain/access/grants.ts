import DataLoader from 'dataloader';
import type { ServiceContext } from '../../services.ts';
import type { Team } from '../../db/models.ts';
import { cachedRead } from '../../cache/cache.ts';
import { parseUnits, type AccessLevel, type UnitLevels } from './units.ts';
import { requestScoped } from '../../request-scoped.ts';

/** A team the viewer belongs to, as the access model needs it. */
export interface ViewerTeam {
  id: number;
  orgId: number;
  permission: AccessLevel;
  units: Partial<UnitLevels>;
  includesAllRepositories: boolean;
  canCreateOrgRepo: boolean;
}

/** What the database grants the viewer on one repository beyond ownership and visibility. */
export interface RepositoryGrants {
  collaboration: AccessLevel | null;
  /** The viewer's teams of the owning organization that reach the repository. */
  teams: ViewerTeam[];
}

/**
 * The viewer's grants, loaded at most once per service context (one GraphQL operation, one REST call, one
 * git request): their teams in one query, and collaborations and explicit team repositories for any number
 * of repositories in one batched query each. Mutations that change grants call forgetGrants.
 */
interface GrantsCache {
  teams?: Promise<ViewerTeam[]>;
  perRepository?: DataLoader<RepositoryKey, RepositoryGrants, number>;
}

type RepositoryKey = { id: number; ownerId: number };

const grantsOfRequest = requestScoped('grants', (_ctx: ServiceContext): GrantsCache => ({}));
const cacheOf = grantsOfRequest.of;

export function forgetGrants(ctx: ServiceContext) {
  grantsOfRequest.forget(ctx);
}

function viewerTeam(team: Team): ViewerTeam {
  return {
    id: team.id,
    orgId: team.orgId,
    permission: team.permission as AccessLevel,
    units: parseUnits(team.units),
    includesAllRepositories: team.includesAllRepositories,
    canCreateOrgRepo: team.canCreateOrgRepo,
  };
}

export function viewerTeams(ctx: ServiceContext): Promise<ViewerTeam[]> {
  const userId = ctx.viewer.user?.id;
  if (userId === undefined) return Promise.resolve([]);
  const cache = cacheOf(ctx);
  cache.teams ??= cachedRead(ctx, 'teamsOfUser', userId, () =>
    ctx.db.team.findMany({ where: { members: { some: { userId } } } }).then((teams) => teams.map(viewerTeam)),
  );
  return cache.teams;
}

/** The organizations the viewer belongs to (through any team) and those it owns (through an owner team). */
export async function viewerOrganizations(ctx: ServiceContext): Promise<{ member: Set<number>; owner: Set<number> }> {
  const teams = await viewerTeams(ctx);
  return {
    member: new Set(teams.map((t) => t.orgId)),
    owner: new Set(teams.filter((t) => t.permission === 'owner').map((t) => t.orgId)),
  };
}

export function repositoryGrants(ctx: ServiceContext, repo: { id: number; ownerId: number }): Promise<RepositoryGrants> {
  const userId = ctx.viewer.user?.id;
  if (userId === undefined) return Promise.resolve({ collaboration: null, teams: [] });
  const cache = cacheOf(ctx);
  cache.perRepository ??= new DataLoader<RepositoryKey, RepositoryGrants, number>(
    async (repos) => {
      const ids = repos.map((r) => r.id);
      const teams = await viewerTeams(ctx);
      const explicitTeams = teams.filter((t) => !t.includesAllRepositories).map((t) => t.id);
      const [collaborations, teamRepos] = await Promise.all([
        ctx.db.collaboration.findMany({ where: { userId, repoId: { in: ids } } }),
        explicitTeams.length ? ctx.db.teamRepository.findMany({ where: { teamId: { in: explicitTeams }, repoId: { in: ids } } }) : [],
      ]);
      return repos.map((r) => ({
        collaboration: (collaborations.find((c) => c.repoId === r.id)?.permission as AccessLevel | undefined) ?? null,
        teams: teams.filter((t) =>
          t.orgId === r.ownerId && (t.includesAllRepositories || teamRepos.some((tr) => tr.teamId === t.id && tr.repoId === r.id)),
        ),
      }));
    },
    { cacheKeyFn: (r) => r.id },
  );
  return cache.perRepository.load({ id: repo.id, ownerId: repo.ownerId });
}

/** What the access model needs to know about one account and one repository. */
export interface AccountGrants {
  grants: RepositoryGrants;
  memberOfOwner: boolean;
  ownerOfOwner: boolean;
}

/**
 * The grants of any number of accounts on one repository, read together: for the subscribers of one event, each
 * of whose deliveries is authorised. The accounts asking within one turn of the event loop (every subscriber the
 * event woke) are read with one statement each for their collaborations, their teams of the owning organization
 * and those teams' repositories, however many they are; each account is read once. Made anew for each event, so
 * that every event sees the grants as they are.
 */
export function grantsOfAccounts(db: ServiceContext['db'], repo: { id: number; ownerId: number; owner: { type: string } }) {
  const ofOrganization = repo.owner.type === 'organization';
  return new DataLoader<number, AccountGrants>(
    async (userIds) => {
      const ids = [...userIds];
      const [collaborations, memberships] = await Promise.all([
        db.collaboration.findMany({ where: { repoId: repo.id, userId: { in: ids } }, select: { userId: true, permission: true } }),
        ofOrganization ? db.teamMember.findMany({ where: { userId: { in: ids }, team: { orgId: repo.ownerId } }, include: { team: true } }) : [],
      ]);
      const explicit = [...new Set(memberships.filter((m) => !m.team.includesAllRepositories).map((m) => m.teamId))];
      const reached = new Set(
        explicit.length ? (await db.teamRepository.findMany({ where: { repoId: repo.id, teamId: { in: explicit } }, select: { teamId: true } })).map((r) => r.teamId) : [],
      );
      const collaboration = new Map(collaborations.map((c) => [c.userId, c.permission as AccessLevel]));
      const teamsOf = new Map<number, ViewerTeam[]>();
      for (const m of memberships) teamsOf.set(m.userId, [...(teamsOf.get(m.userId) ?? []), viewerTeam(m.team)]);
      return ids.map((userId) => {
        const teams = teamsOf.get(userId) ?? [];
        return {
          grants: { collaboration: collaboration.get(userId) ?? null, teams: teams.filter((t) => t.includesAllRepositories || reached.has(t.id)) },
          memberOfOwner: teams.length > 0,
          ownerOfOwner: teams.some((t) => t.permission === 'owner'),
        };
      });
    },
    // Every subscriber the event woke asks within this turn (their reads before are shared and answered at once).
    { batchScheduleFn: (run) => setImmediate(run) },
  );
}
