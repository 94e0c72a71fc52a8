import type { RestOrganizationFragment, RestTeamFieldsFragment } from '../__generated__/graphql.ts';
import { accessLevelName } from './access.ts';
import { toOrganization } from './organization.ts';
import type { RestSchema } from './shape.ts';

/** `organization` is null in lists of one organization's teams, as Gitea sends them, and when not selected. */
export function toTeam(
  team: RestTeamFieldsFragment & { organization?: RestOrganizationFragment },
  options: { withOrganization?: boolean } = { withOrganization: true },
): RestSchema<'Team'> {
  return {
    id: team.databaseId,
    name: team.name,
    description: team.description,
    organization: options.withOrganization === false || !team.organization ? null : toOrganization(team.organization),
    includes_all_repositories: team.includesAllRepositories,
    permission: accessLevelName(team.permission),
    units: team.units,
    units_map: Object.fromEntries(team.unitLevels.map((u) => [u.unit, u.level])),
    can_create_org_repo: team.canCreateOrgRepo,
    // Graft opens a team (GET /teams/{id}, team search) to its members and the organization's owners only:
    // Gitea's "private", its default for new teams.
    visibility: 'private',
  };
}
