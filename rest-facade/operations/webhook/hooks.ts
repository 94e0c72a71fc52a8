import {
  AdminWebhookDocument,
  AdminWebhooksDocument,
  CreateAdminWebhookDocument,
  CreateOrgWebhookDocument,
  CreateUserWebhookDocument,
  CreateWebhookDocument,
  DeleteAdminWebhookDocument,
  DeleteOrgWebhookDocument,
  DeleteUserWebhookDocument,
  EditAdminWebhookDocument,
  EditOrgWebhookDocument,
  EditUserWebhookDocument,
  OrgWebhookDocument,
  OrgWebhooksDocument,
  UserWebhookDocument,
  UserWebhooksDocument,
  DeleteWebhookDocument,
  EditWebhookDocument,
  TestWebhookDocument,
  WebhookDocument,
  WebhooksDocument,
} from '../../__generated__/graphql.ts';
import { toHook } from '../../convert/webhook.ts';
import type { RestSchema } from '../../convert/shape.ts';
import { invalid } from '../../../src/errors.ts';
import { parseGoBool } from '../../../src/domain/webhook/webhook.rules.ts';
import { created, defineOperation, found, list, noContent, ok } from '../../operation.ts';

/** A config member a create must carry (Gitea: 422 "Missing config option"). */
function required(config: Record<string, string>, key: string): string {
  const value = config[key];
  if (value === undefined) throw invalid(`missing config option: ${key}`);
  return value;
}

/** The config members beyond those every hook has: the type's own (its service takes those it knows). */
const COMMON_CONFIG = new Set(['url', 'content_type', 'http_method', 'secret', 'is_system_webhook']);
function typeSettings(config: Record<string, string>) {
  const settings = Object.entries(config).filter(([name]) => !COMMON_CONFIG.has(name));
  return settings.length > 0 ? settings.map(([name, value]) => ({ name, value: String(value) })) : null;
}

/** config.is_system_webhook of a site hook: a system hook when true, a default hook when false or empty (422 otherwise). */
function isSystemHook(value: string | undefined): boolean {
  if (!value) return false;
  const system = parseGoBool(value);
  if (system === null) throw invalid(`invalid is_system_webhook value: "${value}"`);
  return system;
}

type CreateBody = RestSchema<'CreateHookOption'>;
type EditBody = RestSchema<'EditHookOption'>;

/** A CreateHookOption as the create mutations' input. */
function createInput(body: CreateBody) {
  const config = body.config ?? {};
  return {
    type: body.type,
    url: required(config, 'url'),
    contentType: required(config, 'content_type'),
    httpMethod: config.http_method ?? null,
    secret: config.secret ?? null,
    authorizationHeader: body.authorization_header ?? null,
    name: body.name ?? null,
    eventMode: 'choose_events' as const,
    events: body.events ?? null,
    branchFilter: body.branch_filter ?? null,
    active: body.active ?? false,
    settings: typeSettings(config),
  };
}

/** An EditHookOption as the edit mutations' input: members left out are null (they stay), but for the events. */
function editInput(body: EditBody) {
  const config = body.config ?? {};
  return {
    url: config.url ?? null,
    contentType: config.content_type ?? null,
    httpMethod: config.http_method ?? null,
    secret: config.secret ?? null,
    authorizationHeader: body.authorization_header ?? null,
    name: body.name ?? null,
    // Gitea's edit sets the events every time: none sent means push only, whatever was chosen before.
    eventMode: 'choose_events' as const,
    events: body.events ?? [],
    branchFilter: body.branch_filter ?? null,
    active: body.active ?? null,
    settings: typeSettings(config),
  };
}

/** The variables of the get, edit and delete of a hook named by its id alone (the caller's, the site's). */
const byId = ({ params }: { params: { id: number } }) => ({ id: params.id });
const editById = ({ params, body }: { params: { id: number }; body: EditBody }) => ({ id: params.id, input: editInput(body) });

export const repoListHooks = defineOperation({
  operationId: 'repoListHooks',
  document: WebhooksDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, ...page }),
  reply: ({ repository }) => list(found(repository).webhooks, toHook),
});

export const repoGetHook = defineOperation({
  operationId: 'repoGetHook',
  document: WebhookDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id }),
  reply: ({ repository }) => ok(toHook(found(found(repository).webhook))),
});

export const repoCreateHook = defineOperation({
  operationId: 'repoCreateHook',
  document: CreateWebhookDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, input: createInput(body) }),
  reply: ({ createWebhook }) => created(toHook(createWebhook)),
});

export const repoEditHook = defineOperation({
  operationId: 'repoEditHook',
  document: EditWebhookDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, id: params.id, input: editInput(body) }),
  reply: ({ editWebhook }) => ok(toHook(editWebhook)),
});

export const repoDeleteHook = defineOperation({
  operationId: 'repoDeleteHook',
  document: DeleteWebhookDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id }),
  reply: () => noContent(),
});

export const repoTestHook = defineOperation({
  operationId: 'repoTestHook',
  document: TestWebhookDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, id: params.id, ref: query.ref || null }),
  reply: () => noContent(),
});

export const orgListHooks = defineOperation({
  operationId: 'orgListHooks',
  document: OrgWebhooksDocument,
  paged: true,
  variables: ({ params, page }) => ({ org: params.org, ...page }),
  reply: ({ organization }) => list(found(organization).webhooks, toHook),
});

export const orgGetHook = defineOperation({
  operationId: 'orgGetHook',
  document: OrgWebhookDocument,
  variables: ({ params }) => ({ org: params.org, id: params.id }),
  reply: ({ organization }) => ok(toHook(found(found(organization).webhook))),
});

export const orgCreateHook = defineOperation({
  operationId: 'orgCreateHook',
  document: CreateOrgWebhookDocument,
  variables: ({ params, body }) => ({ org: params.org, input: createInput(body) }),
  reply: ({ createOrganizationWebhook }) => created(toHook(createOrganizationWebhook)),
});

export const orgEditHook = defineOperation({
  operationId: 'orgEditHook',
  document: EditOrgWebhookDocument,
  variables: ({ params, body }) => ({ org: params.org, id: params.id, input: editInput(body) }),
  reply: ({ editOrganizationWebhook }) => ok(toHook(editOrganizationWebhook)),
});

export const orgDeleteHook = defineOperation({
  operationId: 'orgDeleteHook',
  document: DeleteOrgWebhookDocument,
  variables: ({ params }) => ({ org: params.org, id: params.id }),
  reply: () => noContent(),
});

export const userListHooks = defineOperation({
  operationId: 'userListHooks',
  document: UserWebhooksDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ viewer }) => list(found(viewer).webhooks, toHook),
});

export const userGetHook = defineOperation({
  operationId: 'userGetHook',
  document: UserWebhookDocument,
  variables: byId,
  reply: ({ viewer }) => ok(toHook(found(found(viewer).webhook))),
});

export const userCreateHook = defineOperation({
  operationId: 'userCreateHook',
  document: CreateUserWebhookDocument,
  variables: ({ body }) => ({ input: createInput(body) }),
  reply: ({ createUserWebhook }) => created(toHook(createUserWebhook)),
});

export const userEditHook = defineOperation({
  operationId: 'userEditHook',
  document: EditUserWebhookDocument,
  variables: editById,
  reply: ({ editUserWebhook }) => ok(toHook(editUserWebhook)),
});

export const userDeleteHook = defineOperation({
  operationId: 'userDeleteHook',
  document: DeleteUserWebhookDocument,
  variables: byId,
  reply: () => noContent(),
});

export const adminListHooks = defineOperation({
  operationId: 'adminListHooks',
  document: AdminWebhooksDocument,
  paged: true,
  variables: ({ query, page }) => ({ type: query.type ?? null, ...page }),
  reply: ({ adminWebhooks }) => list(adminWebhooks, toHook),
});

export const adminGetHook = defineOperation({
  operationId: 'adminGetHook',
  document: AdminWebhookDocument,
  variables: byId,
  reply: ({ adminWebhook }) => ok(toHook(found(adminWebhook))),
});

export const adminCreateHook = defineOperation({
  operationId: 'adminCreateHook',
  document: CreateAdminWebhookDocument,
  variables: ({ body }) => ({ system: isSystemHook(body.config?.is_system_webhook), input: createInput(body) }),
  reply: ({ createAdminWebhook }) => created(toHook(createAdminWebhook)),
});

export const adminEditHook = defineOperation({
  operationId: 'adminEditHook',
  document: EditAdminWebhookDocument,
  variables: editById,
  reply: ({ editAdminWebhook }) => ok(toHook(editAdminWebhook)),
});

export const adminDeleteHook = defineOperation({
  operationId: 'adminDeleteHook',
  document: DeleteAdminWebhookDocument,
  variables: byId,
  reply: () => noContent(),
});
