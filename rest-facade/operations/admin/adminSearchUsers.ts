import { AdminUsersDocument, type Visibility } from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, list } from '../../operation.ts';

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
