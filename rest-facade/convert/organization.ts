import type { RestOrganizationFragment, RestOrganizationPermissionsFragment } from '../__generated__/graphql.ts';
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
