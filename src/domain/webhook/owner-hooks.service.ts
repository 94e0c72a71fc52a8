import { randomUUID } from 'node:crypto';
import { requireSelfOrAdmin, requireSiteAdmin, requireUser } from '../../auth/viewer.ts';
import type { HookTask, Prisma, User, Webhook } from '../../db/models.ts';
import { forbidden, notFound } from '../../errors.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { isOrganizationOwner } from '../access/access.service.ts';
import { getOwnedOrganization } from '../org/org.service.ts';
import { getRepositoryById } from '../repo/repo.service.ts';
import { deliveryRequest } from './delivery.ts';
import type { CreateWebhookInput, EditWebhookInput } from './webhook.inputs.ts';
import { hookChanges, newHookData, requireAdmin, type WebhookView } from './webhook.service.ts';

/**
 * The hooks of an account and the site's hooks (Gitea's routers/api/v1/{org,user,admin}/hook*.go):
 * - an organization's hooks get the events of every repository it owns; its owners (and site admins) manage
 *   them, other members are refused (403), as Gitea's reqOrgOwnership;
 * - a user's hooks get the events of every repository the user owns; only the user manages them;
 * - system hooks get the events of every repository; default hooks deliver nothing themselves: each is copied
 *   into every repository created afterwards (default-hooks.ts). Site admins only.
 * A hook id of another owner (or another kind) is 404.
 */

/** Whose hooks: an account's, or the site's (system and default hooks). */
export type HookScope = { kind: 'owner'; owner: User } | { kind: 'site' };

/** Which site hooks a list shows (Gitea's `type` of GET /admin/hooks; system by default). */
export type SiteHookType = 'system' | 'default' | 'all';

const SITE_KINDS: Record<SiteHookType, string[]> = { system: ['system'], default: ['default'], all: ['system', 'default'] };

/** An organization's hooks, for its owners: 404 when the organization is not visible, 403 for others. */
export async function organizationScope(ctx: ServiceContext, login: string): Promise<HookScope> {
  return { kind: 'owner', owner: await getOwnedOrganization(ctx, login) };
}

/** The viewer's own hooks. */
export function viewerScope(ctx: ServiceContext): HookScope {
  return { kind: 'owner', owner: requireUser(ctx.viewer) };
}

/** The site's hooks: site admins only (403). */
export function siteScope(ctx: ServiceContext): HookScope {
  requireSiteAdmin(ctx.viewer);
  return { kind: 'site' };
}

/** Whether the viewer may manage an account's hooks: an organization's owners, or the user (site admins both). */
async function mayManageOwnerHooks(ctx: ServiceContext, owner: User): Promise<boolean> {
  if (owner.type === 'organization') return isOrganizationOwner(ctx, owner);
  requireSelfOrAdmin(ctx.viewer, owner);
  return true;
}

/** The scope of a user's or organization's hooks as GraphQL reads them (its owners, the user, site admins). */
export async function accountScope(ctx: ServiceContext, owner: User): Promise<HookScope> {
  requireUser(ctx.viewer);
  if (!(await mayManageOwnerHooks(ctx, owner))) throw forbidden(`you must be an owner of ${owner.login}`);
  return { kind: 'owner', owner };
}

/** Refuses a viewer who may not manage a hook of an account or of the site (its deliveries are theirs to read). */
export async function requireHookManager(ctx: ServiceContext, view: WebhookView): Promise<void> {
  if (view.owner) await accountScope(ctx, view.owner);
  else siteScope(ctx);
}

function scopeWhere(scope: HookScope, type: SiteHookType = 'all'): Prisma.WebhookWhereInput {
  return scope.kind === 'owner' ? { kind: 'owner', ownerId: scope.owner.id } : { kind: { in: SITE_KINDS[type] } };
}

const viewOf = (scope: HookScope) => (hook: Webhook): WebhookView => ({ hook, repo: null, owner: scope.kind === 'owner' ? scope.owner : null });

/** The hooks of a scope, oldest first; `type` chooses the site hooks shown. */
export async function listScopeHooks(ctx: ServiceContext, scope: HookScope, window: PageWindow, type?: SiteHookType): Promise<Page<WebhookView>> {
  const where = scopeWhere(scope, type);
  const page = await pageFrom(ctx.db.webhook.findMany({ where, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }), ctx.db.webhook.count({ where }));
  return { ...page, items: page.items.map(viewOf(scope)) };
}

/** One hook of a scope; null when it has none with this id. */
export async function getScopeHook(ctx: ServiceContext, scope: HookScope, id: number): Promise<WebhookView | null> {
  const hook = await ctx.db.webhook.findFirst({ where: { id, ...scopeWhere(scope) } });
  return hook && viewOf(scope)(hook);
}

/** Adds a hook to a scope (Gitea's AddOwnerHook, AddSystemHook); `system` chooses a site hook's kind. */
export async function createScopeHook(ctx: ServiceContext, scope: HookScope, input: CreateWebhookInput, system = false): Promise<WebhookView> {
  const data = newHookData(input);
  const hook = await ctx.db.webhook.create({
    data: scope.kind === 'owner' ? { ...data, kind: 'owner', ownerId: scope.owner.id } : { ...data, kind: system ? 'system' : 'default' },
  });
  await ctx.events.publish('webhook', { action: 'created', hookId: hook.id, repoId: null, actorId: requireUser(ctx.viewer).id });
  return viewOf(scope)(hook);
}

/** Changes a hook of a scope; what is left out stays. A site hook stays system or default (as Gitea's API). */
export async function editScopeHook(ctx: ServiceContext, scope: HookScope, id: number, input: EditWebhookInput): Promise<WebhookView> {
  const found = await ctx.db.webhook.findFirst({ where: { id, ...scopeWhere(scope) } });
  if (!found) throw notFound(`webhook ${id} does not exist`);
  const hook = await ctx.db.webhook.update({ where: { id }, data: hookChanges(found, input) });
  await ctx.events.publish('webhook', { action: 'edited', hookId: id, repoId: null, actorId: requireUser(ctx.viewer).id });
  return viewOf(scope)(hook);
}

/** Deletes a hook of a scope and its deliveries; copies of a default hook stay (they are the repositories' own). */
export async function deleteScopeHook(ctx: ServiceContext, scope: HookScope, id: number): Promise<void> {
  const { count } = await ctx.db.webhook.deleteMany({ where: { id, ...scopeWhere(scope) } });
  if (count === 0) throw notFound(`webhook ${id} does not exist`);
  await ctx.events.publish('webhook', { action: 'deleted', hookId: id, repoId: null, actorId: requireUser(ctx.viewer).id });
}

/** A hook's deliveries, newest first, without their payloads (for those who may manage the hook). */
export async function listDeliveries(ctx: ServiceContext, view: WebhookView, window: PageWindow): Promise<Page<Omit<HookTask, 'payload'>>> {
  if (view.repo) await requireAdmin(ctx, view.repo);
  else await requireHookManager(ctx, view);
  const where: Prisma.HookTaskWhereInput = { hookId: view.hook.id };
  return pageFrom(
    ctx.db.hookTask.findMany({ where, omit: { payload: true }, orderBy: { id: 'desc' }, skip: window.offset, take: window.limit }),
    ctx.db.hookTask.count({ where }),
  );
}

/** The request one delivery of the hook makes (for the delivery log), or null when the hook has no such delivery; for those who may read its deliveries. */
export async function deliveryRequestOf(ctx: ServiceContext, view: WebhookView, id: number) {
  if (view.repo) await requireAdmin(ctx, view.repo);
  else await requireHookManager(ctx, view);
  const task = await ctx.db.hookTask.findFirst({ where: { id, hookId: view.hook.id } });
  if (!task) return null;
  const request = deliveryRequest(view.hook, task);
  return typeof request === 'string' ? { method: '', url: view.hook.url, headers: [], body: '', notSent: request } : { ...request, notSent: null };
}

/**
 * Sends a delivery again (Gitea's replay of a hook task): a new delivery of the same hook with the same event and
 * payload and a new uuid, sent by the worker as any other. For those who may manage the hook.
 */
export async function redeliverDelivery(ctx: ServiceContext, id: number): Promise<Omit<HookTask, 'payload'>> {
  const actor = requireUser(ctx.viewer);
  const task = await ctx.db.hookTask.findUnique({ where: { id }, include: { hook: { include: { owner: true } } } });
  if (!task) throw notFound(`webhook delivery ${id} does not exist`);
  const repo = task.hook.repoId === null ? null : (await getRepositoryById(ctx, task.hook.repoId)).repo;
  if (repo) await requireAdmin(ctx, repo);
  else await requireHookManager(ctx, { hook: task.hook, repo: null, owner: task.hook.owner });
  const { payload: _payload, ...replayed } = await ctx.db.hookTask.create({
    data: { hookId: task.hookId, uuid: randomUUID(), event: task.event, eventType: task.eventType, payload: task.payload },
  });
  await ctx.events.publish('webhook', { action: 'redelivered', hookId: task.hookId, repoId: repo?.id ?? null, actorId: actor.id });
  return replayed;
}
