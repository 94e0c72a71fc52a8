import {
  OrganizationMembersDocument,
  OrganizationMembershipDocument,
  RemoveOrganizationMemberDocument,
  SetOrganizationMembershipVisibilityDocument,
  type OrganizationMembersQuery,
} from '../../__generated__/graphql.ts';
import { publicMemberApiUrl } from '../../convert/urls.ts';
import { toUser } from '../../convert/user.ts';
import { checked, defineOperation, found, list, noContent, type Reply } from '../../operation.ts';

const memberList = ({ organization }: OrganizationMembersQuery): Reply => list(found(organization).members, toUser);

export const orgListMembers = defineOperation({
  operationId: 'orgListMembers',
  document: OrganizationMembersDocument,
  paged: true,
  variables: ({ params, page }) => ({ login: params.org, ...page }),
  reply: memberList,
});

export const orgListPublicMembers = defineOperation({
  operationId: 'orgListPublicMembers',
  document: OrganizationMembersDocument,
  paged: true,
  variables: ({ params, page }) => ({ login: params.org, publicOnly: true, ...page }),
  reply: memberList,
});

/**
 * Members learn about every membership (204 or 404). Anyone else asking about someone else is sent to the
 * public membership (303), as Gitea does; asking about oneself without being a member is simply 404.
 */
export const orgIsMember = defineOperation({
  operationId: 'orgIsMember',
  document: OrganizationMembershipDocument,
  variables: ({ params }) => ({ login: params.org, member: params.username }),
  reply: ({ organization }, { params, rootUrl, viewer }) => {
    const { viewerIsMember, membership } = found(organization);
    const aboutThemselves = viewer.user?.lowerLogin === params.username.toLowerCase();
    if (viewerIsMember || aboutThemselves) return checked(viewerIsMember && membership !== null);
    return { status: 303, headers: { Location: publicMemberApiUrl(rootUrl, params.org, params.username) } };
  },
});

export const orgIsPublicMember = defineOperation({
  operationId: 'orgIsPublicMember',
  document: OrganizationMembershipDocument,
  variables: ({ params }) => ({ login: params.org, member: params.username }),
  reply: ({ organization }) => checked(found(organization).membership?.isPublic),
});

export const orgDeleteMember = defineOperation({
  operationId: 'orgDeleteMember',
  document: RemoveOrganizationMemberDocument,
  variables: ({ params }) => ({ organization: params.org, login: params.username }),
  reply: () => noContent(),
});

export const orgPublicizeMember = defineOperation({
  operationId: 'orgPublicizeMember',
  document: SetOrganizationMembershipVisibilityDocument,
  variables: ({ params }) => ({ organization: params.org, login: params.username, public: true }),
  reply: () => noContent(),
});

export const orgConcealMember = defineOperation({
  operationId: 'orgConcealMember',
  document: SetOrganizationMembershipVisibilityDocument,
  variables: ({ params }) => ({ organization: params.org, login: params.username, public: false }),
  reply: () => noContent(),
});
