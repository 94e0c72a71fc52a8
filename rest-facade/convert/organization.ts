import type { RestOrganizationFragment, RestOrganizationPermissionsFragment, RestTeamFieldsFragment } from '../__generated__/graphql.ts';
import { accessLevelName } from './access.ts';
import type { RestSchema } from './shape.ts';

export function toOrganization(org: RestOrganizationFragment): RestSchema<'Organization'> {
  return {
    id: org.databaseId,
    name: org.login,
    username: org.login,
    full_name: org.fullName,
    email: org.email,
    avatar_url: org.avatarUrl,
    description: org.description,
    website: org.website,
    location: org.location,
    visibility: org.visibility,
    repo_admin_change_team_access: org.repoAdminChangeTeamAccess,
  };
}

/** What an account may do in an organization, as Gitea's OrganizationPermissions. */
export function toOrganizationPermissions(p: RestOrganizationPermissionsFragment): RestSchema<'OrganizationPermissions'> {
  return { is_owner: p.isOwner, is_admin: p.isAdmin, can_write: p.canWrite, can_read: p.canRead, can_create_repository: p.canCreateRepository };
}

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
