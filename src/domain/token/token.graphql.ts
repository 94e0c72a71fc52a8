import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { requireUser } from '../../auth/viewer.ts';
import * as tokens from './token.service.ts';
import { CREATE_ACCESS_TOKEN_FIELDS } from './token.inputs.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { viewerTopic, type ViewerEvent } from '../../events/topics.ts';
import { databaseIdOf } from '../../graphql/ids.ts';
import { UserRef } from '../user/user.graphql.ts';

export const AccessTokenRef = builder.prismaNode('AccessToken', {
  id: { field: 'id' },
  // Reachable as a node only by its owner signed in with a password, like every other token management.
  findUnique: (id, ctx) => ({ id: databaseIdOf(id), userId: ctx.viewer.method === 'password' ? (ctx.viewer.user?.id ?? -1) : -1 }),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    scopes: t.stringList({ resolve: (token) => token.scopes.split(',').filter(Boolean) }),
    tokenLastEight: t.exposeString('tokenLastEight'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    owner: t.field({
      type: UserRef,
      description: 'The account the token acts for.',
      nullable: true,
      resolve: (token, _args, ctx) => ctx.loaders.userById.load(token.userId),
    }),
  }),
});

const AccessTokenConnection = builder.connectionObject({
  type: AccessTokenRef,
  name: 'AccessTokenConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const CreatedAccessToken = builder.objectRef<{ token: Awaited<ReturnType<typeof tokens.createAccessToken>>['token']; secret: string }>('CreatedAccessToken');
CreatedAccessToken.implement({
  description: 'A new token with its secret, which is shown this once and never stored.',
  fields: (t) => ({
    accessToken: t.field({ type: AccessTokenRef, resolve: (r) => r.token }),
    secret: t.exposeString('secret'),
  }),
});

const CreateAccessTokenInput = inputFromTable('CreateAccessTokenInput', CREATE_ACCESS_TOKEN_FIELDS);

builder.queryFields((t) => ({
  currentAccessToken: t.field({
    type: AccessTokenRef,
    description: 'The access token this request was authenticated with; any token may read itself.',
    resolve: (_root, _args, ctx) => tokens.getCurrentAccessToken(ctx),
  }),
  accessTokens: t.connection({
    type: AccessTokenRef,
    complexity: connectionComplexity,
    description: "An account's access tokens (its own, or any for site admins); needs password authentication.",
    tokenScope: 'read:user',
    args: { login: t.arg.string({ required: true }) },
    resolve: (_root, { login, ...page }, ctx) =>
      offsetConnection(page, (window) => tokens.listAccessTokens(ctx, login, window)),
  }, AccessTokenConnection),
}));

builder.mutationFields((t) => ({
  createAccessToken: t.field({
    type: CreatedAccessToken,
    tokenScope: 'write:user',
    args: { login: t.arg.string({ required: true }), input: t.arg({ type: CreateAccessTokenInput, required: true }) },
    resolve: (_root, { login, input }, ctx) => tokens.createAccessToken(ctx, login, input),
  }),
  deleteCurrentAccessToken: t.boolean({
    description: 'Revokes the access token this request was authenticated with; true when done.',
    resolve: async (_root, _args, ctx) => {
      await tokens.deleteCurrentAccessToken(ctx);
      return true;
    },
  }),
  deleteAccessToken: t.boolean({
    description: 'Deletes a token named by its numeric id or its name; true when done.',
    tokenScope: 'write:user',
    args: { login: t.arg.string({ required: true }), idOrName: t.arg.string({ required: true }) },
    resolve: async (_root, { login, idOrName }, ctx) => {
      await tokens.deleteAccessToken(ctx, login, idOrName);
      return true;
    },
  }),
}));

const ViewerEventKind = builder.enumType('ViewerEventKind', {
  values: ['ACCESS_TOKEN_CREATED', 'ACCESS_TOKEN_DELETED'] as const,
});

const ViewerEventRef = builder.objectRef<ViewerEvent>('ViewerEvent');
ViewerEventRef.implement({
  description: "Something that happened to the signed-in account.",
  fields: (t) => ({
    kind: t.field({ type: ViewerEventKind, resolve: (e) => e.kind }),
    tokenId: t.exposeInt('tokenId'),
    tokenName: t.exposeString('tokenName'),
    occurredAt: t.field({ type: 'DateTime', resolve: (e) => new Date(e.occurredAt) }),
  }),
});

builder.subscriptionFields((t) => ({
  viewerEvents: t.field({
    type: ViewerEventRef,
    description: "Live events of the signed-in account (token changes), from any instance.",
    authScopes: { $all: { signedIn: true, token: 'read:user' } },
    subscribe: (_root, _args, ctx) => ctx.events.subscribe(viewerTopic(requireUser(ctx.viewer).id)),
    resolve: (event) => event,
  }),
}));
