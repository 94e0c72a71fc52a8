import { AdminAddUserBadgesDocument, AdminRemoveUserBadgesDocument, AdminUserBadgesDocument } from '../../__generated__/graphql.ts';
import { toBadge } from '../../convert/badge.ts';
import { defineOperation, noContent, ok } from '../../operation.ts';

export const adminListUserBadges = defineOperation({
  operationId: 'adminListUserBadges',
  document: AdminUserBadgesDocument,
  variables: ({ params }) => ({ login: params.username }),
  reply: ({ userBadges }) => ok(userBadges.map(toBadge)),
});

export const adminAddUserBadges = defineOperation({
  operationId: 'adminAddUserBadges',
  document: AdminAddUserBadgesDocument,
  variables: ({ params, body }) => ({ login: params.username, slugs: body?.badge_slugs ?? [] }),
  reply: () => noContent(),
});

export const adminDeleteUserBadges = defineOperation({
  operationId: 'adminDeleteUserBadges',
  document: AdminRemoveUserBadgesDocument,
  variables: ({ params, body }) => ({ login: params.username, slugs: body?.badge_slugs ?? [] }),
  reply: () => noContent(),
});
