import type { OAuth2Application } from '../../db/models.ts';
import { requireUser } from '../../auth/viewer.ts';
import { forbidden } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import type { ServiceContext } from '../../services.ts';
import { AUTHORIZATION_REQUEST_FIELDS, OAUTH2_APPLICATION_FIELDS } from './oauth2.inputs.ts';
import * as oauth2 from './oauth2.service.ts';

const OAuth2ApplicationInput = inputFromTable('OAuth2ApplicationInput', OAUTH2_APPLICATION_FIELDS);
const OAuth2AuthorizationRequestInput = inputFromTable('OAuth2AuthorizationRequestInput', AUTHORIZATION_REQUEST_FIELDS);

export const OAuth2ApplicationRef = builder.objectRef<OAuth2Application>('OAuth2Application').implement({
  description: 'An OAuth2 application (client) the signed-in account registered.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    clientId: t.exposeString('clientId'),
    redirectUris: t.stringList({ resolve: (app) => oauth2.redirectUrisOf(app) }),
    confidentialClient: t.exposeBoolean('confidentialClient', { description: 'Whether the client keeps a secret (a server); public clients must use PKCE.' }),
    skipSecondaryAuthorization: t.exposeBoolean('skipSecondaryAuthorization', {
      description: 'Whether an account that authorized it once is not asked again, even for a public client.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const OAuth2ApplicationConnection = builder.connectionObject({
  type: OAuth2ApplicationRef,
  name: 'OAuth2ApplicationConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const CreatedOAuth2Application = builder.objectRef<{ app: OAuth2Application; secret: string }>('OAuth2ApplicationWithSecret').implement({
  description: 'An application with its new client secret, which is shown this once and never stored.',
  fields: (t) => ({
    application: t.field({ type: OAuth2ApplicationRef, resolve: (r) => r.app }),
    clientSecret: t.exposeString('secret'),
  }),
});

const OAuth2GrantRef = builder.objectRef<oauth2.GrantWithApplication>('OAuth2Grant').implement({
  description: 'An application the signed-in account authorized, with the scope it granted.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    applicationName: t.string({ resolve: (g) => g.application.name }),
    clientId: t.string({ resolve: (g) => g.application.clientId }),
    scope: t.exposeString('scope', { description: 'The scopes granted, space-separated, as the application asked for them.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const OAuth2GrantConnection = builder.connectionObject({
  type: OAuth2GrantRef,
  name: 'OAuth2GrantConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const OAuth2ClientRef = builder.objectRef<NonNullable<Awaited<ReturnType<typeof oauth2.applicationByClientId>>>>('OAuth2Client').implement({
  description: 'What the consent page shows of an application asking for access.',
  fields: (t) => ({
    name: t.exposeString('name'),
    clientId: t.exposeString('clientId'),
    ownerLogin: t.string({ description: 'The account that registered it.', resolve: (app) => app.user.login }),
  }),
});

/** Consent is given by the person, in the browser: never by a token, which an application could hold. */
function requireInteractive(ctx: ServiceContext) {
  requireUser(ctx.viewer);
  if (ctx.viewer.method !== 'password') throw forbidden('an application is authorized by its account, signed in, not with a token');
}

builder.queryFields((t) => ({
  oauth2Applications: t.connection(
    {
      type: OAuth2ApplicationRef,
      description: "The signed-in account's OAuth2 applications, newest first (as Gitea lists them).",
      tokenScope: 'read:user',
      complexity: connectionComplexity,
      resolve: (_root, page, ctx) => offsetConnection(page, (window) => oauth2.listApplications(ctx, window)),
    },
    OAuth2ApplicationConnection,
  ),
  oauth2Application: t.field({
    type: OAuth2ApplicationRef,
    description: "One of the signed-in account's OAuth2 applications (NOT_FOUND for another account's).",
    tokenScope: 'read:user',
    args: { databaseId: t.arg.int({ required: true }) },
    resolve: (_root, { databaseId }, ctx) => oauth2.getApplication(ctx, databaseId),
  }),
  oauth2Grants: t.connection(
    {
      type: OAuth2GrantRef,
      description: 'The applications the signed-in account authorized, oldest first.',
      tokenScope: 'read:user',
      complexity: connectionComplexity,
      resolve: (_root, page, ctx) => offsetConnection(page, (window) => oauth2.listGrants(ctx, window)),
    },
    OAuth2GrantConnection,
  ),
  oauth2Client: t.field({
    type: OAuth2ClientRef,
    nullable: true,
    description: 'The application with this client id, for the consent page; null when none has it.',
    args: { clientId: t.arg.string({ required: true }) },
    resolve: (_root, { clientId }, ctx) => {
      requireInteractive(ctx);
      return oauth2.applicationByClientId(ctx, clientId);
    },
  }),
}));

builder.mutationFields((t) => ({
  createOAuth2Application: t.field({
    type: CreatedOAuth2Application,
    tokenScope: 'write:user',
    args: { input: t.arg({ type: OAuth2ApplicationInput, required: true }) },
    resolve: (_root, { input }, ctx) => oauth2.createApplication(ctx, input),
  }),
  updateOAuth2Application: t.field({
    type: CreatedOAuth2Application,
    description: 'Replaces the settings of an application and makes it a new client secret (the old one stops working).',
    tokenScope: 'write:user',
    args: { databaseId: t.arg.int({ required: true }), input: t.arg({ type: OAuth2ApplicationInput, required: true }) },
    resolve: (_root, { databaseId, input }, ctx) => oauth2.updateApplication(ctx, databaseId, input),
  }),
  deleteOAuth2Application: t.boolean({
    description: 'Deletes an application; the tokens it was given stop working at once. True when done.',
    tokenScope: 'write:user',
    args: { databaseId: t.arg.int({ required: true }) },
    resolve: async (_root, { databaseId }, ctx) => {
      await oauth2.deleteApplication(ctx, databaseId);
      return true;
    },
  }),
  revokeOAuth2Grant: t.boolean({
    description: "Takes back an application's authorization; its tokens stop working at once. True when done.",
    tokenScope: 'write:user',
    args: { databaseId: t.arg.int({ required: true }) },
    resolve: async (_root, { databaseId }, ctx) => {
      await oauth2.revokeGrant(ctx, databaseId);
      return true;
    },
  }),
  answerOAuth2Authorization: t.string({
    description:
      'The consent page\'s answer to an authorization request: the URL to send the browser to, with a code when granted, with error=access_denied when not.',
    args: { request: t.arg({ type: OAuth2AuthorizationRequestInput, required: true }), granted: t.arg.boolean({ required: true }) },
    resolve: (_root, { request, granted }, ctx) => {
      requireInteractive(ctx);
      return oauth2.answerAuthorization(ctx, request, granted);
    },
  }),
}));
