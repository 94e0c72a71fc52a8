import type { HookTask, User } from '../../db/models.ts';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection, type ConnectionArgs } from '../../graphql/connection.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { lookup } from '../../graphql/errors.ts';
import { enumFromValues, inputFromTable } from '../../graphql/input-fields.ts';
import { OrganizationRef } from '../org/org.graphql.ts';
import { UserRef } from '../user/user.graphql.ts';
import * as owned from './owner-hooks.service.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { CREATE_WEBHOOK_FIELDS, EDIT_WEBHOOK_FIELDS, WEBHOOK_SETTING_FIELDS } from './webhook.inputs.ts';
import { eventsArray, HOOK_EVENT_MODES } from './webhook.rules.ts';
import * as hooks from './webhook.service.ts';

inputFromTable('WebhookSettingInput', WEBHOOK_SETTING_FIELDS);

const WebhookEventMode = enumFromValues('WebhookEventMode', HOOK_EVENT_MODES, "What a webhook listens to (Gitea's HookEvent): only pushes, every event, or the events it chose.");

const CreateWebhookInput = inputFromTable('CreateWebhookInput', CREATE_WEBHOOK_FIELDS);
const EditWebhookInput = inputFromTable('EditWebhookInput', EDIT_WEBHOOK_FIELDS);

const WebhookSettingRef = builder.objectRef<{ name: string; value: string }>('WebhookSetting').implement({
  description: "One config member of a hook's type (Slack's channel, Matrix's room_id, ...).",
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeString('value') }),
});

const HookDeliveryRef = builder.objectRef<Omit<HookTask, 'payload'>>('WebhookDelivery').implement({
  description: 'One delivery of a webhook: its event, its attempts and the last answer.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    uuid: t.exposeString('uuid', { description: 'Sent as X-Gitea-Delivery.' }),
    event: t.exposeString('event'),
    eventType: t.exposeString('eventType'),
    attempts: t.exposeInt('attempts'),
    delivered: t.exposeBoolean('delivered', { description: 'True once answered 2xx or given up after webhook.MAX_ATTEMPTS.' }),
    succeeded: t.exposeBoolean('succeeded'),
    responseStatus: t.exposeInt('responseStatus', { nullable: true, description: 'The last attempt\'s HTTP status; null when it got no answer.' }),
    responseBody: t.exposeString('responseBody', { description: 'The start of the last answer, or why no answer came.' }),
    nextAttemptAt: t.expose('nextAttemptAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true }),
  }),
});

const HookDeliveryConnection = builder.connectionObject({
  type: HookDeliveryRef,
  name: 'WebhookDeliveryConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const DeliveryRequestRef = builder
  .objectRef<{ method: string; url: string; headers: { name: string; value: string }[]; body: string; notSent: string | null }>('WebhookDeliveryRequest')
  .implement({
    description: "The request a delivery makes, as the hook's current settings make it (the Authorization header masked).",
    fields: (t) => ({
      method: t.exposeString('method'),
      url: t.exposeString('url'),
      headers: t.field({ type: [WebhookSettingRef], resolve: (r) => r.headers }),
      body: t.exposeString('body'),
      notSent: t.exposeString('notSent', { nullable: true, description: 'Why no request is sent for this delivery (the hook has no message for its event); null when one is.' }),
    }),
  });

export const WebhookRef = builder.objectRef<hooks.WebhookView>('Webhook').implement({
  description: "A webhook: where the events of a repository, of an account's repositories or of every repository are delivered. Its secret is never shown.",
  fields: (t) => ({
    databaseId: t.int({ resolve: (v) => v.hook.id }),
    type: t.string({ description: 'gitea or gogs, or the service the hook speaks to (slack, discord, matrix, ...).', resolve: (v) => v.hook.type }),
    settings: t.field({
      type: [WebhookSettingRef],
      description: "The config members of the hook's type, empty when not set; tokens are never shown.",
      resolve: (v) => hooks.publicSettings(v.hook),
    }),
    name: t.string({ resolve: (v) => v.hook.name }),
    url: t.string({ resolve: (v) => v.hook.url }),
    contentType: t.string({ description: 'json or form.', resolve: (v) => v.hook.contentType }),
    httpMethod: t.string({ resolve: (v) => v.hook.httpMethod }),
    eventMode: t.field({ type: WebhookEventMode, resolve: (v) => hooks.hookSelection(v.hook).mode }),
    chosenEvents: t.stringList({ description: 'For choose_events: the events chosen, in Gitea\'s order; empty in the other modes.', resolve: (v) => hooks.hookSelection(v.hook).chosen }),
    events: t.stringList({
      description: "The events list Gitea's API answers: every event for send_everything, push for push_only, the chosen ones otherwise.",
      resolve: (v) => eventsArray(hooks.hookSelection(v.hook)),
    }),
    branchFilter: t.string({ resolve: (v) => v.hook.branchFilter }),
    authorizationHeader: t.string({ resolve: (v) => v.hook.authorizationHeader }),
    active: t.boolean({ resolve: (v) => v.hook.active }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.hook.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (v) => v.hook.updatedAt }),
    kind: t.string({ description: 'repo, owner (an account\'s hook), system (every repository) or default (copied into each new repository).', resolve: (v) => v.hook.kind }),
    repository: t.field({ type: RepositoryRef, nullable: true, description: 'The repository of a repository hook.', resolve: (v) => v.repo }),
    ownerLogin: t.string({ nullable: true, description: 'The user or organization of an owner hook.', resolve: (v) => v.owner?.login ?? null }),
    deliveries: t.connection(
      {
        type: HookDeliveryRef,
        description: 'The delivery log of the hook, newest first.',
        complexity: connectionComplexity,
        resolve: (v, page, ctx) => offsetConnection(page, (window) => owned.listDeliveries(ctx, v, window)),
      },
      HookDeliveryConnection,
    ),
    deliveryRequest: t.field({
      type: DeliveryRequestRef,
      nullable: true,
      description: "The request one delivery of the hook makes (method, URL, headers, body), as the hook's current settings make it; null when the hook has no delivery of that databaseId.",
      args: { id: t.arg.int({ required: true, description: "The delivery's databaseId." }) },
      resolve: (v, { id }, ctx) => owned.deliveryRequestOf(ctx, v, id),
    }),
  }),
});

const WebhookConnection = builder.connectionObject({
  type: WebhookRef,
  name: 'WebhookConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(RepositoryRef, (t) => ({
  webhooks: t.connection(
    {
      type: WebhookRef,
      tokenScope: 'read:repository',
      description: "The repository's webhooks, oldest first; for its admins only (FORBIDDEN otherwise).",
      complexity: connectionComplexity,
      resolve: async (repo, page, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(page, (window) => hooks.listWebhooks(ctx, full, window));
      },
    },
    WebhookConnection,
  ),
  webhook: t.field({
    type: WebhookRef,
    nullable: true,
    tokenScope: 'read:repository',
    description: 'One webhook of the repository, by its databaseId; null when it has none such. For its admins only.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (repo, { id }, ctx) => {
      const full = await withOwner(ctx, repo);
      return lookup(ctx, () => hooks.getWebhook(ctx, full, id), () => `webhook ${id} does not exist`);
    },
  }),
}));

builder.mutationFields((t) => {
  const repoArgs = () => ({ owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) });
  return {
    createWebhook: t.field({
      type: WebhookRef,
      tokenScope: 'write:repository',
      description: 'Adds a webhook to a repository (its admins only).',
      args: { ...repoArgs(), input: t.arg({ type: CreateWebhookInput, required: true }) },
      resolve: (_root, { owner, name, input }, ctx) => hooks.createWebhook(ctx, owner, name, input),
    }),
    editWebhook: t.field({
      type: WebhookRef,
      tokenScope: 'write:repository',
      description: 'Changes a webhook of a repository (its admins only); fields left out stay.',
      args: { ...repoArgs(), id: t.arg.int({ required: true }), input: t.arg({ type: EditWebhookInput, required: true }) },
      resolve: (_root, { owner, name, id, input }, ctx) => hooks.editWebhook(ctx, owner, name, id, input),
    }),
    deleteWebhook: t.boolean({
      tokenScope: 'write:repository',
      description: 'Deletes a webhook of a repository and its deliveries (its admins only).',
      args: { ...repoArgs(), id: t.arg.int({ required: true }) },
      resolve: async (_root, { owner, name, id }, ctx) => {
        await hooks.deleteWebhook(ctx, owner, name, id);
        return true;
      },
    }),
    redeliverWebhookDelivery: t.field({
      type: HookDeliveryRef,
      tokenScope: 'write:repository',
      description: "Sends a delivery again as a new delivery of the same hook, event and payload, with a new uuid (for the hook's readers: its repository's admins).",
      args: { id: t.arg.int({ required: true, description: "The delivery's databaseId." }) },
      resolve: (_root, { id }, ctx) => owned.redeliverDelivery(ctx, id),
    }),
    testWebhook: t.boolean({
      tokenScope: 'write:repository',
      description: "Sends a test delivery of a push to a webhook: the last commit of `ref` (the default branch when left out).",
      args: { ...repoArgs(), id: t.arg.int({ required: true }), ref: t.arg.string() },
      resolve: async (_root, { owner, name, id, ref }, ctx) => {
        await hooks.testWebhook(ctx, owner, name, id, ref);
        return true;
      },
    }),
  };
});

// ---- the hooks of accounts and of the site ----

const SiteWebhookTypeEnum = enumFromValues('SiteWebhookType', ['system', 'default', 'all'] as const, 'Which site hooks: system hooks, default hooks or both.');

/** The resolvers of an account's `webhooks` and `webhook(id)` (its owners, the user, site admins; FORBIDDEN otherwise). */
const accountHooks = async (ctx: GraphQLContext, account: User, page: ConnectionArgs) => {
  const scope = await owned.accountScope(ctx, account);
  return offsetConnection(page, (window) => owned.listScopeHooks(ctx, scope, window));
};
const accountHook = async (ctx: GraphQLContext, account: User, id: number) => {
  const scope = await owned.accountScope(ctx, account);
  return lookup(ctx, () => owned.getScopeHook(ctx, scope, id), () => `webhook ${id} does not exist`);
};

builder.objectFields(OrganizationRef, (t) => ({
  webhooks: t.connection(
    {
      type: WebhookRef,
      description: 'The webhooks of the organization (they get the events of every repository it owns), oldest first; for its owners.',
      complexity: connectionComplexity,
      resolve: (org, page, ctx) => accountHooks(ctx, org, page),
    },
    WebhookConnection,
  ),
  webhook: t.field({
    type: WebhookRef,
    nullable: true,
    description: 'One webhook of the organization by its databaseId; null when it has none such. For its owners.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (org, { id }, ctx) => accountHook(ctx, org, id),
  }),
}));

builder.objectFields(UserRef, (t) => ({
  webhooks: t.connection(
    {
      type: WebhookRef,
      tokenScope: 'read:user',
      description: 'The webhooks of the user (they get the events of every repository the user owns), oldest first; for the user.',
      complexity: connectionComplexity,
      resolve: (user, page, ctx) => accountHooks(ctx, user, page),
    },
    WebhookConnection,
  ),
  webhook: t.field({
    type: WebhookRef,
    nullable: true,
    tokenScope: 'read:user',
    description: 'One webhook of the user by its databaseId; null when there is none such. For the user.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (user, { id }, ctx) => accountHook(ctx, user, id),
  }),
}));

builder.queryFields((t) => ({
  adminWebhooks: t.connection(
    {
      type: WebhookRef,
      tokenScope: 'read:admin',
      description: 'The site hooks, oldest first (site admins only): system hooks unless `type` says otherwise.',
      complexity: connectionComplexity,
      args: { type: t.arg({ type: SiteWebhookTypeEnum }) },
      resolve: (_root, { type, ...page }, ctx) => {
        const scope = owned.siteScope(ctx);
        return offsetConnection(page, (window) => owned.listScopeHooks(ctx, scope, window, type ?? 'system'));
      },
    },
    WebhookConnection,
  ),
  adminWebhook: t.field({
    type: WebhookRef,
    nullable: true,
    tokenScope: 'read:admin',
    description: 'A system or default hook by its databaseId (site admins only); null when there is none such.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, { id }, ctx) => lookup(ctx, () => owned.getScopeHook(ctx, owned.siteScope(ctx), id), () => `webhook ${id} does not exist`),
  }),
}));


builder.mutationFields((t) => {
  const createInput = () => t.arg({ type: CreateWebhookInput, required: true });
  const editInput = () => t.arg({ type: EditWebhookInput, required: true });
  const org = () => t.arg.string({ required: true });
  const id = () => t.arg.int({ required: true });
  /** The edit and delete mutations of the hooks of a scope that needs no argument (the viewer's, the site's). */
  const editAndDelete = (name: 'User' | 'Admin', tokenScope: 'write:user' | 'write:admin', what: string, more: string, scopeOf: (ctx: GraphQLContext) => owned.HookScope) => ({
    [`edit${name}Webhook`]: t.field({
      type: WebhookRef,
      tokenScope,
      description: `Changes ${what}; fields left out stay.${more}`,
      args: { id: id(), input: editInput() },
      resolve: (_root, a, ctx) => owned.editScopeHook(ctx, scopeOf(ctx), a.id, a.input),
    }),
    [`delete${name}Webhook`]: t.boolean({
      tokenScope,
      description: `Deletes ${what} and its deliveries${name === 'Admin' ? '; copies of a default hook stay' : ''}.`,
      args: { id: id() },
      resolve: (_root, a, ctx) => owned.deleteScopeHook(ctx, scopeOf(ctx), a.id).then(() => true),
    }),
  });
  return {
    createOrganizationWebhook: t.field({
      type: WebhookRef,
      tokenScope: 'write:organization',
      description: "Adds a webhook to an organization (its owners only): it gets the events of every repository the organization owns.",
      args: { organization: org(), input: createInput() },
      resolve: async (_root, a, ctx) => owned.createScopeHook(ctx, await owned.organizationScope(ctx, a.organization), a.input),
    }),
    editOrganizationWebhook: t.field({
      type: WebhookRef,
      tokenScope: 'write:organization',
      description: 'Changes a webhook of an organization (its owners only); fields left out stay.',
      args: { organization: org(), id: id(), input: editInput() },
      resolve: async (_root, a, ctx) => owned.editScopeHook(ctx, await owned.organizationScope(ctx, a.organization), a.id, a.input),
    }),
    deleteOrganizationWebhook: t.boolean({
      tokenScope: 'write:organization',
      description: 'Deletes a webhook of an organization and its deliveries (its owners only).',
      args: { organization: org(), id: id() },
      resolve: async (_root, a, ctx) => owned.deleteScopeHook(ctx, await owned.organizationScope(ctx, a.organization), a.id).then(() => true),
    }),
    createUserWebhook: t.field({
      type: WebhookRef,
      tokenScope: 'write:user',
      description: "Adds a webhook to the viewer's account: it gets the events of every repository the viewer owns.",
      args: { input: createInput() },
      resolve: (_root, a, ctx) => owned.createScopeHook(ctx, owned.viewerScope(ctx), a.input),
    }),
    ...editAndDelete('User', 'write:user', "a webhook of the viewer's account", '', (ctx) => owned.viewerScope(ctx)),
    createAdminWebhook: t.field({
      type: WebhookRef,
      tokenScope: 'write:admin',
      description: 'Adds a site hook (site admins only): a system hook gets the events of every repository; a default hook is copied into each repository created afterwards.',
      args: { input: createInput(), system: t.arg.boolean({ description: 'A system hook (true) or a default hook (false, when left out).' }) },
      resolve: (_root, a, ctx) => owned.createScopeHook(ctx, owned.siteScope(ctx), a.input, a.system ?? false),
    }),
    ...editAndDelete('Admin', 'write:admin', 'a system or default hook (site admins only)', ' Copies of a default hook keep what they were made with.', (ctx) => owned.siteScope(ctx)),
  };
});
