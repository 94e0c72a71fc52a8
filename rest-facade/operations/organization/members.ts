import {
  OrganizationMembersDocument,
  OrganizationMembershipDocument,
  RemoveOrganizationMemberDocument,
  SetOrganizationMembershipVisibilityDocument,
  type OrganizationMembersQuery,
} from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, noContent, notFoundReply, paginated, type Reply } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';
import type { PageWindow } from '../../../src/pagination.ts';

const memberList = ({ organization }: OrganizationMembersQuery, org: string, window: PageWindow): Reply =>
  organization
    ? paginated(organization.members.nodes.map(toUser), window, organization.members.totalCount)
    : notFoundReply(`organization "${org}" does not exist`);

export const orgListMembers = defineOperation({
  operationId: 'orgListMembers',
  document: OrganizationMembersDocument,
  variables: ({ params, query, config }) => ({ login: params.org, ...connectionArgsFor(query, config).args }),
  reply: (data, { params, query, config }) => memberList(data, params.org, connectionArgsFor(query, config).window),
});

export const orgListPublicMembers = defineOperation({
  operationId: 'orgListPublicMembers',
  document: OrganizationMembersDocument,
  variables: ({ params, query, config }) => ({ login: params.org, publicOnly: true, ...connectionArgsFor(query, config).args }),
  reply: (data, { params, query, config }) => memberList(data, params.org, connectionArgsFor(query, config).window),
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
    const notMember = notFoundReply(`${params.username} is not a member of ${params.org}`);
    if (!organization) return notFoundReply(`organization "${params.org}" does not exist`);
    if (organization.viewerIsMember) return organization.membership ? noContent() : notMember;
    if (viewer.user?.lowerLogin === params.username.toLowerCase()) return notMember;
    const location = `${rootUrl}api/v1/orgs/${encodeURIComponent(params.org)}/public_members/${encodeURIComponent(params.username)}`;
    return { status: 303, headers: { Location: location } };
  },
});

export const orgIsPublicMember = defineOperation({
  operationId: 'orgIsPublicMember',
  document: OrganizationMembershipDocument,
  variables: ({ params }) => ({ login: params.org, member: params.username }),
  reply: ({ organization }, { params }) =>
    organization?.membership?.isPublic ? noContent() : notFoundReply(`${params.username} is not a public member of ${params.org}`),
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
