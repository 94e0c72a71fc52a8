import { requireUser } from '../../auth/viewer.ts';
import type { Prisma, User, Webhook } from '../../db/models.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPermission, satisfies } from '../access/access.service.ts';
import { randomUUID } from 'node:crypto';
import { getRepository, getRepositoryById, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { HOOK_SERVICES, hookSettings } from './services/index.ts';
import type { CreateWebhookInput, EditWebhookInput } from './webhook.inputs.ts';
import { CONTENT_TYPES, HOOK_TYPES, HTTP_METHODS, isDeliverableUrl, parseSelection, selectionOf, storeSelection, type HookEventSelection } from './webhook.rules.ts';

/**
 * Repository webhooks (Gitea's routers/api/v1/repo/hook.go and utils/hook.go): for the repository's admins only.
 * A hook's deliveries are written by the follower of the bus (delivery.ts) and sent by its worker.
 */

/** A webhook row with the repository it belongs to (repository hooks) or the account (owner hooks); neither for site hooks. */
export interface WebhookView {
  hook: Webhook;
  repo: RepositoryWithOwner | null;
  owner?: User | null;
}

/** What a hook row listens to: its mode and the events it chose. */
export const hookSelection = (hook: Pick<Webhook, 'events'>): HookEventSelection => parseSelection(hook.events);

/** Refuses a viewer who is not an admin of the repository (403). */
export async function requireAdmin(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<void> {
  requireUser(ctx.viewer);
  if (!satisfies(await repositoryPermission(ctx, repo), 'admin')) throw forbidden("webhooks are for the repository's admins");
}

async function adminRepository(ctx: ServiceContext, owner: string, name: string): Promise<RepositoryWithOwner> {
  requireUser(ctx.viewer);
  return (await getRepository(ctx, owner, name, 'admin')).repo;
}

function checkType(type: string): string {
  if ((HOOK_TYPES as readonly string[]).includes(type)) return type;
  throw invalid(`invalid hook type: "${type}"`);
}

type SettingsInput = readonly { name: string; value: string }[] | null | undefined;

/**
 * The settings a hook of `type` keeps: those stored, changed by the members given that the type takes (others are
 * ignored, as Gitea ignores them), each checked by its service; 422 when one the type requires is missing.
 */
function checkSettings(type: string, given: SettingsInput, stored: Record<string, string> = {}): string {
  const rules = HOOK_SERVICES[type]?.settings ?? [];
  const settings: Record<string, string> = {};
  for (const rule of rules) {
    const value = given?.find((g) => g.name === rule.name)?.value ?? stored[rule.name];
    if (value === undefined) {
      if (rule.required) throw invalid(`missing config option: ${rule.name}`);
      continue;
    }
    settings[rule.name] = rule.normalize ? rule.normalize(value) : value;
  }
  return JSON.stringify(settings);
}

/** The settings a hook answers with: every one its type takes (empty when not set), never a secret one (tokens). */
export function publicSettings(hook: Pick<Webhook, 'type' | 'meta'>): { name: string; value: string }[] {
  const stored = hookSettings(hook);
  return (HOOK_SERVICES[hook.type]?.settings ?? []).filter((r) => !r.secret).map((r) => ({ name: r.name, value: stored[r.name] ?? '' }));
}

function checkUrl(url: string): string {
  if (!isDeliverableUrl(url)) throw invalid(`invalid url: "${url}" is no http(s) URL`);
  return url;
}

function checkContentType(contentType: string): string {
  if (!(CONTENT_TYPES as readonly string[]).includes(contentType)) throw invalid('invalid content type: json or form');
  return contentType;
}

function checkMethod(method: string | null | undefined): string {
  const upper = (method || 'POST').toUpperCase();
  if (!(HTTP_METHODS as readonly string[]).includes(upper)) throw invalid(`invalid http_method "${method}": POST, GET, PUT or PATCH`);
  return upper;
}

/** A repository's webhooks, oldest first. */
export async function listWebhooks(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow): Promise<Page<WebhookView>> {
  await requireAdmin(ctx, repo);
  const where: Prisma.WebhookWhereInput = { repoId: repo.id };
  const page = await pageFrom(ctx.db.webhook.findMany({ where, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }), ctx.db.webhook.count({ where }));
  return { ...page, items: page.items.map((hook) => ({ hook, repo })) };
}

/** One webhook of the repository; null when it has none with this id. */
export async function getWebhook(ctx: ServiceContext, repo: RepositoryWithOwner, id: number): Promise<WebhookView | null> {
  await requireAdmin(ctx, repo);
  const hook = await ctx.db.webhook.findFirst({ where: { id, repoId: repo.id } });
  return hook && { hook, repo };
}

/** The columns of a new hook (Gitea's addHook): 422 for a type, URL, content type or method Graft does not take. */
export function newHookData(input: CreateWebhookInput) {
  return {
    type: checkType(input.type),
    meta: checkSettings(input.type, input.settings),
    url: checkUrl(input.url),
    contentType: checkContentType(input.contentType),
    httpMethod: checkMethod(input.httpMethod),
    secret: input.secret ?? '',
    authorizationHeader: input.authorizationHeader ?? '',
    name: input.name ?? '',
    events: storeSelection(selectionOf(input.eventMode ?? 'choose_events', input.events)),
    branchFilter: input.branchFilter ?? '',
    active: input.active ?? false,
  } satisfies Omit<Prisma.WebhookUncheckedCreateInput, 'kind'>;
}

/** The changes of an edit (Gitea's editHook): what is left out stays; the same checks as a create. */
export function hookChanges(found: Webhook, input: EditWebhookInput): Prisma.WebhookUpdateInput {
  const data: Prisma.WebhookUpdateInput = {};
  if (input.url != null) data.url = checkUrl(input.url);
  if (input.contentType != null) data.contentType = checkContentType(input.contentType);
  if (input.httpMethod != null) data.httpMethod = checkMethod(input.httpMethod);
  if (input.secret != null) data.secret = input.secret;
  if (input.authorizationHeader != null) data.authorizationHeader = input.authorizationHeader;
  if (input.name != null) data.name = input.name;
  if (input.eventMode != null || input.events != null) {
    // A mode alone keeps the events chosen before; events alone choose them (choose_events).
    const mode = input.eventMode ?? 'choose_events';
    data.events = storeSelection(selectionOf(mode, input.events ?? hookSelection(found).chosen));
  }
  if (input.branchFilter != null) data.branchFilter = input.branchFilter;
  if (input.active != null) data.active = input.active;
  if (input.settings != null) data.meta = checkSettings(found.type, input.settings, hookSettings(found));
  return data;
}

/** Creates a repository webhook (Gitea's AddRepoHook). */
export async function createWebhook(ctx: ServiceContext, owner: string, name: string, input: CreateWebhookInput): Promise<WebhookView> {
  const repo = await adminRepository(ctx, owner, name);
  const hook = await ctx.db.webhook.create({ data: { kind: 'repo', repoId: repo.id, ...newHookData(input) } });
  await ctx.events.publish('webhook', { action: 'created', hookId: hook.id, repoId: repo.id, actorId: ctx.viewer.user!.id });
  return { hook, repo };
}

/** Changes a repository webhook (Gitea's EditRepoHook); what is left out stays. */
export async function editWebhook(ctx: ServiceContext, owner: string, name: string, id: number, input: EditWebhookInput): Promise<WebhookView> {
  const repo = await adminRepository(ctx, owner, name);
  const found = await ctx.db.webhook.findFirst({ where: { id, repoId: repo.id } });
  if (!found) throw notFound(`webhook ${id} does not exist`);
  const hook = await ctx.db.webhook.update({ where: { id }, data: hookChanges(found, input) });
  await ctx.events.publish('webhook', { action: 'edited', hookId: hook.id, repoId: repo.id, actorId: ctx.viewer.user!.id });
  return { hook, repo };
}

/** Deletes a repository webhook and its deliveries. */
export async function deleteWebhook(ctx: ServiceContext, owner: string, name: string, id: number): Promise<void> {
  const repo = await adminRepository(ctx, owner, name);
  const { count } = await ctx.db.webhook.deleteMany({ where: { id, repoId: repo.id } });
  if (count === 0) throw notFound(`webhook ${id} does not exist`);
  await ctx.events.publish('webhook', { action: 'deleted', hookId: id, repoId: repo.id, actorId: ctx.viewer.user!.id });
}

/**
 * Asks for a test delivery of a push to a hook (Gitea's TestHook): the last commit of `ref` (the default branch
 * when empty). The follower writes the delivery, whether the hook is active or not, as Gitea does.
 */
export async function testWebhook(ctx: ServiceContext, owner: string, name: string, id: number, ref: string | null | undefined): Promise<void> {
  const repo = await adminRepository(ctx, owner, name);
  const hook = await ctx.db.webhook.findFirst({ where: { id, repoId: repo.id } });
  if (!hook) throw notFound(`webhook ${id} does not exist`);
  await ctx.events.publish('webhook', { action: 'test', hookId: hook.id, repoId: repo.id, actorId: ctx.viewer.user!.id, ref: ref || repo.defaultBranch });
}
