import {
  CreateWebhookDocument,
  DeleteWebhookDocument,
  EditWebhookDocument,
  TestWebhookDocument,
  WebhookDocument,
  WebhooksDocument,
} from '../../__generated__/graphql.ts';
import { toHook } from '../../convert/webhook.ts';
import { invalid } from '../../../src/errors.ts';
import { created, defineOperation, found, list, noContent, ok } from '../../operation.ts';

/** A config member a create must carry (Gitea: 422 "Missing config option"). */
function required(config: Record<string, string>, key: string): string {
  const value = config[key];
  if (value === undefined) throw invalid(`missing config option: ${key}`);
  return value;
}

/** The config members beyond those every hook has: the type's own (its service takes those it knows). */
const COMMON_CONFIG = new Set(['url', 'content_type', 'http_method', 'secret']);
function typeSettings(config: Record<string, string>) {
  const settings = Object.entries(config).filter(([name]) => !COMMON_CONFIG.has(name));
  return settings.length > 0 ? settings.map(([name, value]) => ({ name, value: String(value) })) : null;
}

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
  variables: ({ params, body }) => {
    const config = body.config ?? {};
    return {
      owner: params.owner,
      name: params.repo,
      input: {
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
      },
    };
  },
  reply: ({ createWebhook }) => created(toHook(createWebhook)),
});

export const repoEditHook = defineOperation({
  operationId: 'repoEditHook',
  document: EditWebhookDocument,
  variables: ({ params, body }) => {
    const config = body.config ?? {};
    return {
      owner: params.owner,
      name: params.repo,
      id: params.id,
      input: {
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
      },
    };
  },
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
