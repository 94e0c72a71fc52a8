import DataLoader from 'dataloader';
import type { ServiceContext } from '../../services.ts';
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

export function viewerTeams(ctx: ServiceContext): Promise<ViewerTeam[]> {
  const userId = ctx.viewer.user?.id;
  if (userId === undefined) return Promise.resolve([]);
  const cache = cacheOf(ctx);
  cache.teams ??= cachedRead(ctx, 'teamsOfUser', userId, () =>
    ctx.db.team.findMany({ where: { members: { some: { userId } } } }).then((teams) =>
      teams.map((team) => ({
        id: team.id,
        orgId: team.orgId,
        permission: team.permission as AccessLevel,
        units: parseUnits(team.units),
        includesAllRepositories: team.includesAllRepositories,
        canCreateOrgRepo: team.canCreateOrgRepo,
      })),
    ),
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
