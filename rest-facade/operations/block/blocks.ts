import {
  BlockUserDocument,
  BlockUserForOrganizationDocument,
  OrganizationBlocksDocument,
  OrganizationIsBlockingDocument,
  UnblockUserDocument,
  UnblockUserForOrganizationDocument,
  ViewerBlocksDocument,
  ViewerIsBlockingDocument,
} from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { checked, defineOperation, found, list, noContent } from '../../operation.ts';

export const userListBlocks = defineOperation({
  operationId: 'userListBlocks',
  document: ViewerBlocksDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ viewer }) => list(found(viewer).blocks, (block) => toUser(block.user)),
});

export const userCheckUserBlock = defineOperation({
  operationId: 'userCheckUserBlock',
  document: ViewerIsBlockingDocument,
  variables: ({ params }) => ({ login: params.username }),
  reply: ({ viewer }) => checked(found(viewer).isBlocking),
});

export const userBlockUser = defineOperation({
  operationId: 'userBlockUser',
  document: BlockUserDocument,
  variables: ({ params, query }) => ({ login: params.username, note: query.note ?? null }),
  reply: () => noContent(),
});

export const userUnblockUser = defineOperation({
  operationId: 'userUnblockUser',
  document: UnblockUserDocument,
  variables: ({ params }) => ({ login: params.username }),
  reply: () => noContent(),
});

export const organizationListBlocks = defineOperation({
  operationId: 'organizationListBlocks',
  document: OrganizationBlocksDocument,
  paged: true,
  variables: ({ params, page }) => ({ org: params.org, ...page }),
  reply: ({ organization }) => list(found(organization).blocks, (block) => toUser(block.user)),
});

export const organizationCheckUserBlock = defineOperation({
  operationId: 'organizationCheckUserBlock',
  document: OrganizationIsBlockingDocument,
  variables: ({ params }) => ({ org: params.org, login: params.username }),
  reply: ({ organization }) => checked(found(organization).isBlocking),
});

export const organizationBlockUser = defineOperation({
  operationId: 'organizationBlockUser',
  document: BlockUserForOrganizationDocument,
  variables: ({ params, query }) => ({ org: params.org, login: params.username, note: query.note ?? null }),
  reply: () => noContent(),
});

export const organizationUnblockUser = defineOperation({
  operationId: 'organizationUnblockUser',
  document: UnblockUserForOrganizationDocument,
  variables: ({ params }) => ({ org: params.org, login: params.username }),
  reply: () => noContent(),
});
