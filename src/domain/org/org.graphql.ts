import { renameOrganization } from '../user/rename.service.ts';
import { builder } from '../../graphql/builder.ts';
import { lookup } from '../../graphql/errors.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { isOrganizationMember, isOrganizationOwner, mayCreateRepositoryFor } from '../access/access.service.ts';
import { RepositoryConnection, RepositoryRef } from '../repo/repo.graphql.ts';
import { listOwnerRepositories } from '../repo/search.service.ts';
import { UserConnection, UserRef, VisibilityEnum } from '../user/user.graphql.ts';
import * as orgs from './org.service.ts';
import { accountAvatarUrl } from '../user/avatar.service.ts';
import { ORGANIZATION_FIELDS } from './org.inputs.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';

/** An organization: an account of type organization, seen through its own fields. */
export const OrganizationRef = builder.prismaObject('User', {
  variant: 'Organization',
  readScope: 'read:organization',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    login: t.exposeString('login'),
    fullName: t.exposeString('fullName'),
    /** Anonymous callers see no address. */
    email: t.string({ resolve: (org, _a, ctx) => (ctx.viewer.user ? org.email : '') }),
    description: t.exposeString('description'),
    website: t.exposeString('website'),
    location: t.exposeString('location'),
    visibility: t.field({ type: VisibilityEnum, resolve: (org) => org.visibility as 'public' }),
    repoAdminChangeTeamAccess: t.exposeBoolean('repoAdminChangeTeamAccess'),
    avatarUrl: t.string({ description: 'Where its avatar is served; the URL changes with the uploaded image.', resolve: (org, _a, ctx) => accountAvatarUrl(ctx.rootUrl, org) }),
    htmlUrl: t.string({ resolve: (org, _a, ctx) => `${ctx.rootUrl}${encodeURIComponent(org.login)}` }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    viewerIsMember: t.boolean({ resolve: (org, _a, ctx) => isOrganizationMember(ctx, org) }),
    viewerIsOwner: t.boolean({ resolve: (org, _a, ctx) => isOrganizationOwner(ctx, org) }),
    viewerCanCreateRepository: t.boolean({
      description: 'Whether the viewer may create repositories in the organization (owners, teams allowed to, site admins).',
      // The viewer's teams are read once per request, so a list of organizations costs no statement per row.
      resolve: (org, _a, ctx) => mayCreateRepositoryFor(ctx, org),
    }),
    members: t.connection(
      {
        type: UserRef,
        description: 'Every member for members of the organization; the public members for anyone else.',
        complexity: connectionComplexity,
        args: { publicOnly: t.arg.boolean() },
        resolve: (org, { publicOnly, ...page }, ctx) => offsetConnection(page, (window) => orgs.listMembers(ctx, org, window, publicOnly ?? false)),
      },
      UserConnection,
    ),
    membership: t.field({
      type: OrganizationMembership,
      nullable: true,
      description: "A person's membership, if the viewer may know of it (members know every membership, others the public ones).",
      args: { login: t.arg.string({ required: true }) },
      resolve: (org, { login }, ctx) => orgs.membershipOf(ctx, org, login),
    }),
    repositories: t.connection(
      {
        type: RepositoryRef,
        complexity: connectionComplexity,
        tokenScope: 'read:repository',
        resolve: (org, page, ctx) => offsetConnection(page, (window) => listOwnerRepositories(ctx, org.login, window)),
      },
      RepositoryConnection,
    ),
  }),
});

export const ProfileReadmeRef = builder.objectRef<orgs.ProfileReadme>('ProfileReadme').implement({
  description: "The README an account shows on its profile (from its `.profile` repository): members of an organization see the one of `.profile-private`.",
  fields: (t) => ({
    text: t.exposeString('text'),
    isPrivate: t.exposeBoolean('isPrivate'),
    repository: t.field({ type: RepositoryRef, tokenScope: 'read:repository', resolve: (r) => r.repository }),
  }),
});

builder.objectField(OrganizationRef, 'profileReadme', (t) =>
  t.field({ type: ProfileReadmeRef, nullable: true, resolve: (org, _a, ctx) => orgs.profileReadme(ctx, org) }),
);

builder.objectField(UserRef, 'profileReadme', (t) =>
  t.field({
    type: ProfileReadmeRef,
    nullable: true,
    description: 'The README.md of the account\'s public `.profile` repository, which Gitea shows on a person\'s profile; null when there is none.',
    resolve: (user, _a, ctx) => orgs.userProfileReadme(ctx, user),
  }),
);

const OrganizationMembership = builder.objectRef<{ user: import('../../db/models.ts').User; isPublic: boolean }>('OrganizationMembership').implement({
  fields: (t) => ({ user: t.field({ type: UserRef, resolve: (m) => m.user }), isPublic: t.exposeBoolean('isPublic') }),
});

const OrganizationPermissions = builder.objectRef<orgs.OrganizationPermissions>('OrganizationPermissions').implement({
  description: 'What a person may do in an organization.',
  fields: (t) => ({
    isOwner: t.exposeBoolean('isOwner'),
    isAdmin: t.exposeBoolean('isAdmin'),
    canWrite: t.exposeBoolean('canWrite'),
    canRead: t.exposeBoolean('canRead'),
    canCreateRepository: t.exposeBoolean('canCreateRepository'),
  }),
});

export const OrganizationConnection = builder.connectionObject({
  type: OrganizationRef,
  name: 'OrganizationConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.queryFields((t) => ({
  organization: t.field({
    type: OrganizationRef,
    nullable: true,
    description: 'An organization by login; null when it does not exist or is hidden from the viewer.',
    tokenScope: 'read:organization',
    args: { login: t.arg.string({ required: true }) },
    resolve: (_root, { login }, ctx) => lookup(ctx, () => orgs.getOrganization(ctx, login), () => `organization "${login}" does not exist`),
  }),
  organizations: t.connection(
    {
      type: OrganizationRef,
      description: 'Organizations the viewer may see; with `member`, those that person belongs to (publicly, unless it is the viewer).',
      complexity: connectionComplexity,
      tokenScope: 'read:organization',
      args: {
        member: t.arg.string(),
        query: t.arg.string({ description: 'Only those whose login or full name holds this text (without `member`).' }),
        sort: t.arg.string({ description: 'alpha (by login, the default) or created (without `member`).' }),
        order: t.arg.string({ description: 'asc (default) or desc.' }),
      },
      resolve: (_root, { member, query, sort, order, ...page }, ctx) =>
        offsetConnection(page, (window) => (member ? orgs.listMemberships(ctx, member, window) : orgs.listOrganizations(ctx, window, { query, sort, order }))),
    },
    OrganizationConnection,
  ),
  organizationPermissions: t.field({
    type: OrganizationPermissions,
    tokenScope: 'read:organization',
    args: { login: t.arg.string({ required: true }), organization: t.arg.string({ required: true }) },
    resolve: (_root, { login, organization }, ctx) => orgs.organizationPermissions(ctx, login, organization),
  }),
}));

const OrganizationInput = inputFromTable('OrganizationInput', ORGANIZATION_FIELDS);

builder.mutationFields((t) => ({
  createOrganization: t.field({
    type: OrganizationRef,
    description: 'Creates an organization owned by the viewer (site admins: by `owner`), with its Owners team.',
    tokenScope: 'write:organization',
    args: { login: t.arg.string({ required: true }), input: t.arg({ type: OrganizationInput }), owner: t.arg.string() },
    resolve: (_root, { login, input, owner }, ctx) => orgs.createOrganization(ctx, login, input ?? {}, owner),
  }),
  updateOrganization: t.field({
    type: OrganizationRef,
    tokenScope: 'write:organization',
    args: { login: t.arg.string({ required: true }), input: t.arg({ type: OrganizationInput, required: true }) },
    resolve: (_root, { login, input }, ctx) => orgs.updateOrganization(ctx, login, input),
  }),
  setOrganizationAvatar: t.field({
    type: OrganizationRef,
    description: "Sets an organization's avatar (its owners) from a base64 PNG, JPEG, GIF or WebP image; it is stored re-encoded as a square PNG.",
    tokenScope: 'write:organization',
    args: { login: t.arg.string({ required: true }), image: t.arg.string({ required: true }) },
    resolve: (_root, { login, image }, ctx) => orgs.setOrganizationAvatar(ctx, login, image),
  }),
  deleteOrganizationAvatar: t.field({
    type: OrganizationRef,
    description: "Removes an organization's avatar (its owners); the generated one is shown again.",
    tokenScope: 'write:organization',
    args: { login: t.arg.string({ required: true }) },
    resolve: (_root, { login }, ctx) => orgs.deleteOrganizationAvatar(ctx, login),
  }),
  renameOrganization: t.field({
    type: OrganizationRef,
    description: 'Renames an organization (its owners); the old name keeps leading to it until another account takes it.',
    tokenScope: 'write:organization',
    args: { login: t.arg.string({ required: true }), newLogin: t.arg.string({ required: true }) },
    resolve: (_root, { login, newLogin }, ctx) => renameOrganization(ctx, login, newLogin),
  }),
  deleteOrganizationRepositories: t.boolean({
    description: 'Deletes every repository of an organization (its owners), all or none; true when done.',
    tokenScope: 'write:organization',
    args: { login: t.arg.string({ required: true }) },
    resolve: async (_root, { login }, ctx) => {
      await orgs.deleteOrganizationRepositories(ctx, login);
      return true;
    },
  }),
  deleteOrganization: t.boolean({
    tokenScope: 'write:organization',
    args: { login: t.arg.string({ required: true }) },
    resolve: async (_root, { login }, ctx) => {
      await orgs.deleteOrganization(ctx, login);
      return true;
    },
  }),
  removeOrganizationMember: t.boolean({
    tokenScope: 'write:organization',
    args: { organization: t.arg.string({ required: true }), login: t.arg.string({ required: true }) },
    resolve: async (_root, { organization, login }, ctx) => {
      await orgs.removeMember(ctx, organization, login);
      return true;
    },
  }),
  setOrganizationMembershipVisibility: t.boolean({
    description: "Shows (public: true) or hides the viewer's own membership.",
    tokenScope: 'write:organization',
    args: { organization: t.arg.string({ required: true }), login: t.arg.string({ required: true }), public: t.arg.boolean({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await orgs.setMembershipVisibility(ctx, args.organization, args.login, args.public);
      return true;
    },
  }),
}));
