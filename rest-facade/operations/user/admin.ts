import { AdminCreateUserDocument, AdminDeleteUserDocument, AdminRenameUserDocument, AdminUpdateUserDocument, AdminUsersDocument, type Visibility } from '../../__generated__/graphql.ts';
import { visibilityOption } from '../../lenient.ts';
import { toUser } from '../../convert/user.ts';
import { created, defineOperation, list, noContent, ok } from '../../operation.ts';

export const adminSearchUsers = defineOperation({
  operationId: 'adminSearchUsers',
  document: AdminUsersDocument,
  paged: true,
  variables: ({ query, page }) => ({
    query: query.q,
    sourceId: query.source_id,
    loginName: query.login_name,
    visibility: query.visibility as Visibility | undefined,
    isActive: query.is_active,
    isAdmin: query.is_admin,
    isRestricted: query.is_restricted,
    isTwoFactorEnabled: query.is_2fa_enabled,
    isProhibitLogin: query.is_prohibit_login,
    sort: query.sort,
    order: query.order,
    ...page,
  }),
  reply: ({ adminUsers }) => list(adminUsers, toUser),
});

export const adminCreateUser = defineOperation({
  operationId: 'adminCreateUser',
  document: AdminCreateUserDocument,
  variables: ({ body }) => ({
    input: {
      login: body.username,
      email: body.email,
      password: body.password,
      fullName: body.full_name,
      loginName: body.login_name,
      sourceId: body.source_id,
      mustChangePassword: body.must_change_password,
      restricted: body.restricted,
      visibility: visibilityOption(body.visibility),
      createdAt: body.created_at,
    },
  }),
  reply: ({ createUser }) => created(toUser(createUser)),
});

export const adminEditUser = defineOperation({
  operationId: 'adminEditUser',
  document: AdminUpdateUserDocument,
  variables: ({ params, body }) => ({
    login: params.username,
    input: {
      email: body.email,
      password: body.password,
      fullName: body.full_name,
      loginName: body.login_name,
      sourceId: body.source_id,
      mustChangePassword: body.must_change_password,
      restricted: body.restricted,
      visibility: visibilityOption(body.visibility),
      isAdmin: body.admin,
      isActive: body.active,
      prohibitLogin: body.prohibit_login,
      description: body.description,
      website: body.website,
      location: body.location,
      maxRepoCreation: body.max_repo_creation,
      allowGitHook: body.allow_git_hook,
      allowImportLocal: body.allow_import_local,
      allowCreateOrganization: body.allow_create_organization,
    },
  }),
  reply: ({ updateUser }) => ok(toUser(updateUser)),
});

export const adminDeleteUser = defineOperation({
  operationId: 'adminDeleteUser',
  document: AdminDeleteUserDocument,
  variables: ({ params, query }) => ({ login: params.username, purge: query.purge }),
  reply: () => noContent(),
});

export const adminRenameUser = defineOperation({
  operationId: 'adminRenameUser',
  document: AdminRenameUserDocument,
  variables: ({ params, body }) => ({ login: params.username, newLogin: body.new_username }),
  reply: () => noContent(),
});
