import { AdminUpdateUserDocument } from '../../__generated__/graphql.ts';
import { visibilityOption } from '../../lenient.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, ok } from '../../operation.ts';

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
