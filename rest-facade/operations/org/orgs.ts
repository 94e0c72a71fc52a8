import {
  CreateOrganizationDocument,
  DeleteOrganizationDocument,
  DeleteOrganizationRepositoriesDocument,
  OrganizationByLoginDocument,
  OrganizationPermissionsDocument,
  RenameOrganizationDocument,
  OrganizationsDocument,
  UpdateOrganizationDocument,
  type OrganizationInput,
  type OrganizationsQuery,
} from '../../__generated__/graphql.ts';
import { toOrganization, toOrganizationPermissions } from '../../convert/organization.ts';
import { visibilityOption } from '../../lenient.ts';
import { created, defineOperation, found, list, noContent, ok, type Reply } from '../../operation.ts';

function organizationInput(body: {
  full_name?: string;
  email?: string;
  description?: string;
  website?: string;
  location?: string;
  visibility?: string;
  repo_admin_change_team_access?: boolean;
}): OrganizationInput {
  return {
    fullName: body.full_name ?? null,
    email: body.email ?? null,
    description: body.description ?? null,
    website: body.website ?? null,
    location: body.location ?? null,
    visibility: visibilityOption(body.visibility) ?? null,
    repoAdminChangeTeamAccess: body.repo_admin_change_team_access ?? null,
  };
}

const organizationList = ({ organizations }: OrganizationsQuery): Reply => list(organizations, toOrganization);

export const orgGetAll = defineOperation({
  operationId: 'orgGetAll',
  document: OrganizationsDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: organizationList,
});

export const adminGetAllOrgs = defineOperation({
  operationId: 'adminGetAllOrgs',
  document: OrganizationsDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: organizationList,
});

export const orgListCurrentUserOrgs = defineOperation({
  operationId: 'orgListCurrentUserOrgs',
  document: OrganizationsDocument,
  paged: true,
  variables: ({ page, viewer }) => ({ member: viewer.user!.login, ...page }),
  reply: organizationList,
});

export const orgListUserOrgs = defineOperation({
  operationId: 'orgListUserOrgs',
  document: OrganizationsDocument,
  paged: true,
  variables: ({ params, page }) => ({ member: params.username, ...page }),
  reply: organizationList,
});

export const orgGet = defineOperation({
  operationId: 'orgGet',
  document: OrganizationByLoginDocument,
  variables: ({ params }) => ({ login: params.org }),
  reply: ({ organization }) => ok(toOrganization(found(organization))),
});

export const orgCreate = defineOperation({
  operationId: 'orgCreate',
  document: CreateOrganizationDocument,
  variables: ({ body }) => ({ login: body.username, input: organizationInput(body) }),
  reply: ({ createOrganization }) => created(toOrganization(createOrganization)),
});

export const adminCreateOrg = defineOperation({
  operationId: 'adminCreateOrg',
  document: CreateOrganizationDocument,
  variables: ({ body, params }) => ({ login: body.username, input: organizationInput(body), owner: params.username }),
  reply: ({ createOrganization }) => created(toOrganization(createOrganization)),
});

export const orgEdit = defineOperation({
  operationId: 'orgEdit',
  document: UpdateOrganizationDocument,
  variables: ({ params, body }) => ({ login: params.org, input: organizationInput(body) }),
  reply: ({ updateOrganization }) => ok(toOrganization(updateOrganization)),
});

export const orgDelete = defineOperation({
  operationId: 'orgDelete',
  document: DeleteOrganizationDocument,
  variables: ({ params }) => ({ login: params.org }),
  reply: () => noContent(),
});

export const orgGetUserPermissions = defineOperation({
  operationId: 'orgGetUserPermissions',
  document: OrganizationPermissionsDocument,
  variables: ({ params }) => ({ login: params.username, organization: params.org }),
  reply: ({ organizationPermissions }) => ok(toOrganizationPermissions(organizationPermissions)),
});

export const renameOrg = defineOperation({
  operationId: 'renameOrg',
  document: RenameOrganizationDocument,
  variables: ({ params, body }) => ({ login: params.org, newLogin: body.new_name }),
  reply: () => noContent(),
});

export const orgDeleteRepos = defineOperation({
  operationId: 'orgDeleteRepos',
  document: DeleteOrganizationRepositoriesDocument,
  variables: ({ params }) => ({ login: params.org }),
  reply: () => noContent(),
});
