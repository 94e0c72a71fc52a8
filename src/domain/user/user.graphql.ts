import { lookup } from '../../graphql/errors.ts';
import { visibleAccountsWhere } from '../access/access.service.ts';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { isSiteAdmin, type Viewer } from '../../auth/viewer.ts';
import type { User } from '../../db/models.ts';
import * as users from './user.service.ts';
import * as avatars from './avatar.service.ts';
import * as renames from './rename.service.ts';
import { databaseIdOf } from '../../graphql/ids.ts';
import { enumFromValues, inputFromTable } from '../../graphql/input-fields.ts';
import { CREATE_USER_FIELDS, PROFILE_FIELDS, USER_EDIT_FIELDS } from './user.inputs.ts';
import { EMAIL_PREFERENCES, VISIBILITIES } from './user.rules.ts';

const seesPrivateFields = (viewer: Viewer, user: User) => viewer.user?.id === user.id || isSiteAdmin(viewer);

export const VisibilityEnum = enumFromValues('Visibility', VISIBILITIES);
const EmailPreferenceEnum = enumFromValues('EmailNotificationsPreference', EMAIL_PREFERENCES);

export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  // Node lookups obey the same visibility rules as everything else.
  findUnique: (id, ctx) => ({ id: databaseIdOf(id), AND: [visibleAccountsWhere(ctx.viewer)] }),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    login: t.exposeString('login'),
    loginName: t.string({ resolve: (user, _args, ctx) => (seesPrivateFields(ctx.viewer, user) ? user.loginName : '') }),
    sourceId: t.int({ resolve: (user, _args, ctx) => (seesPrivateFields(ctx.viewer, user) ? user.loginSource : 0) }),
    fullName: t.exposeString('fullName'),
    /**
     * As Gitea shows it: to the account itself and site admins; to other signed-in accounts unless the account
     * hides it; anonymous callers, and others when it is hidden, see the no-reply address.
     */
    email: t.string({ resolve: (user, _args, ctx) => users.shownEmail(ctx.viewer, user, ctx.rootUrl) }),
    avatarUrl: t.string({ description: 'Where its avatar is served; the URL changes with the uploaded image.', resolve: (user, _args, ctx) => avatars.accountAvatarUrl(ctx.rootUrl, user) }),
    htmlUrl: t.string({ resolve: (user, _args, ctx) => `${ctx.rootUrl}${encodeURIComponent(user.login)}` }),
    language: t.string({ resolve: (user, _args, ctx) => (seesPrivateFields(ctx.viewer, user) ? user.language : '') }),
    isAdmin: t.boolean({ resolve: (user, _args, ctx) => seesPrivateFields(ctx.viewer, user) && user.isAdmin }),
    lastLogin: t.field({ type: 'DateTime', nullable: true, resolve: (user, _args, ctx) => (seesPrivateFields(ctx.viewer, user) ? user.lastLoginAt : null) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    restricted: t.exposeBoolean('restricted'),
    /** Account state is shown to the account itself and to site admins; others see an ordinary active account. */
    active: t.boolean({ resolve: (user, _args, ctx) => (seesPrivateFields(ctx.viewer, user) ? user.isActive : true) }),
    prohibitLogin: t.boolean({ resolve: (user, _args, ctx) => seesPrivateFields(ctx.viewer, user) && user.prohibitLogin }),
    location: t.exposeString('location'),
    website: t.exposeString('website'),
    description: t.exposeString('description'),
    visibility: t.field({ type: VisibilityEnum, resolve: (user) => user.visibility as 'public' }),
    isOrganization: t.boolean({ resolve: (user) => user.type === 'organization' }),
    followerCount: t.exposeInt('followerCount'),
    followingCount: t.exposeInt('followingCount'),
    starredCount: t.exposeInt('starredCount'),
    emailNotificationsPreference: t.field({
      type: EmailPreferenceEnum,
      nullable: true,
      description: "Which issue and pull request e-mails the account gets (Gitea's email_notifications_preference); null for other accounts.",
      resolve: (user, _args, ctx) => (seesPrivateFields(ctx.viewer, user) ? (user.emailNotificationsPreference as 'enabled') : null),
    }),
    hideEmail: t.boolean({
      nullable: true,
      description: 'Whether other accounts see the no-reply address instead of the e-mail address; null for other accounts.',
      resolve: (user, _args, ctx) => (seesPrivateFields(ctx.viewer, user) ? user.keepEmailPrivate : null),
    }),
    hideActivity: t.boolean({
      nullable: true,
      description: 'Whether the activity of the account shows only to itself and to site admins; null for other accounts.',
      resolve: (user, _args, ctx) => (seesPrivateFields(ctx.viewer, user) ? user.keepActivityPrivate : null),
    }),
    theme: t.string({
      nullable: true,
      description: 'The theme of the web interface the account chose (empty: the default); null for other accounts.',
      resolve: (user, _args, ctx) => (seesPrivateFields(ctx.viewer, user) ? user.theme : null),
    }),
    diffViewStyle: t.string({
      nullable: true,
      description: 'unified or split (empty: the default); null for other accounts.',
      resolve: (user, _args, ctx) => (seesPrivateFields(ctx.viewer, user) ? user.diffViewStyle : null),
    }),
    twoFactorEnabled: t.boolean({
      nullable: true,
      resolve: (user, _args, ctx) => (seesPrivateFields(ctx.viewer, user) ? !!user.totpSecret : null),
    }),
  }),
});

export const UserConnection = builder.connectionObject({
  type: UserRef,
  name: 'UserConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.queryFields((t) => ({
  viewer: t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in account; null for anonymous callers.',
    tokenScope: 'read:user',
    resolve: (_root, _args, ctx) => ctx.viewer.user,
  }),
  user: t.field({
    type: UserRef,
    nullable: true,
    description: 'An account by login (an old login of a renamed account leads to it); null when it does not exist or is hidden from the caller; FORBIDDEN for a public-only token on an account its user could see.',
    tokenScope: 'read:user',
    args: { login: t.arg.string({ required: true }) },
    resolve: (_root, { login }, ctx) =>
      lookup(ctx, () => users.getVisibleUser(ctx, login), () => `user "${login}" does not exist`),
  }),
  users: t.connection({
    type: UserRef,
    complexity: connectionComplexity,
    description: 'Accounts visible to the caller, matched by login, full name or e-mail.',
    tokenScope: 'read:user',
    args: {
      query: t.arg.string(),
      id: t.arg.int(),
      sort: t.arg.string({ description: 'alpha (by login) or created; by id when not given.' }),
      order: t.arg.string({ description: 'asc (default) or desc.' }),
    },
    resolve: (_root, { query, id, sort, order, ...page }, ctx) =>
      offsetConnection(page, (window) => users.searchUsers(ctx, { query, id, sort, order }, window)),
  }, UserConnection),
  adminUsers: t.connection({
    type: UserRef,
    complexity: connectionComplexity,
    description: 'Every account, with the filters site admins need.',
    tokenScope: 'read:admin',
    args: {
      query: t.arg.string(),
      sourceId: t.arg.int(),
      loginName: t.arg.string(),
      visibility: t.arg({ type: VisibilityEnum }),
      isActive: t.arg.boolean(),
      isAdmin: t.arg.boolean(),
      isRestricted: t.arg.boolean(),
      isTwoFactorEnabled: t.arg.boolean(),
      isProhibitLogin: t.arg.boolean(),
      sort: t.arg.string(),
      order: t.arg.string(),
    },
    resolve: (_root, { first, after, last, before, ...filter }, ctx) =>
      offsetConnection({ first, after, last, before }, (window) => users.adminSearchUsers(ctx, filter, window)),
  }, UserConnection),
}));

const CreateUserInput = inputFromTable('CreateUserInput', CREATE_USER_FIELDS);
const UpdateUserInput = inputFromTable('UpdateUserInput', USER_EDIT_FIELDS);
const ProfileInput = inputFromTable('ProfileInput', PROFILE_FIELDS, "What a person may change of their own profile; fields left out stay.");

const TwoFactorSetup = builder.objectRef<{ secret: string; uri: string }>('TwoFactorSetup').implement({
  fields: (t) => ({ secret: t.exposeString('secret'), uri: t.exposeString('uri') }),
});

builder.mutationFields((t) => ({
  createUser: t.field({
    type: UserRef,
    tokenScope: 'write:admin',
    args: { input: t.arg({ type: CreateUserInput, required: true }) },
    resolve: (_root, { input }, ctx) => users.createUser(ctx, input),
  }),
  updateUser: t.field({
    type: UserRef,
    tokenScope: 'write:admin',
    args: { login: t.arg.string({ required: true }), input: t.arg({ type: UpdateUserInput, required: true }) },
    resolve: (_root, { login, input }, ctx) => users.updateUser(ctx, login, input),
  }),
  deleteUser: t.boolean({
    description: 'Deletes an account; true when done. With purge, the repositories it owns go too; without, owning any is refused.',
    tokenScope: 'write:admin',
    args: { login: t.arg.string({ required: true }), purge: t.arg.boolean() },
    resolve: async (_root, { login, purge }, ctx) => {
      await users.deleteUser(ctx, login, { purge: purge ?? false });
      return true;
    },
  }),
  renameUser: t.field({
    type: UserRef,
    description: 'Renames a person (site administrators); the old login keeps leading to the account until another account takes it.',
    tokenScope: 'write:admin',
    args: { login: t.arg.string({ required: true }), newLogin: t.arg.string({ required: true }) },
    resolve: (_root, { login, newLogin }, ctx) => renames.adminRenameUser(ctx, login, newLogin),
  }),
  updateViewerProfile: t.field({
    type: UserRef,
    description: "Changes the signed-in account's own profile and settings (full name, website, location, description, visibility, language, theme, diff layout, hiding its e-mail address or activity); fields left out stay.",
    tokenScope: 'write:user',
    args: { input: t.arg({ type: ProfileInput, required: true }) },
    resolve: (_root, { input }, ctx) => users.updateViewerProfile(ctx, input),
  }),
  setViewerAvatar: t.field({
    type: UserRef,
    description: "Sets the signed-in account's avatar from a base64 PNG, JPEG, GIF or WebP image; it is stored re-encoded as a square PNG.",
    tokenScope: 'write:user',
    args: { image: t.arg.string({ required: true }) },
    resolve: (_root, { image }, ctx) => avatars.setViewerAvatar(ctx, image),
  }),
  deleteViewerAvatar: t.field({
    type: UserRef,
    description: "Removes the signed-in account's avatar; the generated one is shown again.",
    tokenScope: 'write:user',
    resolve: (_root, _args, ctx) => avatars.deleteViewerAvatar(ctx),
  }),
  changePassword: t.boolean({
    description: "Changes the signed-in account's password, given the current one; every web session of the account ends, this one too.",
    tokenScope: 'write:user',
    args: { oldPassword: t.arg.string({ required: true }), newPassword: t.arg.string({ required: true }) },
    resolve: async (_root, { oldPassword, newPassword }, ctx) => {
      await users.changePassword(ctx, oldPassword, newPassword);
      return true;
    },
  }),
  setEmailNotificationsPreference: t.field({
    type: UserRef,
    description: 'Chooses which issue and pull request e-mails the signed-in account gets: all (enabled), only those that mention it (onmention), or none (disabled).',
    tokenScope: 'write:user',
    args: { preference: t.arg({ type: EmailPreferenceEnum, required: true }) },
    resolve: (_root, { preference }, ctx) => users.setEmailNotificationsPreference(ctx, preference),
  }),
  enableTwoFactor: t.field({
    type: TwoFactorSetup,
    description: 'Turns on two-factor authentication for the signed-in account and returns its secret, once.',
    tokenScope: 'write:user',
    resolve: (_root, _args, ctx) => users.enableTwoFactor(ctx),
  }),
  disableTwoFactor: t.boolean({
    tokenScope: 'write:user',
    args: { passcode: t.arg.string({ required: true }) },
    resolve: async (_root, { passcode }, ctx) => {
      await users.disableTwoFactor(ctx, passcode);
      return true;
    },
  }),
}));
